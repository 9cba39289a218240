import styled from 'styled-components';

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
  margin: ${({ theme }) => `${theme.spacing.md} 0`};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-left: 4px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.focus)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.text)};
`;
