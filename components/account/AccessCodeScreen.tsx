import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { fieldValue } from '@/components/forms/form-values';
import { FormMessage } from '@/components/forms/FormMessage';
import { TextField } from '@/components/forms/TextField';
import { useHydrated } from '@/hooks/useHydrated';
import { explain, redeemAccessCode } from '@/services/account';
import { loadPage } from '@/hooks/page-load';
import { saveSession } from '@/lib/stored-session';
import { markAccessChecked } from '@/lib/browser-storage';
import { Actions, AuthCard, SignInFirst } from './AuthCard';

export interface AccessCodeScreenProps {
  signedIn: boolean;
}

/** /accesscode: a code from a library (validatecoupon) joins the signed-in person to it. */
export function AccessCodeScreen({ signedIn }: AccessCodeScreenProps) {
  const hydrated = useHydrated();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!signedIn) {
    return <SignInFirst title="Enter an access code" lead="Sign in first, so the code joins your own account to the library." />;
  }

  const redeem = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = fieldValue(event.currentTarget, 'coupon');
    if (!code.trim()) {
      setFieldError('Please enter your access code');
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      const answer = await redeemAccessCode(code.trim());
      saveSession(answer);
      markAccessChecked();
      loadPage('/login/thankyou');
      return;
    } catch (caught) {
      const message = explain(caught, 'check the code');
      if ((caught as { field?: string | null }).field === 'coupon') setFieldError(message);
      else setError(message);
    }
    setBusy(false);
  };

  return (
    <AuthCard
      title="Enter an access code"
      lead="Your library or organisation may give you a code that lets you read through it."
      footer={
        <p>
          <Link href="/helpsupport">Don’t have a code? Ask for help</Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void redeem(event)}>
        <TextField
          label="Access code"
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={64}
          error={fieldError}
        />
        <FormMessage tone="error">{error}</FormMessage>
        <Actions>
          <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? 'Checking…' : 'Join the library'}
          </Button>
        </Actions>
      </form>
    </AuthCard>
  );
}
