import Head from 'next/head';
import Link from 'next/link';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

export interface ErrorScreenProps {
  /** Shown small above the title (404, 500, 503); never a stack trace or a server's words. */
  code: number;
  title: string;
  text: ReactNode;
  /** The main way on, e.g. a Try again button; links to the main sections follow it. */
  action?: ReactNode;
}

const WAYS_ON = [
  { href: '/', label: 'Home' },
  { href: '/magazines/BS/en', label: 'Popular magazines' },
  { href: '/stories/category/Cover-Stories/sec_60', label: 'Cover stories' },
  { href: '/helpsupport', label: 'Help & support' },
] as const;

/** The site's error screens (404, 500, 503): what happened in plain words, and ways on. */
export function ErrorScreen({ code, title, text, action }: ErrorScreenProps) {
  return (
    <Box aria-labelledby="error-title">
      <Head>
        <title>{`${title} · Library Reader`}</title>
      </Head>
      <Picture aria-hidden="true" viewBox="0 0 120 96" focusable="false">
        {/* An open book; the pages are blank. */}
        <path d="M60 22 C46 12 26 12 10 16 V82 C26 78 46 78 60 88 C74 78 94 78 110 82 V16 C94 12 74 12 60 22 Z" fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round" />
        <path d="M60 22 V88" stroke="currentColor" strokeWidth="4" />
        <path d="M22 32 H48 M22 44 H48 M72 32 H98 M72 44 H90" stroke="currentColor" strokeWidth="3" strokeLinecap="round" opacity="0.45" />
      </Picture>
      <Code>Error {code}</Code>
      <h1 id="error-title" tabIndex={-1}>
        {title}
      </h1>
      <Text>{text}</Text>
      {action ? <Action>{action}</Action> : null}
      <nav aria-label="Ways on">
        <WaysOn>
          {WAYS_ON.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </WaysOn>
      </nav>
    </Box>
  );
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  max-width: 40rem;
  margin: ${theme.spacing.xxl} auto;
  padding: ${theme.spacing.xl} ${theme.spacing.lg};
  text-align: center;

  ${media.up('md')} {
    margin-top: ${theme.spacing.xxxl};
  }

  h1 {
    font-size: ${theme.fontSizes.xxl};

    ${media.up('md')} {
      font-size: ${theme.fontSizes.display};
    }
  }
`;

const Picture = styled.svg`
  width: 120px;
  height: 96px;
  margin-bottom: ${theme.spacing.lg};
  color: ${theme.colors.brand};
`;

const Code = styled.p`
  margin-bottom: ${theme.spacing.xs};
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Text = styled.p`
  margin-top: ${theme.spacing.md};
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.lg};
`;

const Action = styled.div`
  margin-top: ${theme.spacing.xl};
`;

const WaysOn = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.spacing.xs} ${theme.spacing.lg};
  margin: ${theme.spacing.xl} 0 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.sizes.tapTarget};
    padding: 0 ${theme.spacing.xs};
    color: ${theme.colors.brand};
    font-weight: ${theme.fontWeights.medium};
    text-underline-offset: 3px;
  }
`;
