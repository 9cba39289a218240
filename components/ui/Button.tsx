import styled from 'styled-components';

/** The primary action button. */
export const Button = styled.button<{ $variant?: 'primary' | 'secondary' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.xl}`};
  border: 2px solid ${({ theme }) => theme.colors.brand};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.surface : theme.colors.brand)};
  color: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.brand : theme.colors.onBrand)};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  cursor: pointer;

  &:hover {
    background: ${({ theme, $variant }) => ($variant === 'secondary' ? theme.colors.surfaceAlt : theme.colors.brandHover)};
  }

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;
