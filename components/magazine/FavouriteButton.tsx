import styled from 'styled-components';
import { useFavourites, type ToggleResult } from '@/hooks/useFavourites';
import { useHydrated } from '@/hooks/useHydrated';
import { theme } from '@/styles/theme';

export interface FavouriteButtonProps {
  mid: number;
  magazineName: string;
  /** 'icon' for magazine cards (a round heart), 'labelled' for a magazine page (heart and the word). */
  variant?: 'icon' | 'labelled';
  onToggled?(result: ToggleResult): void;
  /** False on cards: use the favourites already read on the page rather than reading them again (useFavourites). */
  refetchOnMount?: boolean;
}

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

/**
 * Toggles a magazine in the member's favourites (SPEC §4). A toggle button: its name stays 'Favourite
 * {magazine}' and aria-pressed says whether it is one. Hidden for visitors who are not signed in.
 */
export function FavouriteButton({ mid, magazineName, variant = 'icon', onToggled, refetchOnMount = true }: FavouriteButtonProps) {
  const hydrated = useHydrated();
  const { uid, isFavourite, isPending, isLoading, toggle } = useFavourites({ refetchOnMount });
  if (hydrated && !uid) return null;
  const pressed = isFavourite(mid);
  const busy = !hydrated || isLoading || isPending(mid);
  return (
    <Toggle
      type="button"
      aria-pressed={pressed}
      aria-label={`Favourite ${magazineName}`}
      aria-busy={busy || undefined}
      disabled={busy}
      $variant={variant}
      $pressed={pressed}
      onClick={() => {
        void toggle(mid).then((result) => onToggled?.(result));
      }}
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
