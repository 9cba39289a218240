import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { accessCheckDue, storedToken } from '@/lib/browser-storage';

/**
 * SPEC §4 rule 4: when no accessCheck is stored (or it is a day old), the library access check runs
 * and its outcome is applied: no library -> type 1; redirect home -> store and go to /; success ->
 * store and apply rules 2 and 3.
 */
export function useAccessCheck(enabled: boolean): void {
  const router = useRouter();
  useEffect(() => {
    if (!enabled || !storedToken() || !accessCheckDue()) return;
    let cancelled = false;
    void (async () => {
      try {
        const { runAccessCheck } = await import('./access-check');
        await runAccessCheck(router, () => cancelled);
      } catch {
        // The check's code did not load (offline): it runs again on the next load.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [enabled, router]);
}
