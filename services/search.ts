import { searchPageResult, type SearchPageResult } from '@/lib/search-results';
import type { IssueSearchResult, LibraryCatalogue, MagazineSearchPage, StorySearchResult } from '@/lib/wire';
import { http } from './http';
import { searchKeys, type SearchOptions } from './search-keys';


/** SPEC §8 'Search failure': no items, zero pages, empty categories and languages. The failure is logged. */
function failed<T>(call: string, empty: T): (error: unknown) => T {
  return (error) => {
    console.error(`[search] ${call} failed:`, error instanceof Error ? error.message : error);
    return empty;
  };
}

const EMPTY_MAGAZINE_PAGE: MagazineSearchPage = { hits: [], nbHits: 0, nbPages: 0, exhaustiveNbHits: true, page: 0, hitsPerPage: 20 };
const EMPTY_CATALOGUE: LibraryCatalogue = {
  status: 'success',
  query: '',
  popularCat: [],
  popularLang: [],
  magazineList: [],
  journalList: [],
  magazines: EMPTY_MAGAZINE_PAGE,
};

async function searchMagazines(q: string, page: number, options: SearchOptions = {}): Promise<MagazineSearchPage> {
  return http
    .get<MagazineSearchPage>(searchKeys.magazines(q, page, options))
    .then(({ data }) => data, failed('magazine search', { ...EMPTY_MAGAZINE_PAGE, page }));
}

export async function searchIssues(q: string, options: SearchOptions & { issueId?: number; page?: number } = {}): Promise<IssueSearchResult> {
  const empty: IssueSearchResult = { status: 'success', hits: [], nbHits: 0, nbPages: 0, exhaustiveNbHits: true, page: options.page ?? 0, hitsPerPage: 10, query: q };
  return http.get<IssueSearchResult>(searchKeys.issues(q, options)).then(({ data }) => data, failed('search_list', empty));
}

async function searchStories(query: string, page: number, options: SearchOptions = {}): Promise<StorySearchResult> {
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
