import type { ChangeEvent, InputHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { fieldId } from '@/hooks/useHelpForm';
import { theme } from '@/styles/theme';

type Control = HTMLInputElement | HTMLTextAreaElement;

export interface FieldProps {
  /** The wire name, also the control's name and the base of its id. */
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange(name: string, value: string): void;
  onBlur?(name: string): void;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  idPrefix: string;
}

/** A labelled text control with its hint and its message; the message is tied to the control for screen readers. */
export function Field({ name, label, value, error, hint, onChange, onBlur, multiline, type = 'text', autoComplete, inputMode, maxLength, idPrefix }: FieldProps) {
  const id = fieldId(idPrefix, name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': true,
    maxLength,
    onChange: (event: ChangeEvent<Control>) => onChange(name, event.target.value),
    onBlur: () => onBlur?.(name),
  } as const;
  return (
    <Row>
      <Label htmlFor={id}>{label}</Label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={errorId}>{error}</ErrorText>
      ) : null}
      {multiline ? (
        <TextArea {...common} rows={6} $invalid={Boolean(error)} />
      ) : (
        <Input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} $invalid={Boolean(error)} />
      )}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};

  & + & {
    margin-top: ${theme.spacing.lg};
  }
`;

const Label = styled.label`
  font-weight: ${theme.fontWeights.bold};
`;

const Hint = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.muted};
`;

/** The message is the spec's text alone; the '!' that marks it is drawn, not part of the text. */
const ErrorText = styled.p`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.danger};

  &::before {
    content: '! ' / '';
  }
`;

const control = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: ${theme.sizes.tapTarget};
  padding: ${theme.spacing.sm} ${theme.spacing.md};
  border: 2px solid ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  font-size: ${theme.fontSizes.md};
  line-height: ${theme.lineHeights.normal};
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${control}
`;

const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${control}
  resize: vertical;
`;
