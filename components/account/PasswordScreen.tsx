import Link from 'next/link';
import Router from 'next/router';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { fieldValue } from '@/components/forms/form-values';
import { FormMessage } from '@/components/forms/FormMessage';
import { TextField } from '@/components/forms/TextField';
import { useHydrated } from '@/hooks/useHydrated';
import { explain, sendOtp, signInWithPassword } from '@/services/account';
import { withParams } from '@/services/keys';
import { loadPage } from '@/hooks/page-load';
import { finishSignIn } from '@/lib/sign-in-steps';
import { Actions, AuthCard } from './AuthCard';

export interface PasswordScreenProps {
  email: string | null;
  encoded: string;
  libid: number | null;
}

/** /login/verify/password: the member's password, or a code to set a new one. */
export function PasswordScreen({ email, encoded, libid }: PasswordScreenProps) {
  const hydrated = useHydrated();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!email) {
    return (
      <AuthCard title="Let’s start again" lead="This page needs your email address.">
        <Button as={Link} href="/login/email">
          Enter your email address
        </Button>
      </AuthCard>
    );
  }

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = fieldValue(event.currentTarget, 'password');
    if (!password) {
      setFieldError('Please enter your password');
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      const answer = await signInWithPassword(email, password, libid ?? undefined);
      loadPage(finishSignIn(answer));
      return;
    } catch (caught) {
      setError(explain(caught, 'sign you in'));
    }
    setBusy(false);
  };

  const forgot = async () => {
    setError(null);
    setBusy(true);
    const next = withParams('/login/verify/emailotp', { e: encoded, lib: libid ?? undefined, next: 'newpassword' });
    try {
      await sendOtp({ email });
      await Router.push(`${next}&sent=1`);
      return;
    } catch (caught) {
      if ((caught as { status?: number }).status === 429 && /^Please wait/.test(explain(caught))) {
        await Router.push(next);
        return;
      }
      setError(explain(caught, 'send the code'));
    }
    setBusy(false);
  };

  return (
    <AuthCard
      title="Enter your password"
      lead={
        <>
          Signing in as <strong>{email}</strong>.
        </>
      }
      footer={
        <>
          <p>
            <Link href={withParams('/login/email', { lib: libid ?? undefined })}>Use a different email address</Link>
          </p>
          <p>
            <Link href="/login">Other ways to sign in</Link>
          </p>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void signIn(event)}>
        {/* Lets password managers pair the password with the account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          error={fieldError}
        />
        <FormMessage tone="error">{error}</FormMessage>
        <Actions>
          <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
          <Button type="button" $variant="secondary" disabled={busy || !hydrated} onClick={() => void forgot()}>
            Forgot your password? Email me a code
          </Button>
        </Actions>
      </form>
    </AuthCard>
  );
}
