import { STORY_PAGE_CAP, STORY_TOTAL_WHEN_CAPPED } from './constants';

/** SPEC §9: a page count above 300 is capped at 300 and the total set to 9000. */
export function capStoryPages(total: number, pageSize: number): { nbPages: number; nbHits: number } {
  const nbPages = Math.ceil(total / pageSize);
  if (nbPages > STORY_PAGE_CAP) return { nbPages: STORY_PAGE_CAP, nbHits: STORY_TOTAL_WHEN_CAPPED };
  return { nbPages, nbHits: total };
}

/** Story pages are numbered from 1 on screen and sent zero-based. */
export function wireStoryPage(screenPage: number): number {
  return Math.max(0, Math.floor(screenPage) - 1);
}
