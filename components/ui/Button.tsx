import styled from 'styled-components';
import { theme } from '@/styles/theme';

/** The primary action button. */
export const Button = styled.button<{ $variant?: 'primary' | 'secondary' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.spacing.sm};
  min-height: 44px;
  padding: ${theme.spacing.sm} ${theme.spacing.xl};
  border: 2px solid ${theme.colors.brand};
  border-radius: ${theme.radii.md};
  background: ${({ $variant }) => ($variant === 'secondary' ? theme.colors.surface : theme.colors.brand)};
  color: ${({ $variant }) => ($variant === 'secondary' ? theme.colors.brand : theme.colors.onBrand)};
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;
  cursor: pointer;

  &:hover {
    background: ${({ $variant }) => ($variant === 'secondary' ? theme.colors.surfaceAlt : theme.colors.brandHover)};
  }

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;
