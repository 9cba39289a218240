import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

export const GlobalStyle = createGlobalStyle`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    /* What focus or a link scrolls to stops below the sticky header, not under it (WCAG 2.2, 2.4.11). */
    scroll-padding-top: calc(${theme.sizes.headerHeight} + ${theme.spacing.sm});
  }

  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.md};
    line-height: ${theme.lineHeights.normal};
    color: ${theme.colors.text};
    background: ${theme.colors.surface};
    -webkit-font-smoothing: antialiased;
  }

  h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd {
    margin: 0;
  }

  h1, h2, h3, h4, h5, h6 {
    line-height: ${theme.lineHeights.tight};
  }

  /* :where() keeps this at zero specificity, so a component's own list spacing always wins. */
  :where(ul[class], ol[class]) {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  img,
  picture,
  svg,
  video {
    display: block;
    max-width: 100%;
  }

  img {
    height: auto;
  }

  input,
  button,
  textarea,
  select {
    font: inherit;
    color: inherit;
  }

  button {
    cursor: pointer;
  }

  a {
    color: inherit;
  }

  /* Keyboard focus is always visible; mouse focus stays quiet. The white halo keeps the ring visible on dark fills. */
  :focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
    box-shadow: 0 0 0 2px ${theme.colors.focusHalo};
  }

  :focus:not(:focus-visible) {
    outline: none;
  }

  .visually-hidden {
    position: absolute !important;
    width: 1px !important;
    height: 1px !important;
    padding: 0 !important;
    margin: -1px !important;
    overflow: hidden !important;
    clip: rect(0, 0, 0, 0) !important;
    white-space: nowrap !important;
    border: 0 !important;
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
