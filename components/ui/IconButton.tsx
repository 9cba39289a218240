import styled, { css } from 'styled-components';

// A square control at least as large as a comfortable touch target; it must be given an aria-label.
const iconControl = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ theme }) => theme.sizes.tapTarget};
  height: ${({ theme }) => theme.sizes.tapTarget};
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.round};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  transition: background-color ${({ theme }) => theme.transitions.fast};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

export const IconButton = styled.button.attrs({ type: 'button' })<{ $active?: boolean }>`
  ${iconControl}
  ${({ $active, theme }) => $active && `background: ${theme.colors.surfaceHover};`}
`;

export const IconLinkStyle = iconControl;
