import Link from 'next/link';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { FormMessage } from '@/components/forms/FormMessage';
import { useHydrated } from '@/hooks/useHydrated';
import { signInAsGuest } from '@/hooks/guest-sign-in';
import { loadPage } from '@/hooks/page-load';
import { ApiError } from '@/services/http';
import { theme } from '@/styles/theme';
import { AuthCard, Actions } from './AuthCard';

export interface SignInWays {
  email: boolean;
  mobile: boolean;
  /** The library card page, with `?lib=` when this library takes cards itself. */
  card: string | null;
  /** The SSO page, with `?lib=` when this library has its own provider. */
  sso: string | null;
}

export interface LoginScreenProps {
  libraryName: string;
  guestLibraryId: number | null;
  guestAvailable: boolean;
  ways: SignInWays;
  /** `?lib=` to carry to the email and mobile steps, when /login named a library. */
  libQuery: string;
}

/** /login: the ways in this library allows. */
export function LoginScreen({ libraryName, guestLibraryId, guestAvailable, ways, libQuery }: LoginScreenProps) {
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

  const anyWay = ways.email || ways.mobile || ways.card || ways.sso || guestAvailable;

  return (
    <AuthCard
      title="Sign in"
      lead={libraryName ? `Read ${libraryName}’s magazines, newspapers and stories.` : 'Read your library’s magazines, newspapers and stories.'}
    >
      <Actions>
        {ways.sso ? (
          <Button as={Link} href={ways.sso}>
            {libraryName && ways.sso.includes('lib=') ? `Sign in with your ${libraryName} account` : 'Sign in with your library account'}
          </Button>
        ) : null}
        {ways.card ? (
          <Button as={Link} href={ways.card} $variant={ways.sso ? 'secondary' : 'primary'}>
            Sign in with your library card
          </Button>
        ) : null}
        {ways.email ? (
          <Button as={Link} href={`/login/email${libQuery}`} $variant={ways.sso || ways.card ? 'secondary' : 'primary'}>
            Continue with email
          </Button>
        ) : null}
        {ways.mobile ? (
          <Button as={Link} href={`/login/linkmobile${libQuery}`} $variant="secondary">
            Continue with mobile number
          </Button>
        ) : null}
        {guestAvailable ? (
          <Button type="button" $variant="secondary" onClick={() => void continueAsGuest()} disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? 'Signing in…' : 'Continue as guest'}
          </Button>
        ) : null}
      </Actions>
      {!anyWay ? <p>Ask your library how to sign in.</p> : null}
      <FormMessage tone="error">{error}</FormMessage>
      <Note>
        Got an access code from your library? Sign in first, then <Link href="/accesscode">enter your access code</Link>.
      </Note>
    </AuthCard>
  );
}

const Note = styled.p`
  margin-top: ${theme.spacing.xl};
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;
