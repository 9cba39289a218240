/**
 * The search module: it owns the search indexes (migration 0001_search_indexes: weighted tsvectors per content
 * language, GIN, pg_trgm) and every query over them. It serves no route itself: the catalogue service's search calls
 * are in server/catalogue/search-routes.ts, and the article search route calls searchStories.
 */
export { searchStories, STORY_SEARCH_PAGE_SIZE, type StorySearchHit, type StorySearchInput, type StorySearchResult } from './stories';
export { libraryCatalogue, searchMagazines, type LibraryCatalogue, type MagazineSearchHit, type MagazineSearchPage } from './magazines';
export { searchIssues, type IssueHit, type IssueSearchResult } from './issues';
export type { Highlight } from './highlight';
