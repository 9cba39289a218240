import Link from 'next/link';
import Router from 'next/router';
import { useState, type FormEvent } from 'react';
import { loginPath } from '@/lib/sign-in-paths';
import { Button } from '@/components/ui/Button';
import { fieldValue } from '@/components/forms/form-values';
import { FormMessage } from '@/components/forms/FormMessage';
import { TextField } from '@/components/forms/TextField';
import { useHydrated } from '@/hooks/useHydrated';
import { explain, signInWithCard } from '@/services/account';
import { loadPage } from '@/hooks/page-load';
import { finishSignIn, keepCardChoice } from '@/lib/sign-in-steps';
import { Actions, AuthCard } from './AuthCard';

export interface LibraryCardScreenProps {
  /** The library named by `?lib=`, when it takes cards. */
  library: { id: number; name: string } | null;
}

/** /login/librarycard: the card number and PIN; a card that several libraries know leads to the selector. */
export function LibraryCardScreen({ library }: LibraryCardScreenProps) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<{ card?: string | null; pin?: string | null }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = fieldValue(event.currentTarget, 'card').replace(/\s/g, '');
    const pin = fieldValue(event.currentTarget, 'pin');
    const next = {
      card: !card ? 'Please enter your library card number' : /^[A-Za-z0-9-]{4,32}$/.test(card) ? null : 'A library card number has 4 to 32 letters or digits',
      pin: pin ? null : 'Please enter your PIN',
    };
    setErrors(next);
    setError(null);
    if (next.card || next.pin) return;
    setBusy(true);
    try {
      const answer = await signInWithCard({ cardNumber: card, pin, libid: library?.id });
      if (answer.status === 'select') {
        keepCardChoice({ selectToken: answer.selectToken, libraries: answer.libraries });
        await Router.push('/login/librarycard/selector');
        return;
      }
      loadPage(finishSignIn(answer));
      return;
    } catch (caught) {
      setError(explain(caught, 'check your card'));
    }
    setBusy(false);
  };

  return (
    <AuthCard
      title="Sign in with your library card"
      lead={library ? `Use the card and PIN ${library.name} gave you.` : 'Use the card number and PIN your library gave you.'}
      footer={
        <p>
          <Link href={loginPath('', library?.id)}>Other ways to sign in</Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void signIn(event)}>
        <TextField
          label="Library card number"
          name="card"
          autoComplete="username"
          inputMode="text"
          spellCheck={false}
          required
          error={errors.card}
        />
        <TextField label="PIN" type="password" name="pin" autoComplete="current-password" required error={errors.pin} />
        <FormMessage tone="error">{error}</FormMessage>
        <Actions>
          <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </Actions>
      </form>
    </AuthCard>
  );
}
