import { useCallback, useEffect, useEffectEvent } from 'react';
import { useFavourites, type ToggleResult } from '@/hooks/useFavourites';
import type { FavouriteButtonProps } from './FavouriteButton';
import { FavouriteToggleView } from './FavouriteToggleView';

/** What the toggle draws and does, as read from the member's favourites. */
export interface FavouriteState {
  signedIn: boolean;
  pressed: boolean;
  busy: boolean;
  toggle(): Promise<ToggleResult>;
}

function useFavouriteState(mid: number, refetchOnMount: boolean): FavouriteState {
  const { uid, isFavourite, isPending, isLoading, toggle } = useFavourites({ refetchOnMount });
  // The same function while the list is the same (useFavourites makes toggle anew only when the list changes).
  const toggleThis = useCallback(() => toggle(mid), [toggle, mid]);
  return { signedIn: uid !== null, pressed: isFavourite(mid), busy: isLoading || isPending(mid), toggle: toggleThis };
}

/**
 * FavouriteButton's working part: reads the member's favourites (useFavourites, over SWR) and reports what the
 * toggle shows and does. It draws nothing, so the button the server drew stays the same element (and keeps focus).
 * FavouriteButton loads it when the browser is idle after the page is shown.
 */
export function FavouriteReader({ mid, refetchOnMount = true, onChange }: { mid: number; refetchOnMount?: boolean; onChange(state: FavouriteState): void }) {
  const state = useFavouriteState(mid, refetchOnMount);
  const report = useEffectEvent(() => onChange(state));
  // toggle reads the list as it was when made, so the button gets it anew on each change.
  useEffect(() => report(), [state.signedIn, state.pressed, state.busy, state.toggle]);
  return null;
}

/** The toggle of a magazine card, loaded whole once a member is known (CardFavourite). */
export function FavouriteToggle({ mid, magazineName, variant = 'icon', onToggled, refetchOnMount = true }: FavouriteButtonProps) {
  const state = useFavouriteState(mid, refetchOnMount);
  if (!state.signedIn) return null;
  return (
    <FavouriteToggleView
      magazineName={magazineName}
      variant={variant}
      pressed={state.pressed}
      busy={state.busy}
      onClick={() => {
        void state.toggle().then((result) => onToggled?.(result));
      }}
    />
  );
}
