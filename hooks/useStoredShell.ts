import Cookies from 'js-cookie';
import type { ShellProps } from '@/lib/wire';
import { COOKIE } from '@/lib/cookies';
import { offersOf, VISITOR_OFFERS } from '@/lib/navigation';
import { storedLibrary, storedToken, storedUser } from '@/lib/browser-storage';
import { useHydrated } from './useHydrated';

const SIGNED_OUT: ShellProps = { signedIn: false, userName: '', library: null, hasPassword: false, offers: VISITOR_OFFERS };

/**
 * The header's props from what the browser stored at sign-in, for static pages (404, errors) that have no server
 * data: signed out while rendering on the server, the member's name and library once the page runs.
 */
export function useStoredShell(): ShellProps {
  const hydrated = useHydrated();
  if (!hydrated) return SIGNED_OUT;
  if (Cookies.get(COOKIE.isLoggedIn) !== '1' || !storedToken()) return SIGNED_OUT;
  const user = storedUser();
  return {
    signedIn: true,
    userName: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
    library: storedLibrary(),
    // Not stored in the browser; the shorter menu (without manage-password) is the safe one.
    hasPassword: false,
    // The flags' cookies: a hint for a static page's links, which lead through the server's own checks.
    offers: offersOf({ isNewspaper: Cookies.get(COOKIE.isNewspaper) ?? 0, isJournal: Cookies.get(COOKIE.isJournal) ?? 0 }),
  };
}
