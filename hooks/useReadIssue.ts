import { useRouter } from 'next/router';
import { useCallback, useState } from 'react';
import type { ReaderAccess } from '@/lib/catalogue-screens';
import { VALIDATE_USER_EXPIRED, VALIDATE_USER_NO_LIBRARY } from '@/lib/paths';

const READ_FAILED = 'We couldn’t open this issue. Please try again.';

/**
 * The Read action of an issue (SPEC §2, §4): opens the issue in the reader at the member's last page. A visitor
 * goes to /login and a member without a library to validate-user type 1 before anything is asked; the rest
 * (re-verification, the code, the tab) is the reader service's openIssue. A membership still ended after the library
 * is verified again goes to validate-user type 2 (SPEC §4 'Before opening the reader'); the popup is the discover tile's.
 */
export function useReadIssue(access: ReaderAccess, issueId: number) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const read = useCallback(async () => {
    if (!access.signedIn) {
      await router.push('/login');
      return;
    }
    if (!access.libraryId) {
      await router.push(VALIDATE_USER_NO_LIBRARY);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // The call's code (and axios) loads on the first Read, not with the page.
      const { openIssue } = await import('@/services/reader');
      const outcome = await openIssue({ issueId, page: access.lastPage, member: access });
      if (outcome.kind === 'expired') await router.push(VALIDATE_USER_EXPIRED);
      else if (outcome.kind === 'redirect') await router.push(outcome.to);
      else if (outcome.kind === 'failed') setError(READ_FAILED);
    } catch {
      // The service's code could not be loaded (offline, or a new deployment).
      setError(READ_FAILED);
    } finally {
      setBusy(false);
    }
  }, [access, issueId, router]);

  return { read, busy, error };
}
