import { useCallback, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { addFavourite, favouriteKeys, getFavourites, isSuccess, removeFavourite } from '@/services/favourites';
import { useMemberId } from './useMemberId';

/** SPEC §4 toggle result: 0 removed, 1 added; null when nothing changed. */
export type ToggleResult = 0 | 1 | null;

/**
 * The member's favourite magazines (getMyFav) and the SPEC §4 toggle: a magazine in the list is removed
 * (result 0), otherwise added (result 1); the list is fetched again after each change; a change counts only
 * when the status is 'success' in any case, and anything else is only logged.
 */
export function useFavourites() {
  const uid = useMemberId();
  const key = uid ? favouriteKeys.list(uid) : null;
  const { data, error, isLoading } = useSWR<number[]>(key, () => getFavourites(uid!));
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
