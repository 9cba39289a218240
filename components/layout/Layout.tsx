import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/styles/theme';
import { Footer } from './Footer';

export interface LayoutProps {
  /** Usually `<Header ... />`. */
  header: ReactNode;
  /** Usually `<Sidebar ... />`; it renders nothing while closed. */
  sidebar?: ReactNode;
  children: ReactNode;
}

/** The page frame: skip link, header, sidebar, the main landmark (target of the skip link) and footer. */
export function Layout({ header, sidebar, children }: LayoutProps) {
  return (
    <Frame>
      <SkipLink href="#main">Skip to content</SkipLink>
      {header}
      {sidebar}
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <Footer />
    </Frame>
  );
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  min-height: 100dvh;
`;

const SkipLink = styled.a`
  position: absolute;
  top: ${theme.spacing.sm};
  left: ${theme.spacing.sm};
  z-index: ${theme.zIndex.popup + 1};
  padding: ${theme.spacing.sm} ${theme.spacing.lg};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.text};
  color: ${theme.colors.surface};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;
  transform: translateY(-200%);

  &:focus {
    transform: none;
  }
`;

const Main = styled.main`
  flex: 1 0 auto;
  width: 100%;
  max-width: ${theme.sizes.contentMaxWidth};
  margin: 0 auto;
  min-width: 0;

  /* Focus lands here from the skip link; the ring would only frame the whole page. */
  &:focus {
    outline: none;
  }
`;
