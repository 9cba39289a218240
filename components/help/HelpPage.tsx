import Head from 'next/head';
import Link from 'next/link';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

export interface HelpPageProps {
  title: string;
  /** One or two sentences under the title. */
  intro?: ReactNode;
  /** e.g. 'Last updated 1 December 2026'. */
  meta?: string;
  /** Section links shown as a table of contents. */
  contents?: { id: string; label: string }[];
  children: ReactNode;
}

/** The frame of the help, legal and form screens: a readable column with a title, an optional contents list. */
export function HelpPage({ title, intro, meta, contents, children }: HelpPageProps) {
  return (
    <Column>
      <Head>
        <title>{`${title} · Library Reader`}</title>
      </Head>
      <Heading>
        <h1>{title}</h1>
        {intro ? <Intro>{intro}</Intro> : null}
        {meta ? <Meta>{meta}</Meta> : null}
      </Heading>
      {contents && contents.length > 0 ? (
        <Contents aria-label="On this page">
          <h2>On this page</h2>
          <ul>
            {contents.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`}>{item.label}</a>
              </li>
            ))}
          </ul>
        </Contents>
      ) : null}
      <Prose>{children}</Prose>
    </Column>
  );
}

/** A titled section that the contents list can link to. */
export function HelpSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** Links to the other help screens, at the foot of each. */
export function MoreHelp({ except }: { except?: string }) {
  const links = [
    { href: '/faq', label: 'Questions members ask' },
    { href: '/helpsupport', label: 'Ask for help' },
    { href: '/contact-us', label: 'Contact us (organisations)' },
    { href: '/terms-and-conditions', label: 'Terms and conditions' },
    { href: '/privacy-policy', label: 'Privacy policy' },
  ].filter((link) => link.href !== except);
  return (
    <More aria-label="More help">
      <h2>More help</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </More>
  );
}

const Column = styled.article`
  max-width: 46rem;
  margin: 0 auto;
  padding: ${theme.spacing.xl} ${theme.spacing.lg} ${theme.spacing.xxxl};

  ${media.up('md')} {
    padding-top: ${theme.spacing.xxxl};
  }
`;

const Heading = styled.header`
  margin-bottom: ${theme.spacing.xl};

  h1 {
    font-size: ${theme.fontSizes.xxl};

    ${media.up('md')} {
      font-size: ${theme.fontSizes.display};
    }
  }
`;

const Intro = styled.p`
  margin-top: ${theme.spacing.md};
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.muted};
`;

const Meta = styled.p`
  margin-top: ${theme.spacing.sm};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.muted};
`;

const Contents = styled.nav`
  margin-bottom: ${theme.spacing.xl};
  padding: ${theme.spacing.lg} ${theme.spacing.xl};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceAlt};

  h2 {
    font-size: ${theme.fontSizes.md};
    margin-bottom: ${theme.spacing.sm};
  }

  ul {
    margin: 0;
    padding-left: ${theme.spacing.xl};
  }

  li + li {
    margin-top: ${theme.spacing.xs};
  }

  a {
    display: inline-block;
    padding: ${theme.spacing.xxs} 0;
    color: ${theme.colors.text};
  }
`;

/** Long-form text: comfortable measure, spaced headings, readable tables that scroll on a narrow phone. */
export const Prose = styled.div`
  overflow-wrap: anywhere;

  section + section {
    margin-top: ${theme.spacing.xxl};
  }

  h2 {
    font-size: ${theme.fontSizes.xl};
    margin-bottom: ${theme.spacing.md};
    scroll-margin-top: calc(${theme.sizes.headerHeight} + ${theme.spacing.lg});
  }

  h3 {
    font-size: ${theme.fontSizes.lg};
    margin: ${theme.spacing.xl} 0 ${theme.spacing.sm};
  }

  p,
  ul,
  ol {
    margin: 0 0 ${theme.spacing.md};
  }

  ul,
  ol {
    padding-left: ${theme.spacing.xl};
  }

  li + li {
    margin-top: ${theme.spacing.xs};
  }

  a {
    color: ${theme.colors.brand};
    text-underline-offset: 3px;
  }

  code {
    font-family: ${theme.fonts.mono};
    font-size: 0.92em;
    padding: 0 ${theme.spacing.xs};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceAlt};
  }

  .table-scroll {
    overflow-x: auto;
    margin: 0 0 ${theme.spacing.lg};
  }

  table {
    width: 100%;
    border-collapse: collapse;
    font-size: ${theme.fontSizes.sm};
  }

  caption {
    text-align: left;
    font-weight: ${theme.fontWeights.bold};
    padding-bottom: ${theme.spacing.sm};
  }

  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: ${theme.spacing.sm};
    border-bottom: 1px solid ${theme.colors.border};
  }

  th {
    background: ${theme.colors.surfaceAlt};
  }
`;

const More = styled.nav`
  margin-top: ${theme.spacing.xxxl};
  padding-top: ${theme.spacing.xl};
  border-top: 1px solid ${theme.colors.border};

  h2 {
    font-size: ${theme.fontSizes.lg};
    margin-bottom: ${theme.spacing.sm};
  }

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.xs} ${theme.spacing.lg};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li + li {
    margin-top: 0;
  }

  a {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.sizes.tapTarget};
    color: ${theme.colors.brand};
    text-underline-offset: 3px;
  }
`;
