import { sql } from 'drizzle-orm';
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
  const lib = library ? `?lib=${library.id}` : '';
  let card: string | null = library && library.cardMode !== 'none' ? `/login/librarycard${lib}` : null;
  let sso: string | null = library && hasSso(library) ? `/login/sso${lib}` : null;
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
    if (!card && row.lists > 0) card = '/login/librarycard';
    if (!sso && row.ssos > 0) sso = '/login/sso';
  }
  return { email: canDeliver('email'), mobile: canDeliver('mobile'), card, sso };
}
