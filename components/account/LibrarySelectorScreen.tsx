import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { fieldValue } from '@/components/forms/form-values';
import { FormMessage } from '@/components/forms/FormMessage';
import { useHydrated } from '@/hooks/useHydrated';
import { useSessionItem } from '@/hooks/useSessionItem';
import { chooseCardLibrary, explain } from '@/services/account';
import { loadPage } from '@/hooks/page-load';
import { CARD_CHOICE, finishSignIn, forgetCardChoice, parseCardChoice } from '@/lib/sign-in-steps';
import { theme } from '@/styles/theme';
import { Actions, AuthCard } from './AuthCard';

/** /login/librarycard/selector: the card belongs to several libraries; the person picks one to read through. */
export function LibrarySelectorScreen() {
  const hydrated = useHydrated();
  // undefined until read from this tab's storage (not on the server), null when there is nothing to choose.
  const stored = useSessionItem(CARD_CHOICE);
  const choice = stored === undefined ? undefined : parseCardChoice(stored);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (choice === undefined) return <AuthCard title="Choose your library">{null}</AuthCard>;
  if (!choice || choice.libraries.length === 0) {
    return (
      <AuthCard title="Choose your library" lead="This choice has expired. Please enter your card again.">
        <Button as={Link} href="/login/librarycard">
          Enter your library card
        </Button>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const picked = Number(fieldValue(event.currentTarget, 'library'));
    if (!picked) {
      setError('Please choose a library');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await chooseCardLibrary(choice.selectToken, picked);
      forgetCardChoice();
      loadPage(finishSignIn(answer));
      return;
    } catch (caught) {
      setError(explain(caught, 'sign you in'));
    }
    setBusy(false);
  };

  return (
    <AuthCard
      title="Choose your library"
      lead="Your card works at more than one library. Which one do you want to read through?"
      footer={
        <p>
          <Link href="/login/librarycard">Use a different card</Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Options>
          <legend>Libraries</legend>
          {choice.libraries.map((library) => (
            <Option key={library.libId}>
              <input type="radio" name="library" value={library.libId} />
              <span>{library.libname}</span>
            </Option>
          ))}
        </Options>
        <FormMessage tone="error">{error}</FormMessage>
        <Actions>
          <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? 'Signing in…' : 'Continue'}
          </Button>
        </Actions>
      </form>
    </AuthCard>
  );
}

const Options = styled.fieldset`
  margin: 0 0 ${theme.spacing.lg};
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${theme.spacing.sm};
    font-weight: ${theme.fontWeights.bold};
  }
`;

const Option = styled.label`
  display: flex;
  align-items: center;
  gap: ${theme.spacing.md};
  min-height: ${theme.sizes.tapTarget};
  padding: ${theme.spacing.sm} ${theme.spacing.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  margin-bottom: ${theme.spacing.sm};
  cursor: pointer;

  input {
    width: 20px;
    height: 20px;
  }
`;
