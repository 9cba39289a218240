/**
 * How many of the newest matches are ranked by relevance. Ranking reads each match's search vector, so it is
 * bounded: a word found in most stories costs the same as a rare one, and pages past the window continue newest
 * first. 200 stories is ten pages, more than anyone scrolls.
 */
export const RANK_WINDOW = 200;

/**
 * The same for issues, whose score reads every page of the issue: 50 issues is five pages of the discover list.
 */
export const ISSUE_RANK_WINDOW = 50;

/**
 * Matching issues are counted exactly up to this many; past it the planner's estimate is given (exhaustiveNbHits
 * false). Counting reads at most this many issues and one more, each checked against its pages.
 */
export const ISSUE_COUNT_BOUND = 1_000;
