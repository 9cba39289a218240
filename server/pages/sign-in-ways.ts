import { sql } from 'drizzle-orm';
import { loginPath } from '@/lib/routes';
import { canDeliver } from '../auth/delivery';
import { hasSso } from '../auth/sso';
import { cached } from '../cache';
import { getDb } from '../db/client';
import { libraries, type Library } from '../db/schema';

/**
 * The ways in /login offers for a library: email and mobile codes wherever they can be delivered, the library
 * card page when this library takes cards (or, with no library named, when any library keeps a card list),
 * SSO when this library has a provider (or, with none named, when any library has one).
 */
export async function signInWays(library: Library | null, named: boolean) {
  let card: string | null = library && library.cardMode !== 'none' ? loginPath('librarycard', library.id) : null;
  let sso: string | null = library && hasSso(library) ? loginPath('sso', library.id) : null;
  if (!named && (!card || !sso)) {
    // Kept like the library rows it counts (server/cache), instead of a count over every library per visit.
    const row = await cached('sign-in-ways', 'counts', async () => {
      const [counts] = await getDb()
        .select({
          lists: sql<number>`count(*) filter (where ${libraries.cardMode} = 'list')::int`,
          ssos: sql<number>`count(*) filter (where coalesce(${libraries.oidcIssuer}, '') <> '' and coalesce(${libraries.oidcClientId}, '') <> '')::int`,
        })
        .from(libraries);
      return counts;
    });
    if (!card && row.lists > 0) card = loginPath('librarycard');
    if (!sso && row.ssos > 0) sso = loginPath('sso');
  }
  return { email: canDeliver('email'), mobile: canDeliver('mobile'), card, sso };
}
