import Link from 'next/link';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

/** The frame of every sign-in and account step: a heading, a line of context, the form, and other ways out. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {lead ? <Lead>{lead}</Lead> : null}
      {children}
      {footer ? <Footer>{footer}</Footer> : null}
    </Card>
  );
}

/** An account step open to anyone that only a signed-in person can take: it says why, and links to sign in. */
export function SignInFirst({ title, lead }: { title: string; lead: string }) {
  return (
    <AuthCard title={title} lead={lead}>
      <Button as={Link} href="/login">
        Sign in
      </Button>
    </AuthCard>
  );
}

const Card = styled.section`
  max-width: 28rem;
  margin: ${theme.spacing.xxl} auto;
  padding: ${theme.spacing.xl};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};

  h1 {
    margin: 0 0 ${theme.spacing.sm};
    font-size: ${theme.fontSizes.xxl};
    line-height: ${theme.lineHeights.tight};
  }

  ${media.down('sm')} {
    margin: ${theme.spacing.lg} ${theme.spacing.sm};
    padding: ${theme.spacing.lg};
  }
`;

const Lead = styled.p`
  margin: 0 0 ${theme.spacing.xl};
  color: ${theme.colors.muted};
  overflow-wrap: anywhere;
`;

const Footer = styled.div`
  margin-top: ${theme.spacing.xl};
  padding-top: ${theme.spacing.lg};
  border-top: 1px solid ${theme.colors.border};
  font-size: ${theme.fontSizes.sm};

  p {
    margin: ${theme.spacing.xs} 0;
  }
`;

/** A column of full-width actions. */
export const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.md};

  > * {
    width: 100%;
  }
`;
