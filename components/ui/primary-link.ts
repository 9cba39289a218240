import { css } from 'styled-components';
import { theme } from '@/styles/theme';

/**
 * A link that looks like the primary button (a page's main way on), for a styled anchor to take. Apart from
 * Button.tsx, so a page that has the link only does not carry the button.
 */
export const primaryLinkRules = css`
  display: inline-flex;
  align-items: center;
  min-height: ${theme.sizes.tapTarget};
  padding: ${theme.spacing.sm} ${theme.spacing.xl};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;

  &:hover {
    background: ${theme.colors.brandHover};
  }
`;
