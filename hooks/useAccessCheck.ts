import Cookies from 'js-cookie';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { COOKIE } from '@/lib/cookies';
import { decideGate } from '@/lib/gate';
import { isOpenRoute, VALIDATE_USER_NO_LIBRARY } from '@/lib/routes';
import { accessCheckDue, markAccessChecked, saveSession, storedExpiration } from '@/services/session';
import { loadPage } from '@/services/navigation';
import { storedToken } from '@/services/token';

/**
 * SPEC §4 rule 4: when no accessCheck is stored (or it is a day old), the library access check runs
 * and its outcome is applied: no library -> type 1; redirect home -> store and go to /; success ->
 * store and apply rules 2 and 3.
 */
export function useAccessCheck(enabled: boolean): void {
  const router = useRouter();
  useEffect(() => {
    if (!enabled || isOpenRoute(router.asPath) || !storedToken() || !accessCheckDue()) return;
    let cancelled = false;
    const run = async () => {
      try {
        // Loaded when the daily check is due, so the call code (and axios) is not part of every page.
        const { libraryAccessCheck } = await import('@/services/user');
        const result = await libraryAccessCheck(Number(Cookies.get(COOKIE.libraryId) ?? 0));
        if (cancelled) return;
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
        const decision = decideGate(
          router.asPath,
          { libraryId: String(result.info?.libid ?? 0), expiresAt: storedExpiration() },
          Math.floor(Date.now() / 1000),
        );
        if (decision.action === 'redirect') await router.replace(decision.to);
      } catch {
        // An unreachable service leaves the page as it is; the check runs again on the next load.
      }
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [enabled, router]);
}
