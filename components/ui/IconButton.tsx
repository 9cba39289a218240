import styled, { css } from 'styled-components';
import { theme } from '@/styles/theme';

// A square control at least as large as a comfortable touch target; it must be given an aria-label.
const iconControl = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${theme.sizes.tapTarget};
  height: ${theme.sizes.tapTarget};
  padding: 0;
  border: 0;
  border-radius: ${theme.radii.round};
  background: transparent;
  color: ${theme.colors.text};
  text-decoration: none;
  transition: background-color ${theme.transitions.fast};

  &:hover {
    background: ${theme.colors.surfaceHover};
  }
`;

export const IconButton = styled.button.attrs({ type: 'button' })<{ $active?: boolean }>`
  ${iconControl}
  ${({ $active }) => $active && `background: ${theme.colors.surfaceHover};`}
`;

export const IconLinkStyle = iconControl;
