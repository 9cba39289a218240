import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { FormMessage } from '@/components/forms/FormMessage';
import { catalogueBase } from '@/lib/navigation';
import { explain, validatePartnerToken } from '@/services/account';
import { loadPage } from '@/hooks/page-load';
import { finishSignIn } from '@/lib/sign-in-steps';
import { theme } from '@/styles/theme';
import { AuthCard } from './AuthCard';

export interface PartnerSignInScreenProps {
  /** The link's randomtoken; null when the page was opened without one. */
  token: string | null;
  /** Who sent the person here, as the heading says it. */
  partner: string;
  /** A magazine the page itself names (/infosys/{mid}): opened after sign-in instead of the link's own place. */
  magazineId?: number | null;
}

/** The landing pages of partner links: sign in with the link (validateToken), then go where the link says. */
export function PartnerSignInScreen({ token, partner, magazineId = null }: PartnerSignInScreenProps) {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const answer = await validatePartnerToken(token);
        const destination = magazineId ? `${catalogueBase(answer.libraryDetails?.tempRoutes)}/magazine/${magazineId}` : (answer.redirect ?? null);
        loadPage(finishSignIn(answer, destination));
      } catch (caught) {
        setError(explain(caught, 'sign you in with this link'));
      }
    })();
  }, [token, magazineId]);

  if (!token || error) {
    return (
      <AuthCard title="This link did not sign you in">
        <FormMessage tone="error">{error ?? 'The link is missing its sign-in code. Please open it again from where you found it.'}</FormMessage>
        <Button as={Link} href="/login">
          Other ways to sign in
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Signing you in from ${partner}…`}>
      <Status role="status">One moment while we open your library.</Status>
    </AuthCard>
  );
}

const Status = styled.p`
  color: ${theme.colors.muted};
`;
