import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { FormMessage } from '@/components/forms/FormMessage';
import { withParams } from '@/services/keys';
import { loadPage } from '@/hooks/page-load';
import { finishSignIn, forgetStoredToken } from '@/lib/sign-in-steps';
import { checkUser } from '@/services/user';
import { theme } from '@/styles/theme';
import { Actions, AuthCard } from './AuthCard';

export interface SsoScreenProps {
  /** The libraries that sign in through their own provider (one when `?lib=` named it). */
  libraries: Array<{ id: number; name: string }>;
}

const startUrl = (libid: number) => withParams('/api/user/sso/start', { libid });

/** /login/sso: sign in through the library's OpenID Connect provider. */
export function SsoScreen({ libraries }: SsoScreenProps) {
  if (libraries.length === 0) {
    return (
      <AuthCard title="Sign in with your library account" lead="No library here signs in through its own account system.">
        <Button as={Link} href="/login">
          Other ways to sign in
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Sign in with your library account"
      lead={
        libraries.length === 1
          ? `You will sign in on ${libraries[0].name}’s own page, then come back here.`
          : 'Choose your library. You will sign in on its own page, then come back here.'
      }
      footer={
        <p>
          <Link href="/login">Other ways to sign in</Link>
        </p>
      }
    >
      <Actions>
        {libraries.map((library) => (
          // A plain link: the browser leaves this site for the provider's page.
          <Button key={library.id} as="a" href={startUrl(library.id)}>
            {libraries.length === 1 ? 'Continue' : library.name}
          </Button>
        ))}
      </Actions>
    </AuthCard>
  );
}

/** /login/sso/success: the provider sent the person back signed in; store the session and go on. */
export function SsoSuccessScreen() {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      // The new session is the HttpOnly cookie; an older token in storage must not stand in for it.
      forgetStoredToken();
      try {
        const outcome = await checkUser();
        if (outcome.isError) {
          setError(outcome.message || 'We could not finish signing you in.');
          return;
        }
        loadPage(finishSignIn(outcome.data));
      } catch {
        setError('We could not finish signing you in. Please try again.');
      }
    })();
  }, []);
  return (
    <AuthCard title={error ? 'Something went wrong' : 'Signing you in…'}>
      {error ? (
        <>
          <FormMessage tone="error">{error}</FormMessage>
          <Button as={Link} href="/login/sso">
            Try again
          </Button>
        </>
      ) : (
        <Status role="status">One moment while we open your library.</Status>
      )}
    </AuthCard>
  );
}

const FAILURES: Record<string, string> = {
  denied: 'The sign-in was cancelled, so you are not signed in.',
  expired: 'The sign-in took too long or was started in another browser. Please start again.',
  unavailable: 'This library does not sign in through its own account system.',
  unreachable: 'We could not reach your library’s sign-in page. Please try again in a few minutes.',
  failed: 'Your library’s sign-in did not go through. Please try again.',
};

/** /login/sso/failure: why it did not work, and what to do. */
export function SsoFailureScreen({ reason }: { reason: string }) {
  return (
    <AuthCard title="You are not signed in">
      <p>{FAILURES[reason] ?? FAILURES.failed}</p>
      <Actions>
        <Button as={Link} href="/login/sso">
          Try again
        </Button>
        <Button as={Link} href="/login" $variant="secondary">
          Other ways to sign in
        </Button>
      </Actions>
    </AuthCard>
  );
}

const Status = styled.p`
  color: ${theme.colors.muted};
`;
