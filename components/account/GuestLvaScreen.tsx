import Link from 'next/link';
import { useState } from 'react';
import { loginPath } from '@/lib/sign-in-paths';
import { Button } from '@/components/ui/Button';
import { FormMessage } from '@/components/forms/FormMessage';
import { useHydrated } from '@/hooks/useHydrated';
import { signInAsGuest } from '@/hooks/guest-sign-in';
import { ApiError } from '@/services/http';
import { loadPage } from '@/hooks/page-load';
import { Actions, AuthCard } from './AuthCard';

export interface GuestLvaScreenProps {
  libraryId: number | null;
  libraryName: string;
  guestAvailable: boolean;
  guestDays: number;
}

/** /guestlva: a library's invitation to read as its guest (the guest sign-in of SPEC §4 from a shared link). */
export function GuestLvaScreen({ libraryId, libraryName, guestAvailable, guestDays }: GuestLvaScreenProps) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!libraryId || !guestAvailable) {
    return (
      <AuthCard title="Guest reading is not open" lead={libraryName ? `${libraryName} does not welcome guests right now.` : 'This library does not welcome guests right now.'}>
        <Button as={Link} href={loginPath('', libraryId)}>
          Other ways to sign in
        </Button>
      </AuthCard>
    );
  }

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await signInAsGuest(libraryId);
      if (outcome.kind === 'redirect') {
        loadPage(outcome.to);
        return;
      }
      setError('Guest access is not available right now.');
    } catch (caught) {
      setError(caught instanceof ApiError ? `We could not sign you in (${caught.message}). Please try again.` : 'We could not sign you in. Please try again.');
    }
    setBusy(false);
  };

  return (
    <AuthCard
      title={`Read ${libraryName} as a guest`}
      lead={`No account needed: for the next ${guestDays} days this browser can read the library’s magazines, newspapers and stories.`}
      footer={
        <p>
          Already a member? <Link href={loginPath('', libraryId)}>Sign in</Link>
        </p>
      }
    >
      <Actions>
        <Button type="button" onClick={() => void start()} disabled={busy || !hydrated} aria-busy={busy}>
          {busy ? 'Opening…' : 'Start reading as a guest'}
        </Button>
      </Actions>
      <FormMessage tone="error">{error}</FormMessage>
    </AuthCard>
  );
}
