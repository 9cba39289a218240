import styled from 'styled-components';
import { theme } from '@/styles/theme';

/** A help form's box. */
export const FormBox = styled.form`
  padding: ${theme.spacing.xl};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
`;

export const FormNote = styled.p`
  margin-bottom: ${theme.spacing.lg};
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;

export const FormFailure = styled.p`
  margin-top: ${theme.spacing.lg};
  padding: ${theme.spacing.md};
  border-left: 4px solid ${theme.colors.danger};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.danger};
  font-weight: ${theme.fontWeights.bold};
`;

export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing.md};
  margin-top: ${theme.spacing.xl};
`;

/** How many fields need attention, announced politely after a submit. */
export function errorSummary(count: number): string {
  if (count === 0) return '';
  return count === 1 ? '1 field needs your attention.' : `${count} fields need your attention.`;
}
