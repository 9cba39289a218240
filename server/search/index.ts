/**
 * The search module: it owns the search indexes (migration 0001_search_indexes: weighted tsvectors per content
 * language, GIN, pg_trgm) and every query over them. It serves no route itself: the catalogue service's search calls
 * are in server/catalogue/routes/search.ts, and the article search route calls searchStories.
 */
export { searchStories, STORY_SEARCH_PAGE_SIZE, type StorySearchInput } from './stories';
export { libraryCatalogue, searchMagazines } from './magazines';
export { searchIssues } from './issues';
