import { usePagedList } from './usePagedList';
import { useSearchRequest, type UseSearchOptions } from './useSearchRequest';

/** The search overlay's state (useSearchRequest), its results paged through usePagedList (SWR). */
export function useSearch(options: UseSearchOptions = {}) {
  const { pages, withList } = useSearchRequest(options);
  return withList(usePagedList(pages));
}
