import { ageParam } from '@/lib/age';
import { AGE_RATING_DEFAULT, DEFAULT_STORE_ID, INITIAL_LIBRARY_SEARCH_AGGS_COUNT } from '@/lib/constants';
import { imageSet, type StoryTile } from '@/lib/entities';
import { catalogueBase } from '@/lib/routes';
import type { IssueHit, IssueSearchResult, LibraryCatalogue, MagazineSearchHit, MagazineSearchPage, StorySearchResult } from '@/server/search';
import { storyTile } from './article';
import { http, SERVICE_URL } from './http';
import { withParams } from './keys';

export type { IssueHit, LibraryCatalogue, MagazineSearchHit, StorySearchResult };

/** SPEC §3 Search result (name, key), with what the result list shows. */
export interface SearchResult {
  name: string;
  key: string;
  href: string;
  imageSrc: string;
  imageSrcSet: string;
  /** The name with the matched words in <em> (HTML-escaped). */
  highlight: string;
  isGold: boolean;
}

/** SPEC §3 Discover tile issue. */
export interface DiscoverIssue {
  imgPath: string;
  magName: string;
  issueName: string;
  issueId: number;
  pages: { page: number; _highLight: string }[];
  /** How many pages match; above 3 the tile shows 'More'. */
  fin: number;
}

export interface SearchOptions {
  /** The ageRating cookie; sent as age_rating only below 8 (SPEC §5). */
  ageRating?: number;
  libraryId?: number;
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

/** A magazine search hit as the result list shows it. */
export function searchResult(hit: MagazineSearchHit, libraryId?: number): SearchResult {
  const { src, srcSet } = imageSet(hit.new_imgPath);
  return {
    name: hit.magName,
    key: hit.objectID,
    href: `${catalogueBase(libraryId)}/magazine/${hit.mid}`,
    imageSrc: src,
    imageSrcSet: srcSet,
    highlight: hit._highlightResult.magName.value,
    isGold: hit.isGold === 1,
  };
}

/** SPEC §3 Discover tile issue, from an issue hit. */
export function discoverIssue(hit: IssueHit): DiscoverIssue {
  return {
    imgPath: hit.magDetails.img,
    magName: hit.magDetails.magName,
    issueName: hit.issue.iss_name,
    issueId: hit.issue.iss_id,
    pages: hit.pages,
    fin: hit.fIn,
  };
}

/** A story in the results, with its title and the part of its body that matched highlighted. */
export interface StoryResult {
  tile: StoryTile;
  titleHighlight: string;
  snippet: string;
}

/** One page of results for a tab, as the overlay and /search show them. */
export interface SearchPageResult {
  magazines: SearchResult[];
  stories: StoryResult[];
  /** Issues whose pages hold the words; asked for with the first page of the Magazines tab. */
  discover: DiscoverIssue[];
  discoverTotal: number;
}

export const NO_RESULTS: SearchPageResult = { magazines: [], stories: [], discover: [], discoverTotal: 0 };

/** The answers of the search calls as one page of results (used by the client and by /search's server side). */
export function searchPageResult(
  answers: { magazines?: MagazineSearchPage; issues?: IssueSearchResult | null; stories?: StorySearchResult },
  libraryId?: number,
  now: Date = new Date(),
): SearchPageResult {
  return {
    magazines: answers.magazines?.hits.map((hit) => searchResult(hit, libraryId)) ?? [],
    stories:
      answers.stories?.Articles.map((story) => ({
        tile: storyTile(story, now),
        titleHighlight: story._highlightResult.title.value,
        snippet: story._snippetResult.body.value,
      })) ?? [],
    discover: answers.issues?.hits.map(discoverIssue) ?? [],
    discoverTotal: answers.issues?.nbHits ?? 0,
  };
}

/** One page of a tab's results from the services (each failure already answered as an empty result). */
export async function fetchSearchPage(query: string, tab: 0 | 1, page: number, options: SearchOptions): Promise<SearchPageResult> {
  if (tab === 1) return searchPageResult({ stories: await searchStories(query, page, options) }, options.libraryId);
  const [magazines, issues] = await Promise.all([searchMagazines(query, page, options), page === 0 ? searchIssues(query, options) : Promise.resolve(null)]);
  return searchPageResult({ magazines, issues }, options.libraryId);
}
