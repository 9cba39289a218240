import { useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { articleKeys, getStoryCategories, setStoryCategoryFavourite, type StoryCategoriesAnswer as CategoriesAnswer } from '@/services/article';
import type { CategoryRow } from '@/lib/wire';

function withFavourite(answer: CategoriesAnswer | undefined, categoryId: number, favourite: boolean): CategoriesAnswer | undefined {
  if (!answer) return answer;
  const data = answer.data.map((category) => (category.category_id === categoryId ? { ...category, is_fav: favourite ? 1 : 0 } : category));
  return { ...answer, data };
}

/**
 * The story categories list (favourites first), and marking or unmarking one; the list is refetched after each change.
 * `serverCategories`, the list the page's server props hold, is the list until it is read again: not on arrival.
 */
export function useStoryCategories(serverCategories?: CategoryRow[]) {
  const key = articleKeys.storyCategories();
  // One answer while the server's list is the same, so the list read from it is the same.
  const fallbackData = useMemo<CategoriesAnswer | undefined>(() => (serverCategories ? { status: 'success', data: serverCategories } : undefined), [serverCategories]);
  const { data, error } = useSWR<CategoriesAnswer>(key, getStoryCategories, { fallbackData, revalidateIfStale: false, revalidateOnFocus: false });
  const { mutate } = useSWRConfig();
  const [failed, setFailed] = useState<string | null>(null);

  async function toggleFavourite(category: CategoryRow): Promise<void> {
    const favourite = category.is_fav !== 1;
    setFailed(null);
    try {
      await mutate(
        key,
        async (current: CategoriesAnswer | undefined) => {
          if (!(await setStoryCategoryFavourite(category.category_id, favourite))) throw new Error('not saved');
          return current;
        },
        {
          optimisticData: (current: CategoriesAnswer | undefined) => withFavourite(current, category.category_id, favourite) as CategoriesAnswer,
          rollbackOnError: true,
          populateCache: false,
          revalidate: true,
        },
      );
    } catch (reason) {
      console.warn('[stories] favourite category not saved', reason);
      setFailed(category.name);
    }
  }

  return { categories: data?.data ?? [], error, failed, toggleFavourite };
}
