import { ageParam } from '@/lib/age';
import type { CatalogueBase } from '@/lib/catalogue-paths';
import { AGE_RATING_DEFAULT, DEFAULT_STORE_ID, INITIAL_LIBRARY_SEARCH_AGGS_COUNT } from '@/lib/constants';
import { searchPageResult, type SearchPageResult } from '@/lib/search-results';
import type { IssueHit, IssueSearchResult, LibraryCatalogue, MagazineSearchHit, MagazineSearchPage, StorySearchResult } from '@/server/search';
import { http, SERVICE_URL } from './http';
import { withParams } from './keys';

export type { IssueHit, LibraryCatalogue, MagazineSearchHit, StorySearchResult };
export { NO_RESULTS, type DiscoverIssue, type SearchPageResult, type SearchResult, type StoryResult } from '@/lib/search-results';

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

/** SPEC §8 'Search failure': no items, zero pages, empty categories and languages. The failure is logged. */
function failed<T>(call: string, empty: T): (error: unknown) => T {
  return (error) => {
    console.error(`[search] ${call} failed:`, error instanceof Error ? error.message : error);
    return empty;
  };
}

export const EMPTY_MAGAZINE_PAGE: MagazineSearchPage = { hits: [], nbHits: 0, nbPages: 0, exhaustiveNbHits: true, page: 0, hitsPerPage: 20 };
export const EMPTY_CATALOGUE: LibraryCatalogue = {
  status: 'success',
  query: '',
  popularCat: [],
  popularLang: [],
  magazineList: [],
  journalList: [],
  magazines: EMPTY_MAGAZINE_PAGE,
};

export async function searchMagazines(q: string, page: number, options: SearchOptions = {}): Promise<MagazineSearchPage> {
  return http
    .get<MagazineSearchPage>(searchKeys.magazines(q, page, options))
    .then(({ data }) => data, failed('magazine search', { ...EMPTY_MAGAZINE_PAGE, page }));
}

export async function searchIssues(q: string, options: SearchOptions & { issueId?: number; page?: number } = {}): Promise<IssueSearchResult> {
  const empty: IssueSearchResult = { status: 'success', hits: [], nbHits: 0, nbPages: 0, exhaustiveNbHits: true, page: options.page ?? 0, hitsPerPage: 10, query: q };
  return http.get<IssueSearchResult>(searchKeys.issues(q, options)).then(({ data }) => data, failed('search_list', empty));
}

export async function searchStories(query: string, page: number, options: SearchOptions = {}): Promise<StorySearchResult> {
  const empty: StorySearchResult = { Articles: [], page, nbPages: 0, nbHits: 0, exhaustiveNbHits: true, hitsPerPage: 20, query };
  return http.get<StorySearchResult>(searchKeys.stories(query, page, options)).then(({ data }) => data, failed('article search', empty));
}

export async function getLibraryCatalogue(url: string): Promise<LibraryCatalogue> {
  return http.get<LibraryCatalogue>(url).then(({ data }) => data, failed('magazine-libaray', EMPTY_CATALOGUE));
}

/** One page of a tab's results from the services (each failure already answered as an empty result). */
export async function fetchSearchPage(query: string, tab: 0 | 1, page: number, options: SearchOptions): Promise<SearchPageResult> {
  if (tab === 1) return searchPageResult({ stories: await searchStories(query, page, options) }, options.base);
  const [magazines, issues] = await Promise.all([searchMagazines(query, page, options), page === 0 ? searchIssues(query, options) : Promise.resolve(null)]);
  return searchPageResult({ magazines, issues }, options.base);
}
