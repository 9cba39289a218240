import Cookies from 'js-cookie';
import type { NextRouter } from 'next/router';
import { COOKIE } from '@/lib/cookies';
import { decideGate, isOpenRoute } from '@/lib/gate';
import { VALIDATE_USER_NO_LIBRARY } from '@/lib/paths';
import { loadPage } from '@/hooks/page-load';
import { saveSession } from '@/lib/stored-session';
import { markAccessChecked, storedExpiration } from '@/lib/browser-storage';
import { libraryAccessCheck } from '@/services/user';

/**
 * useAccessCheck's work, loaded only when the daily check is due, so the gate's rules, the session code, js-cookie and
 * the call's code are not part of every page. `cancelled` says the page has moved on meanwhile.
 */
export async function runAccessCheck(router: NextRouter, cancelled: () => boolean): Promise<void> {
  if (isOpenRoute(router.asPath)) return;
  try {
    const result = await libraryAccessCheck(Number(Cookies.get(COOKIE.libraryId) ?? 0));
    if (cancelled()) return;
    if (result.isNoLibrary || (result.isError && !result.isRedirectHome)) {
      await router.replace(VALIDATE_USER_NO_LIBRARY);
      return;
    }
    if (result.info) saveSession(result.info);
    markAccessChecked();
    if (result.isRedirectHome) {
      // The session now reads through another library: load home afresh from the server.
      loadPage('/');
      return;
    }
    const decision = decideGate(router.asPath, { libraryId: String(result.info?.libid ?? 0), expiresAt: storedExpiration() }, Math.floor(Date.now() / 1000));
    if (decision.action === 'redirect') await router.replace(decision.to);
  } catch {
    // An unreachable service leaves the page as it is; the check runs again on the next load.
  }
}
