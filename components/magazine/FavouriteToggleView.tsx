import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/styles/theme';

export type FavouriteVariant = 'icon' | 'labelled';

function HeartIcon({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5 4.4 13a4.9 4.9 0 0 1 6.9-6.9l.7.7.7-.7a4.9 4.9 0 0 1 6.9 6.9Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

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
 */
export function FavouriteToggleView({ magazineName, variant, pressed, busy, onClick }: FavouriteToggleViewProps): ReactNode {
  return (
    <Toggle
      type="button"
      aria-pressed={pressed}
      aria-label={`Favourite ${magazineName}`}
      aria-busy={busy || undefined}
      disabled={busy}
      $variant={variant}
      $pressed={pressed}
      onClick={onClick}
    >
      {variant === 'labelled' ? (
        <>
          <HeartIcon filled={pressed} size={20} />
          <span>Favourite</span>
        </>
      ) : (
        <Disc $pressed={pressed}>
          <HeartIcon filled={pressed} size={16} />
        </Disc>
      )}
    </Toggle>
  );
}

// The icon variant sits over a cover: a small disc that hides little of it, inside a transparent 44 px target.
const Toggle = styled.button<{ $variant: 'icon' | 'labelled'; $pressed: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.spacing.xs};
  min-width: ${theme.sizes.tapTarget};
  min-height: ${theme.sizes.tapTarget};
  padding: ${({ $variant }) => ($variant === 'labelled' ? `0 ${theme.spacing.lg}` : '0')};
  border: 2px solid ${({ $variant }) => ($variant === 'labelled' ? theme.colors.brand : 'transparent')};
  border-radius: ${theme.radii.pill};
  background: ${({ $pressed, $variant }) => ($variant === 'icon' ? 'transparent' : $pressed ? theme.colors.brand : theme.colors.surface)};
  color: ${({ $pressed }) => ($pressed ? theme.colors.onBrand : theme.colors.brand)};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  cursor: pointer;
  transition: background-color ${theme.transitions.fast};

  &:hover:not(:disabled) {
    background: ${({ $pressed, $variant }) => ($variant === 'icon' ? 'transparent' : $pressed ? theme.colors.brandHover : theme.colors.surfaceAlt)};
  }

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;

const Disc = styled.span<{ $pressed: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 30px;
  height: 30px;
  border: 2px solid ${theme.colors.brand};
  border-radius: ${theme.radii.round};
  background: ${({ $pressed }) => ($pressed ? theme.colors.brand : theme.colors.surface)};
  box-shadow: ${theme.shadows.sm};
  transition: background-color ${theme.transitions.fast};

  button:hover:not(:disabled) > & {
    background: ${({ $pressed }) => ($pressed ? theme.colors.brandHover : theme.colors.surfaceAlt)};
  }
`;
