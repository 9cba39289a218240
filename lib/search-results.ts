import { magazinePath, type CatalogueBase } from './catalogue-paths';
import { imageSet } from './media';
import type { SearchTab } from './search';
import { storyTile } from './story-tiles';
import type { StoryFromServer, StoryTile } from './wire';

/**
 * Screen presenters of search results (pure: shared by /search's getServerSideProps and the browser). Each takes the
 * fields it reads from the search calls' answers (server/search names the whole shapes).
 */

/** A magazine search hit, as far as the result list reads it. */
export interface MagazineSearchHitFields {
  objectID: string;
  mid: number;
  magName: string;
  new_imgPath: string;
  isGold: number;
  _highlightResult: { magName: { value: string } };
}

/** An issue search hit, as far as a Discover tile reads it. */
export interface IssueHitFields {
  magDetails: { img: string; magName: string };
  issue: { iss_name: string; iss_id: number };
  pages: { page: number; _highLight: string }[];
  fIn: number;
}

/** A story search hit: the story with its highlighted title and snippet. */
export type StorySearchHitFields = StoryFromServer & { _highlightResult: { title: { value: string } }; _snippetResult: { body: { value: string } } };

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

/** A magazine search hit as the result list shows it. */
function searchResult(hit: MagazineSearchHitFields, base: CatalogueBase = ''): SearchResult {
  const { src, srcSet } = imageSet(hit.new_imgPath);
  return {
    name: hit.magName,
    key: hit.objectID,
    href: magazinePath(base, hit.mid),
    imageSrc: src,
    imageSrcSet: srcSet,
    highlight: hit._highlightResult.magName.value,
    isGold: hit.isGold === 1,
  };
}

/** SPEC §3 Discover tile issue, from an issue hit. */
export function discoverIssue(hit: IssueHitFields): DiscoverIssue {
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

/** A page with nothing to show for its tab (Magazines: no titles and no issues; Stories: no stories). */
export function isEmptyPage(result: SearchPageResult, tab: SearchTab): boolean {
  return tab === 0 ? result.magazines.length === 0 && result.discover.length === 0 : result.stories.length === 0;
}

/** The answers of the search calls as one page of results (used by the client and by /search's server side). */
export function searchPageResult(
  answers: {
    magazines?: { hits: MagazineSearchHitFields[] };
    issues?: { hits: IssueHitFields[]; nbHits: number } | null;
    stories?: { Articles: StorySearchHitFields[] };
  },
  base: CatalogueBase = '',
  now: Date = new Date(),
): SearchPageResult {
  return {
    magazines: answers.magazines?.hits.map((hit) => searchResult(hit, base)) ?? [],
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

