import { useCallback, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { addFavourite, favouriteKeys, getFavourites, isSuccess, removeFavourite } from '@/services/favourites';
import { useMemberId } from './useMemberId';

/** SPEC §4 toggle result: 0 removed, 1 added; null when nothing changed. */
export type ToggleResult = 0 | 1 | null;

export interface FavouritesOptions {
  /**
   * Read the list again when mounted although it is already cached (SWR's revalidateIfStale; default true).
   * Cards pass false: a page's cards share one read, and cards added with the next page of a listing reuse it.
   */
  refetchOnMount?: boolean;
  /** The list as the server read it, shown until the browser's read comes in or if it fails (SWR's fallbackData). */
  fallbackData?: number[];
}

/**
 * The member's favourite magazines (getMyFav) and the SPEC §4 toggle: a magazine in the list is removed
 * (result 0), otherwise added (result 1); the list is fetched again after each change; a change counts only
 * when the status is 'success' in any case, and anything else is only logged. Every caller on a page shares
 * one read: SWR keys it by member and dedupes the calls made together.
 */
export function useFavourites({ refetchOnMount = true, fallbackData }: FavouritesOptions = {}) {
  const uid = useMemberId();
  const key = uid ? favouriteKeys.list(uid) : null;
  const { data, error, isLoading } = useSWR<number[]>(key, () => getFavourites(uid!), { revalidateIfStale: refetchOnMount, revalidateOnFocus: false, fallbackData });
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const favourites = data ?? [];

  const toggle = useCallback(
    async (mid: number): Promise<ToggleResult> => {
      if (!uid || !key) return null;
      const wasFavourite = (data ?? []).includes(mid);
      setPending((current) => new Set(current).add(mid));
      try {
        const answer = wasFavourite ? await removeFavourite(uid, mid) : await addFavourite(uid, mid);
        if (!isSuccess(answer)) {
          console.warn(`[favourites] ${wasFavourite ? 'remove' : 'add'} ${mid}: status ${String(answer.status)}`);
          return null;
        }
        return wasFavourite ? 0 : 1;
      } catch (caught) {
        console.warn(`[favourites] ${wasFavourite ? 'remove' : 'add'} ${mid}: ${caught instanceof Error ? caught.message : 'failed'}`);
        return null;
      } finally {
        await mutate(key);
        setPending((current) => {
          const next = new Set(current);
          next.delete(mid);
          return next;
        });
      }
    },
    [uid, key, data, mutate],
  );

  return {
    uid,
    favourites,
    isLoading: Boolean(key) && isLoading,
    error: error as Error | undefined,
    isFavourite: (mid: number) => favourites.includes(mid),
    isPending: (mid: number) => pending.has(mid),
    toggle,
  };
}
