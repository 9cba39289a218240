import type { ReactNode } from 'react';
import styled from 'styled-components';
import { html, innerHtml } from '@/lib/html';
import { theme } from '@/styles/theme';

export type FavouriteVariant = 'icon' | 'labelled';

/** The heart; CSS fills it when the toggle is pressed. Decorative: the button carries the name. */
const heart = (size: number) =>
  html`<svg width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 20.5 4.4 13a4.9 4.9 0 0 1 6.9-6.9l.7.7.7-.7a4.9 4.9 0 0 1 6.9 6.9Z"></path></svg>`;

// The inside of each variant, written as text once (lib/html.ts says why): a card page draws a toggle per cover.
const INSIDE = {
  icon: innerHtml(html`<span class="disc">${heart(16)}</span>`),
  labelled: innerHtml(html`${heart(20)}<span>Favourite</span>`),
} as const;

export interface FavouriteToggleViewProps {
  magazineName: string;
  variant: FavouriteVariant;
  pressed: boolean;
  busy: boolean;
  onClick?(): void;
}

/**
 * The favourite toggle as drawn (SPEC §4): a toggle button named 'Favourite {magazine}', aria-pressed when it is one,
 * disabled and aria-busy while busy. No state of its own: FavouriteButton draws it busy until the part that reads the
 * favourites (FavouriteToggle, over SWR) has loaded, and that part draws it from then on, so the markup is the same.
 * Its look follows its attributes (aria-pressed, data-variant), so its styles are the same for every toggle.
 */
export function FavouriteToggleView({ magazineName, variant, pressed, busy, onClick }: FavouriteToggleViewProps): ReactNode {
  return (
    <Toggle
      type="button"
      aria-pressed={pressed}
      aria-label={`Favourite ${magazineName}`}
      aria-busy={busy || undefined}
      disabled={busy}
      data-variant={variant}
      onClick={onClick}
      dangerouslySetInnerHTML={INSIDE[variant]}
    />
  );
}

// The icon variant sits over a cover: a small disc that hides little of it, inside a transparent 44 px target.
const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.spacing.xs};
  min-width: ${theme.sizes.tapTarget};
  min-height: ${theme.sizes.tapTarget};
  padding: 0 ${theme.spacing.lg};
  border: 2px solid ${theme.colors.brand};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  color: ${theme.colors.brand};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  cursor: pointer;
  transition: background-color ${theme.transitions.fast};

  path {
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linejoin: round;
  }

  &[aria-pressed='true'] {
    color: ${theme.colors.onBrand};
  }

  &[aria-pressed='true'] path {
    fill: currentColor;
  }

  &[data-variant='labelled'][aria-pressed='true'] {
    background: ${theme.colors.brand};
  }

  &[data-variant='labelled']:hover:not(:disabled) {
    background: ${theme.colors.surfaceAlt};
  }

  &[data-variant='labelled'][aria-pressed='true']:hover:not(:disabled) {
    background: ${theme.colors.brandHover};
  }

  &[data-variant='icon'] {
    padding: 0;
    border-color: transparent;
    background: transparent;
  }

  .disc {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 30px;
    height: 30px;
    border: 2px solid ${theme.colors.brand};
    border-radius: ${theme.radii.round};
    background: ${theme.colors.surface};
    box-shadow: ${theme.shadows.sm};
    transition: background-color ${theme.transitions.fast};
  }

  &[aria-pressed='true'] .disc {
    background: ${theme.colors.brand};
  }

  &:hover:not(:disabled) .disc {
    background: ${theme.colors.surfaceAlt};
  }

  &[aria-pressed='true']:hover:not(:disabled) .disc {
    background: ${theme.colors.brandHover};
  }

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;
