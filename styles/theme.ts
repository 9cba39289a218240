/**
 * Design tokens. Components import them (`${theme.colors.brand}`, not `${({ theme }) => ...}`) and never hard-code colours:
 * a rule with no function in it is static, so styled-components works out its class once per page (and once in the
 * browser) instead of for every element it draws.
 * Text colours are chosen for WCAG AA (4.5:1) on `surface` and `surfaceAlt`; `border` is decorative only,
 * `borderStrong` and `focus` reach the 3:1 asked of controls and focus indicators.
 */
export const theme = {
  colors: {
    brand: '#B71C1C',
    brandHover: '#8E1515',
    onBrand: '#FFFFFF',
    text: '#1A1A1A',
    muted: '#575757',
    surface: '#FFFFFF',
    surfaceAlt: '#F4F4F5',
    surfaceHover: '#EBEBED',
    border: '#DADADF',
    borderStrong: '#767676',
    focus: '#1A5FB4',
    focusHalo: '#FFFFFF',
    danger: '#B00020',
    /** 3.8:1 on white, enough for the badge graphic; the glyph on it is `onGold`. */
    gold: '#A87B00',
    onGold: '#FFFFFF',
    backdrop: 'rgba(0, 0, 0, 0.55)',
    skeleton: '#E4E4E7',
    skeletonHighlight: '#F4F4F5',
  },
  spacing: {
    none: '0',
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
  },
  radii: {
    sm: '4px',
    md: '8px',
    lg: '12px',
    pill: '999px',
    round: '50%',
  },
  fonts: {
    /**
     * The Noto Sans script faces (styles/fonts.css) cover only their scripts' characters, so Latin text still gets the
     * system font. They lead: listed after an installed system font, Chromium drew boxes instead of reaching them.
     */
    body: '"Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Gujarati", "Noto Sans Malayalam", "Noto Sans Tamil", "Noto Sans Telugu", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    xxl: '1.5rem',
    display: '2rem',
  },
  fontWeights: {
    regular: 400,
    medium: 500,
    bold: 700,
  },
  lineHeights: {
    tight: 1.25,
    normal: 1.5,
  },
  /** Stacking order, lowest first: the sticky header, its dropdown, the sidebar, the search overlay, popups. */
  zIndex: {
    header: 100,
    dropdown: 200,
    sidebar: 300,
    overlay: 400,
    popup: 500,
  },
  shadows: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.12)',
    md: '0 4px 12px rgba(0, 0, 0, 0.15)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.25)',
  },
  sizes: {
    headerHeight: '64px',
    /** The smallest comfortable touch target. */
    tapTarget: '44px',
    contentMaxWidth: '1440px',
    sidebarWidth: '300px',
  },
  transitions: {
    fast: '150ms ease',
    normal: '250ms ease',
  },
} as const;

export type Theme = typeof theme;
