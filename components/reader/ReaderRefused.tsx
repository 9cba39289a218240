import Head from 'next/head';
import styled from 'styled-components';
import { theme } from '@/styles/theme';

interface ReaderRefusedProps {
  message: string;
  reopenHref: string | null;
}

const Main = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${theme.spacing.xl};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.text};
  font-family: ${theme.fonts.body};
`;

const Card = styled.div`
  max-width: 28rem;
  text-align: center;
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.lg};
  padding: ${theme.spacing.xxl};
`;

const Action = styled.a`
  display: inline-block;
  margin-top: ${theme.spacing.lg};
  padding: ${theme.spacing.sm} ${theme.spacing.xl};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  text-decoration: none;
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** An expired, altered or foreign reading link: says so, and offers the issue's page to open it again. */
export function ReaderRefused({ message, reopenHref }: ReaderRefusedProps) {
  return (
    <Main>
      <Head>
        <title>Reader</title>
      </Head>
      <Card role="alert">
        <h1>We can’t open this issue</h1>
        <p>{message}.</p>
        {reopenHref ? <Action href={reopenHref}>Open the issue again</Action> : <Action href="/">Go to the home page</Action>}
      </Card>
    </Main>
  );
}
