import { css } from 'styled-components';
import { theme } from '@/styles/theme';

/** The text and number fields of the bookmark and clipping forms: a 44px target with a 3:1 border. */
export const markInputRules = css`
  min-height: 44px;
  padding: 0 ${theme.spacing.sm};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  font: inherit;
`;
