import type { ComponentProps } from 'react';
import styled from 'styled-components';
import { useHydrated } from '@/hooks/useHydrated';
import { theme } from '@/styles/theme';

/**
 * A button that is disabled until the page's scripts have run. The reader's scripts wait for its first page's picture
 * (lib/held-scripts.ts), so its toolbar is on screen a few hundred milliseconds before it can work: a press in that
 * time would do nothing and be lost, and a disabled button says to wait.
 */
function ScriptedButton({ disabled, ...props }: ComponentProps<'button'>) {
  const hydrated = useHydrated();
  return <button {...props} disabled={disabled || !hydrated} />;
}

/** A button of the reader's toolbar: 44px square at least, light on the dark bar, filled when pressed or open. */
export const Tool = styled(ScriptedButton)`
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
