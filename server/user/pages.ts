import { sql } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { loginPath } from '@/lib/sign-in-paths';
import { parseSignInMethods, SIGN_IN_METHODS, type SignInMethod } from '@/lib/sign-in-methods';
import { canDeliver } from '../auth/delivery';
import { hasSso } from '../auth/sso';
import { cached } from '../cache';
import { getDb } from '../db/client';
import { libraries, type Library } from '../db/schema';
import { cachedLibrary } from '../context/viewer';
import { param, type PageContext } from '../context';

/** How many libraries keep a card list, have SSO, and offer each sign-in method; kept like the rows it counts. */
function libraryCounts() {
  // Kept like the library rows it counts (server/cache, dropped by libraryChanged), instead of a count per visit.
  return cached('sign-in-ways', 'counts', async () => {
    const offers = (method: SignInMethod) => sql<number>`count(*) filter (where ${method} = any(string_to_array(${libraries.signInMethods}, ',')))::int`;
    const [counts] = await getDb()
      .select({
        lists: sql<number>`count(*) filter (where ${libraries.cardMode} = 'list')::int`,
        ssos: sql<number>`count(*) filter (where coalesce(${libraries.oidcIssuer}, '') <> '' and coalesce(${libraries.oidcClientId}, '') <> '')::int`,
        password: offers('password'),
        email: offers('email'),
        mobile: offers('mobile'),
      })
      .from(libraries);
    return counts;
  });
}

/**
 * The password, email code and mobile code ways a sign-in screen offers: the named library's own choice, or, with
 * no library named (the member's library is not known until they sign in), every way some library offers.
 */
export async function offeredMethods(library: Library | null, named: boolean): Promise<SignInMethod[]> {
  if (named && library) return parseSignInMethods(library.signInMethods);
  const counts = await libraryCounts();
  return SIGN_IN_METHODS.filter((method) => counts[method] > 0);
}

/**
 * The ways in /login offers for a library: the password whenever the library offers it, email and mobile codes where
 * the library offers them and they can be delivered, the library card page when this library takes cards (or, with no library
 * named, when any library keeps a card list), SSO when this library has a provider (or, with none named, when any
 * library has one).
 */
export async function signInWays(library: Library | null, named: boolean) {
  const methods = await offeredMethods(library, named);
  let card: string | null = library && library.cardMode !== 'none' ? loginPath('librarycard', library.id) : null;
  let sso: string | null = library && hasSso(library) ? loginPath('sso', library.id) : null;
  if (!named && (!card || !sso)) {
    const counts = await libraryCounts();
    if (!card && counts.lists > 0) card = loginPath('librarycard');
    if (!sso && counts.ssos > 0) sso = loginPath('sso');
  }
  // The password path starts at /login/email too; it never waits on mail, so it needs no mail server.
  const email = (canDeliver('email') && methods.includes('email')) || methods.includes('password');
  return { email, mobile: canDeliver('mobile') && methods.includes('mobile'), card, sso };
}

/** What /login/email offers: a code by email (when mail can be delivered), the password, or both, for the library `?lib=` names (else any). */
export async function emailWays(libraryId: number | null) {
  const library = libraryId ? await cachedLibrary(libraryId) : null;
  const methods = await offeredMethods(library, Boolean(library));
  return { code: canDeliver('email') && methods.includes('email'), password: methods.includes('password') };
}

/** Whether the library `?lib=` names offers a method (true when none is named, or no such library exists). */
export async function namedLibraryOffers(libraryId: number | null, method: SignInMethod): Promise<boolean> {
  const library = libraryId ? await cachedLibrary(libraryId) : null;
  return !library || parseSignInMethods(library.signInMethods).includes(method);
}

/**
 * The loader of a partner landing page (declared `withPage({ access: 'open', session: false }, ...)`: the page is the
 * same for everyone, so it shows the signed-out header and does not read the session): the link's token from
 * `?randomtoken=` (or a route part).
 */
export function partnerLanding(partner: string, tokenFrom: 'query' | 'param' = 'query') {
  return async (page: PageContext<'open'>, ctx: GetServerSidePropsContext) => {
    const raw = tokenFrom === 'param' ? param(ctx, 'param') : param(ctx, 'randomtoken');
    const token = /^[A-Za-z0-9_-]{16,200}$/.test(raw) ? raw : null;
    const mid = Number(param(ctx, 'mid'));
    return {
      props: {
        shell: await page.shell(),
        partner,
        token,
        magazineId: Number.isInteger(mid) && mid > 0 ? mid : null,
      },
    };
  };
}
