import { lazy, Suspense, useState } from 'react';
import type { ToggleResult } from '@/hooks/useFavourites';
import { useHydrated } from '@/hooks/useHydrated';
import { useIdleImport } from '@/hooks/useIdleImport';
import { useMemberId } from '@/hooks/useMemberId';
import type { FavouriteState } from './FavouriteToggle';
import { FavouriteToggleView, type FavouriteVariant } from './FavouriteToggleView';

export interface FavouriteButtonProps {
  mid: number;
  magazineName: string;
  /** 'icon' for magazine cards (a round heart), 'labelled' for a magazine page (heart and the word). */
  variant?: FavouriteVariant;
  onToggled?(result: ToggleResult): void;
  /** False on cards: use the favourites already read on the page rather than reading them again (useFavourites). */
  refetchOnMount?: boolean;
}

// The part that reads the favourites (SWR, about 6 kB of gzip) loads when the browser is idle after the page is
// shown, so it is not part of the page's first load; every toggle on a page shares the one load.
const loadReader = () => import('./FavouriteToggle');
const FavouriteReader = lazy(() => loadReader().then((module) => ({ default: module.FavouriteReader })));

/**
 * Toggles a magazine in the member's favourites (SPEC §4). A toggle button: its name stays 'Favourite
 * {magazine}' and aria-pressed says whether it is one. Hidden for visitors who are not signed in. The server and
 * hydration draw it disabled and aria-busy, and so it stays until its reading part (FavouriteReader) has loaded and
 * read the favourites; the button is the same element throughout.
 */
export function FavouriteButton({ mid, magazineName, variant = 'icon', onToggled, refetchOnMount = true }: FavouriteButtonProps) {
  const uid = useMemberId();
  const hydrated = useHydrated();
  const ready = useIdleImport(loadReader, hydrated && uid !== null);
  const [state, setState] = useState<FavouriteState | null>(null);
  if (hydrated && !uid) return null;
  return (
    <>
      {ready ? (
        <Suspense fallback={null}>
          <FavouriteReader mid={mid} refetchOnMount={refetchOnMount} onChange={setState} />
        </Suspense>
      ) : null}
      <FavouriteToggleView
        magazineName={magazineName}
        variant={variant}
        pressed={state?.pressed ?? false}
        busy={!state || state.busy}
        onClick={() => {
          if (state) void state.toggle().then((result) => onToggled?.(result));
        }}
      />
    </>
  );
}
