import { useEffect, useEffectEvent } from 'react';
import { useFavourites } from '@/hooks/useFavourites';

/** What My Favorites shows as the member's list: null while the server's list stands (not yet read, or reading). */
export interface FavouritesRead {
  ids: number[] | null;
  error: boolean;
}

/**
 * My Favorites' reading part: the member's favourites through useFavourites (SWR), starting from the server's list,
 * and after each toggle. Loaded when the browser is idle after the page is shown; it draws nothing and reports.
 */
export function MyFavoritesReader({ serverIds, onChange }: { serverIds: number[]; onChange(read: FavouritesRead): void }) {
  const { uid, favourites, isLoading, error } = useFavourites({ refetchOnMount: false, fallbackData: serverIds });
  const ids = uid && !isLoading ? favourites : null;
  const shown = `${ids ? ids.join(',') : 'server'}|${error ? 'error' : ''}`;
  const report = useEffectEvent(() => onChange({ ids, error: Boolean(error) }));
  useEffect(() => report(), [shown]);
  return null;
}
