import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { fieldValue } from '@/components/forms/form-values';
import { FormMessage } from '@/components/forms/FormMessage';
import { TextField } from '@/components/forms/TextField';
import { useHydrated } from '@/hooks/useHydrated';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem } from '@/lib/password-rules';
import { Actions } from './AuthCard';

export interface NewPasswordFieldsProps {
  /** Asks for the current password too (changing rather than setting). */
  askCurrent: boolean;
  submitLabel: string;
  /** Saves; resolves to an error message, or null when saved. */
  onSave(values: { password: string; currentPassword?: string }): Promise<{ error: string | null; field?: string | null }>;
  children?: ReactNode;
}

/** New password and its confirmation (and the current one when changing), with the rules checked before sending. */
export function NewPasswordFields({ askCurrent, submitLabel, onSave, children }: NewPasswordFieldsProps) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<{ current?: string | null; password?: string | null; confirm?: string | null }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const current = fieldValue(event.currentTarget, 'current-password');
    const password = fieldValue(event.currentTarget, 'new-password');
    const confirm = fieldValue(event.currentTarget, 'confirm-password');
    const next = {
      current: askCurrent && !current ? 'Please enter your current password' : null,
      password: passwordProblem(password),
      confirm: password && confirm !== password ? PASSWORD_MESSAGES.mismatch : null,
    };
    setErrors(next);
    setError(null);
    if (next.current || next.password || next.confirm) return;
    setBusy(true);
    const result = await onSave({ password, currentPassword: askCurrent ? current : undefined });
    setBusy(false);
    if (result.field === 'currentPassword') setErrors({ current: result.error });
    else if (result.field === 'password') setErrors({ password: result.error });
    else setError(result.error);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {askCurrent ? (
        <TextField
          label="Current password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          error={errors.current}
        />
      ) : null}
      <TextField
        label="New password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.`}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <TextField
        label="Type the new password again"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        error={errors.confirm}
      />
      <FormMessage tone="error">{error}</FormMessage>
      {children}
      <Actions>
        <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
      </Actions>
    </form>
  );
}
