import { useRouter } from 'next/router';
import { useCallback, useState } from 'react';
import { readerAddress } from '@/lib/catalogue-paths';
import type { ReaderAccess } from '@/lib/catalogue-screens';
import { VALIDATE_USER_NO_LIBRARY } from '@/lib/routes';

/** What the server answers when the membership has run out (server/user/reader-code-routes.ts). */
const SUBSCRIPTION_EXPIRED = 'Your subscription has expired';
export const READ_FAILED = 'We couldn’t open this issue. Please try again.';

function statusOf(error: unknown): { status: number | null; serverMessage: string | null } {
  const { status, serverMessage } = (error ?? {}) as { status?: unknown; serverMessage?: unknown };
  return { status: typeof status === 'number' ? status : null, serverMessage: typeof serverMessage === 'string' ? serverMessage : null };
}

/**
 * The Read action of an issue (SPEC §2, §4): asks for a reader code and opens the reader in a new tab. A membership
 * whose end has passed is verified again first: no library goes to validate-user type 1, another library to the
 * home page, and an expired one shows the 'Oops! Your subscription has expired' popup.
 */
export function useReadIssue(access: ReaderAccess, issueId: number) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

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
      const reader = await import('@/services/reader');
      if (!access.membershipEnds || access.membershipEnds * 1000 <= Date.now()) {
        const check = await reader.reverifyMembership(access.userId, access.libraryId);
        if (check === 'no-library') return void (await router.push(VALIDATE_USER_NO_LIBRARY));
        if (check === 'redirect-home') return void (await router.push('/'));
        if (check === 'expired') return setExpired(true);
        if (check === 'error') return setError(READ_FAILED);
      }
      const code = await reader.generateReaderCode({ userId: access.userId, libraryId: access.libraryId, issueId });
      reader.openReader(readerAddress(reader.READER_URL, code, issueId, access.lastPage));
    } catch (failure) {
      const { status, serverMessage } = statusOf(failure);
      if (status === 403 && serverMessage === SUBSCRIPTION_EXPIRED) setExpired(true);
      else if (status === 401) await router.push('/login');
      else setError(READ_FAILED);
    } finally {
      setBusy(false);
    }
  }, [access, issueId, router]);

  return { read, busy, error, expired, closeExpired: useCallback(() => setExpired(false), []) };
}
