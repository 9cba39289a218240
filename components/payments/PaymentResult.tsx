import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/styles/theme';

/** The card the payment result screens sit in. */
export function PaymentResult({ title, children, tone = 'neutral' }: { title: string; children: ReactNode; tone?: 'good' | 'bad' | 'neutral' }) {
  return (
    <Card aria-labelledby="payment-title" $tone={tone}>
      <h1 id="payment-title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </Card>
  );
}

const Card = styled.section<{ $tone: 'good' | 'bad' | 'neutral' }>`
  width: calc(100% - 2 * ${theme.spacing.lg});
  max-width: 36rem;
  margin: ${theme.spacing.xxxl} auto;
  padding: ${theme.spacing.xl};
  border: 1px solid ${theme.colors.border};
  border-top: 6px solid ${({ $tone }) => ($tone === 'bad' ? theme.colors.danger : $tone === 'good' ? theme.colors.text : theme.colors.borderStrong)};
  border-radius: ${theme.radii.lg};

  h1 {
    font-size: ${theme.fontSizes.xxl};
    margin-bottom: ${theme.spacing.md};

    /* Focus is moved here only to announce the outcome; it is not a control. */
    &:focus {
      outline: none;
      box-shadow: none;
    }
  }

  p + p {
    margin-top: ${theme.spacing.sm};
  }
`;

export const ResultActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.md};
  margin-top: ${theme.spacing.xl};
`;
