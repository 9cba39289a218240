import Link from 'next/link';
import type { ReactElement, ReactNode } from 'react';
import styled from 'styled-components';
import type { ConsoleProps } from '@/lib/console';
import { theme } from '@/styles/theme';
import { Heading, Page } from './parts';

/** The console's frame: a skip link, a header naming who is signed in, the navigation, then the screen. */
export function ConsoleShell({ console, children }: { console?: ConsoleProps; children: ReactNode }) {
  return (
    <>
      <SkipLink href="#console-main">Skip to the console</SkipLink>
      <Header>
        <Brand href="/admin">Library console</Brand>
        {console ? <Who>{console.operator ? 'Site operator' : 'Library staff'}: {console.label}</Who> : null}
        <Nav aria-label="Console">
          <ul>
            <li>
              <Link href="/admin">Libraries</Link>
            </li>
            {console?.operator ? (
              <li>
                <Link href="/admin/content">Content</Link>
              </li>
            ) : null}
            <li>
              <Link href="/admin/audit">Audit log</Link>
            </li>
            <li>
              <Link href="/">Back to the site</Link>
            </li>
          </ul>
        </Nav>
      </Header>
      <main id="console-main">{children}</main>
    </>
  );
}

/** Shown with a 403 when the person has no console role, or not for this library. */
export function Forbidden() {
  return (
    <Page>
      <Heading>Not for you</Heading>
      <p>This part of the console is for the staff of this library and site operators. Ask a site operator for access.</p>
      <p>
        <Link href="/">Back to the site</Link>
      </p>
    </Page>
  );
}

/** `Page.getLayout` of every console screen. */
export function consoleLayout(page: ReactElement, props: { console?: ConsoleProps }) {
  return <ConsoleShell console={props.console}>{page}</ConsoleShell>;
}

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;

  &:focus {
    left: ${theme.spacing.sm};
    top: ${theme.spacing.sm};
    z-index: 10;
    padding: ${theme.spacing.sm};
    background: ${theme.colors.surface};
    outline: 3px solid ${theme.colors.focus};
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.md};
  align-items: center;
  padding: ${theme.spacing.md} ${theme.spacing.lg};
  background: ${theme.colors.surfaceAlt};
  border-bottom: 1px solid ${theme.colors.border};

  a:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Brand = styled(Link)`
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.text};
  text-decoration: none;
`;

const Who = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Nav = styled.nav`
  margin-left: auto;

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.md};
    list-style: none;
    margin: 0;
    padding: 0;
  }

  a {
    display: inline-block;
    min-height: 44px;
    line-height: 44px;
    color: ${theme.colors.brand};
  }
`;
