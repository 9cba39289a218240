import styled from 'styled-components';
import { theme } from '@/styles/theme';

/** A button of the reader's toolbar: 44px square at least, light on the dark bar, filled when pressed or open. */
export const Tool = styled.button`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  padding: 0 ${theme.spacing.sm};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
  &[aria-pressed='true'],
  &[aria-expanded='true'] {
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }
`;
