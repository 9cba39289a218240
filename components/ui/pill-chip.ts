import { css } from 'styled-components';
import { theme } from '@/styles/theme';

/**
 * A pill chip's look (border, fill, text, hover, and the current one filled with the brand), shared by
 * KeywordChipList's chips and the story list's category chips, plain anchors styled from their list.
 */
export const pillChip = css`
  display: inline-flex;
  align-items: center;
  padding: 0 ${theme.spacing.lg};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    background: ${theme.colors.surfaceHover};
  }

  &[aria-current='page'] {
    border-color: ${theme.colors.brand};
    background: ${theme.colors.brand};
    color: ${theme.colors.onBrand};
  }
`;
