import { ageParam } from '@/lib/age';
import type { CatalogueBase } from '@/lib/catalogue-paths';
import { AGE_RATING_DEFAULT, DEFAULT_STORE_ID, INITIAL_LIBRARY_SEARCH_AGGS_COUNT } from '@/lib/constants';
import { SERVICE_URL, withParams } from './keys';

/*
 * The search service's SWR keys (its request URLs), apart from its calls (search.ts, which loads the HTTP client and
 * the result presenters), so a screen names a read without loading what makes it.
 */

export interface SearchOptions {
  /** The ageRating cookie; sent as age_rating only below 8 (SPEC §5). */
  ageRating?: number;
  libraryId?: number;
  /** Where results link: the catalogue base the server chose for the member's library (never sent). */
  base?: CatalogueBase;
}

export const searchKeys = {
  magazines: (q: string, page: number, options: SearchOptions = {}) =>
    withParams(`${SERVICE_URL.catalogue}/magazine-search`, {
      age_rating: ageParam(options.ageRating ?? AGE_RATING_DEFAULT.search),
      p: page,
      storeID: DEFAULT_STORE_ID,
      isGold: 1,
      libid: options.libraryId,
      q,
    }),
  library: (params: { query?: string; libraryId?: number; page?: number; lang?: string; cat?: number }) =>
    withParams(`${SERVICE_URL.catalogue}/magazine-libaray`, {
      query: params.query ?? '',
      libID: params.libraryId,
      page: params.page ?? 0,
      aggsCount: INITIAL_LIBRARY_SEARCH_AGGS_COUNT,
      lang: params.lang ?? '',
      cat: params.cat,
    }),
  issues: (q: string, options: SearchOptions & { issueId?: number; page?: number } = {}) =>
    withParams(`${SERVICE_URL.catalogue}/search_list`, {
      q,
      isGold: 1,
      issueId: options.issueId,
      page: options.page,
      age_rating: ageParam(options.ageRating ?? AGE_RATING_DEFAULT.search),
      libid: options.libraryId,
    }),
  stories: (query: string, page: number, options: SearchOptions = {}) =>
    withParams(`${SERVICE_URL.article}/v1/article-search`, {
      query,
      storeID: DEFAULT_STORE_ID,
      page,
      age_rating: ageParam(options.ageRating ?? AGE_RATING_DEFAULT.search),
    }),
};
