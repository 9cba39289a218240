import { useId, type InputHTMLAttributes, type Ref } from 'react';
import styled from 'styled-components';
import { theme } from '@/styles/theme';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** Shown under the field and tied to it with aria-describedby; marks it aria-invalid. */
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error read out with it. */
export function TextField({ label, hint, error, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <Input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        $invalid={Boolean(error)}
        {...input}
      />
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </Field>
  );
}

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  margin-bottom: ${theme.spacing.lg};
`;

export const Label = styled.label`
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.sm};
`;

const Hint = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  width: 100%;
  min-height: ${theme.sizes.tapTarget};
  padding: ${theme.spacing.sm} ${theme.spacing.md};
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font: inherit;
  font-size: ${theme.fontSizes.md};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;
