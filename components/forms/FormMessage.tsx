import styled from 'styled-components';
import { theme } from '@/styles/theme';

/** A message about the whole form: an error is announced at once (role alert), news politely (role status). */
export function FormMessage({ tone, children }: { tone: 'error' | 'info'; children: string | null | undefined }) {
  if (!children) return null;
  return tone === 'error' ? (
    <Message role="alert" $tone="error">
      {children}
    </Message>
  ) : (
    <Message role="status" $tone="info">
      {children}
    </Message>
  );
}

const Message = styled.p<{ $tone: 'error' | 'info' }>`
  margin: ${theme.spacing.md} 0;
  padding: ${theme.spacing.sm} ${theme.spacing.md};
  border-left: 4px solid ${({ $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.focus)};
  background: ${theme.colors.surfaceAlt};
  color: ${({ $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.text)};
`;
