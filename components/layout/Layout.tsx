import { type ReactNode, useRef } from 'react';
import styled from 'styled-components';
import { useDelegatedLinks } from '@/hooks/useDelegatedLinks';
import { useLazyPictures } from '@/hooks/useLazyPictures';
import { theme } from '@/styles/theme';
import { Footer } from './Footer';

export interface LayoutProps {
  /** Usually `<Header ... />`. */
  header: ReactNode;
  /** Usually `<Sidebar ... />`; it renders nothing while closed. */
  sidebar?: ReactNode;
  children: ReactNode;
}

/**
 * The page frame: skip link, header, sidebar, the main landmark (target of the skip link) and footer. Its links
 * (the header's, the account menu's, the footer's, the sliders' 'View All' and the screens' plain card links) are
 * plain anchors that one listener here navigates in the app (hooks/useDelegatedLinks): a next/link costs about a
 * fifth of the shell's server render, and the frame has some twenty. One observer here loads the cards' pictures
 * as they come near (hooks/useLazyPictures).
 */
export function Layout({ header, sidebar, children }: LayoutProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  useDelegatedLinks(frameRef);
  // The cards' pictures (written as text, with no component of their own) load as they come near.
  useLazyPictures(frameRef);
  return (
    <Frame ref={frameRef}>
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
