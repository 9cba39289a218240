import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { useHydrated } from '@/hooks/useHydrated';
import { useReadIssue } from '@/hooks/useReadIssue';
import type { ReaderAccess } from '@/lib/catalogue-screens';
import { theme } from '@/styles/theme';

export interface ReadButtonProps {
  access: ReaderAccess;
  issueId: number;
}

/** Read: asks for a reader code and opens the hosted reader in a new tab (SPEC §2). */
export function ReadButton({ access, issueId }: ReadButtonProps) {
  const hydrated = useHydrated();
  const { read, busy, error } = useReadIssue(access, issueId);
  return (
    <Wrap>
      <Button type="button" onClick={() => void read()} disabled={!hydrated || busy}>
        {busy ? 'Opening…' : access.signedIn ? 'Read' : 'Sign in to read'}
      </Button>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.spacing.sm};
`;

const ErrorText = styled.p`
  color: ${theme.colors.danger};
`;
