import { useEffect, useEffectEvent } from 'react';
import { useStoryCategories } from '@/hooks/useStoryCategories';
import type { CategoryRow } from '@/lib/wire';

/** What the story list shows of the categories once they read through SWR, and the toggle that marks one. */
export interface StoryCategoriesRead {
  categories: CategoryRow[];
  failed: string | null;
  toggleFavourite(category: CategoryRow): Promise<void>;
}

export interface StoryCategoriesReaderProps {
  /** The server's list: the list until a toggle reads it again. */
  serverCategories: CategoryRow[];
  /** A favourite toggled before this part was here: it is marked as soon as it is. */
  request: CategoryRow | null;
  onChange(read: StoryCategoriesRead): void;
}

/**
 * The story list's reading part for its categories: useStoryCategories (SWR), starting from the server's list, and
 * marking favourites. Loaded when the browser is idle after the page is shown; it draws nothing and reports.
 */
export function StoryCategoriesReader({ serverCategories, request, onChange }: StoryCategoriesReaderProps) {
  const { categories, failed, toggleFavourite } = useStoryCategories(serverCategories);
  const start = useEffectEvent(() => {
    if (request) void toggleFavourite(request);
  });
  useEffect(() => start(), []);
  const report = useEffectEvent(() => onChange({ categories, failed, toggleFavourite }));
  useEffect(() => report(), [categories, failed]);
  return null;
}
