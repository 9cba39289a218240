import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { fieldValue } from '@/components/forms/form-values';
import { FormMessage } from '@/components/forms/FormMessage';
import { TextField } from '@/components/forms/TextField';
import { useHydrated } from '@/hooks/useHydrated';
import { explain, updateProfile } from '@/services/account';
import { loadPage } from '@/hooks/page-load';
import { nextPathForStoredSession, storeName } from '@/lib/sign-in-steps';
import { Actions, AuthCard, SignInFirst } from './AuthCard';

export type FullNameScreenProps = { signedIn: true; firstName: string; lastName: string } | { signedIn: false };

/**
 * /update/fullName: a new member says what to call them (updateProfile), then goes on where they were going.
 * The route is open to anyone (SPEC §2), so a visitor sees it too, and is asked to sign in first.
 */
export function FullNameScreen(props: FullNameScreenProps) {
  if (!props.signedIn) {
    return <SignInFirst title="What should we call you?" lead="Sign in first, so your name is saved to your own account." />;
  }
  return <FullNameForm firstName={props.firstName} lastName={props.lastName} />;
}

function FullNameForm({ firstName, lastName }: { firstName: string; lastName: string }) {
  const hydrated = useHydrated();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const first = fieldValue(event.currentTarget, 'given-name');
    const last = fieldValue(event.currentTarget, 'family-name');
    if (!first.trim()) {
      setFieldError('Please enter your first name');
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      const saved = await updateProfile(first.trim(), last.trim());
      storeName(saved.fname, saved.lname);
      loadPage(nextPathForStoredSession());
      return;
    } catch (caught) {
      setError(explain(caught, 'save your name'));
    }
    setBusy(false);
  };

  return (
    <AuthCard title="What should we call you?" lead="Your name appears in the menu and on your account page.">
      <form noValidate onSubmit={(event) => void save(event)}>
        <TextField
          label="First name"
          name="given-name"
          autoComplete="given-name"
          required
          maxLength={60}
          defaultValue={firstName}
          error={fieldError}
        />
        <TextField label="Last name (optional)" name="family-name" autoComplete="family-name" maxLength={60} defaultValue={lastName} />
        <FormMessage tone="error">{error}</FormMessage>
        <Actions>
          <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? 'Saving…' : 'Continue'}
          </Button>
        </Actions>
      </form>
    </AuthCard>
  );
}
