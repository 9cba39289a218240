import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { useHydrated } from '@/hooks/useHydrated';
import { signInAsGuest } from '@/services/guest';
import { loadPage } from '@/services/navigation';
import { ApiError } from '@/services/http';

export interface LoginScreenProps {
  libraryName: string;
  guestLibraryId: number | null;
  guestAvailable: boolean;
}

/** /login: the ways in this library allows. */
export function LoginScreen({ libraryName, guestLibraryId, guestAvailable }: LoginScreenProps) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const continueAsGuest = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await signInAsGuest(guestLibraryId ?? undefined);
      if (outcome.kind === 'redirect') {
        // A full load: the session changed, so every page (and anything prefetched) must be asked again.
        loadPage(outcome.to);
        return;
      }
      // Status 0: the spec says nothing happens; tell the person why the button did nothing.
      setError('Guest access is not available right now.');
    } catch (caught) {
      setError(caught instanceof ApiError ? `We could not sign you in (${caught.message}). Please try again.` : 'We could not sign you in. Please try again.');
    }
    setBusy(false);
  };

  return (
    <Card aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <p>{libraryName ? `Read ${libraryName}’s magazines, newspapers and stories.` : 'Read your library’s magazines, newspapers and stories.'}</p>
      {guestAvailable ? (
        <Button type="button" onClick={() => void continueAsGuest()} disabled={busy || !hydrated} aria-busy={busy}>
          {busy ? 'Signing in…' : 'Continue as guest'}
        </Button>
      ) : (
        <p>Ask your library how to sign in.</p>
      )}
      {error && <Alert role="alert">{error}</Alert>}
    </Card>
  );
}

const Card = styled.section`
  max-width: 28rem;
  margin: ${({ theme }) => theme.spacing.xxxl} auto;
  padding: ${({ theme }) => theme.spacing.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  h1 {
    margin-top: 0;
  }
`;

const Alert = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin-bottom: 0;
`;
