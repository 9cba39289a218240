import { useEffect, useState, type FormEvent } from 'react';
import type { FormCheck } from '@/lib/help-forms';
import { ApiError } from '@/services/http';

/** The id a form field's control has, so the form can move focus to the first wrong one. */
export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

export type HelpFormStatus = 'editing' | 'sending' | 'sent';

export interface HelpFormOptions<F extends string, A> {
  idPrefix: string;
  initial: Record<F, string>;
  check(values: Record<F, string>): FormCheck<F>;
  send(values: Record<F, string>): Promise<A>;
}

/** What a person reads when the request could not be sent; the spec's own error text stays inside it (SPEC §8). */
function sendFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.serverMessage) return error.serverMessage;
    if (error.status === 503) return 'We can’t reach the help desk right now. Your message is still here; please try again in a few minutes.';
    return `We could not send your message (${error.message}). Please try again.`;
  }
  return 'We could not send your message. Please try again.';
}

/**
 * State of a help form: values, one message per wrong field (checked on submit, then live as the person fixes them),
 * sending, the confirmation, and a failure message that never loses what was typed.
 */
export function useHelpForm<F extends string, A>({ idPrefix, initial, check, send }: HelpFormOptions<F, A>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<HelpFormStatus>('editing');
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<A | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ field: F } | null>(null);

  // Focus moves once the messages are in the page, so a screen reader reads the field with its message.
  useEffect(() => {
    if (focusTarget) document.getElementById(fieldId(idPrefix, focusTarget.field))?.focus();
  }, [focusTarget, idPrefix]);

  const change = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (attempted) setErrors(check(next).errors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    setAttempted(true);
    setFailure(null);
    const result = check(values);
    setErrors(result.errors);
    if (result.first) {
      setFocusTarget({ field: result.first.field });
      return;
    }
    setStatus('sending');
    try {
      setAnswer(await send(result.values));
      setStatus('sent');
    } catch (error) {
      setStatus('editing');
      const field = error instanceof ApiError && error.status === 400 ? (error.field as F | null) : null;
      if (field && field in values && error instanceof ApiError && error.serverMessage) {
        setErrors({ [field]: error.serverMessage } as Partial<Record<F, string>>);
        setFocusTarget({ field });
      } else {
        setFailure(sendFailureMessage(error));
      }
    }
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setAttempted(false);
    setFailure(null);
    setAnswer(null);
    setStatus('editing');
  };

  const errorCount = Object.keys(errors).length;
  return { values, errors, errorCount, status, failure, answer, change, submit, reset };
}
