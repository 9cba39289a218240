/**
 * How many of the newest matches are ranked by relevance. Ranking reads each match's search vector, so it is
 * bounded: a word found in most stories costs the same as a rare one, and pages past the window continue newest
 * first. 200 is ten pages of stories and twenty of issues, more than anyone scrolls.
 */
export const RANK_WINDOW = 200;
