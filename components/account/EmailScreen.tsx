import Link from 'next/link';
import Router from 'next/router';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { fieldValue } from '@/components/forms/form-values';
import { FormMessage } from '@/components/forms/FormMessage';
import { TextField } from '@/components/forms/TextField';
import { useHydrated } from '@/hooks/useHydrated';
import { checkEmail } from '@/lib/email';
import { explain, sendOtp } from '@/services/account';
import { withParams } from '@/services/keys';
import { Actions, AuthCard } from './AuthCard';

export interface EmailScreenProps {
  libid: number | null;
  /** Adding an email address to the signed-in account (linkAccount) rather than signing in. */
  link: boolean;
  initialEmail: string;
  /** What the library offers here: a code by email, its password, or both (decided on the server). */
  ways: { code: boolean; password: boolean };
}

/** /login/email: the address, then a code by email, or the password for members who have one. */
export function EmailScreen({ libid, link, initialEmail, ways }: EmailScreenProps) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [alreadySent, setAlreadySent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const checked = () => {
    const result = checkEmail(fieldValue(form, 'email'));
    setFieldError(result.valid ? null : result.message);
    return result.valid ? result : null;
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!ways.code) {
      await goToPassword();
      return;
    }
    const address = checked();
    if (!address) return;
    setBusy(true);
    setError(null);
    setAlreadySent(null);
    const verifyUrl = withParams('/login/verify/emailotp', { e: address.encoded, lib: libid ?? undefined, link: link ? 1 : undefined });
    try {
      await sendOtp({ email: address.email }, link ? undefined : (libid ?? undefined));
      await Router.push(withParams('/login/verify/emailotp', { e: address.encoded, lib: libid ?? undefined, link: link ? 1 : undefined, sent: 1 }));
      return;
    } catch (caught) {
      setError(explain(caught, 'send the code'));
      // A code sent moments ago is still good: let the person use it.
      if ((caught as { status?: number }).status === 429 && /^Please wait/.test(explain(caught))) setAlreadySent(verifyUrl);
    }
    setBusy(false);
  };

  const goToPassword = async () => {
    const address = checked();
    if (!address) return;
    await Router.push(withParams('/login/verify/password', { e: address.encoded, lib: libid ?? undefined }));
  };

  return (
    <AuthCard
      title={link ? 'Add an email address' : 'Continue with email'}
      lead={link ? 'We will email you a code to check the address is yours.' : leadFor(ways)}
      footer={
        <p>
          <Link href={link ? '/dashboard/myAccount' : '/login'}>{link ? 'Back to my account' : 'Other ways to sign in'}</Link>
        </p>
      }
    >
      <form ref={form} noValidate onSubmit={(event) => void sendCode(event)}>
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={initialEmail}
          error={fieldError}
        />
        <FormMessage tone="error">{error}</FormMessage>
        {alreadySent ? (
          <p>
            <Link href={alreadySent}>I already have a code</Link>
          </p>
        ) : null}
        <Actions>
          {ways.code ? (
            <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
              {busy ? 'Sending…' : 'Email me a code'}
            </Button>
          ) : (
            <Button type="submit" disabled={busy || !hydrated}>
              Sign in with my password
            </Button>
          )}
          {ways.code && ways.password && !link ? (
            <Button type="button" $variant="secondary" disabled={busy || !hydrated} onClick={() => void goToPassword()}>
              Sign in with my password
            </Button>
          ) : null}
        </Actions>
      </form>
    </AuthCard>
  );
}

function leadFor(ways: { code: boolean; password: boolean }): string {
  if (!ways.password) return 'We will email you a code to sign in.';
  if (!ways.code) return 'Sign in with your email address and password.';
  return 'We will email you a code to sign in. If you have set a password, you can use it instead.';
}
