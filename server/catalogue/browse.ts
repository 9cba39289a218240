/**
 * The catalogue reads the screens and the API share, cached for a few seconds per library and age rating: every
 * member of a library sees the same catalogue, so one query serves them all. Visibility and age are applied in the
 * queries underneath; the cache key holds everything those depend on.
 */
import { CATEGORY_PAGE_SIZE } from '@/lib/constants';
import type { StoryFromServer } from '../article/present';
import { cached } from '../cache';
import type { RequestContext } from '../context/request';
import type { Viewer } from '../context/viewer';
import { filterMagazines, visibleCategories, type CategoryRow, type MagazineFilter, type MagazineHit } from './queries';
import {
  countIssues,
  findIssue,
  findMagazine,
  languagesWithTitles,
  listEditions,
  listIssues,
  storiesOfMagazine,
  type Edition,
  type IssueDetails,
  type IssueHit,
  type LanguageFilter,
  type MagazineMeta,
} from './titles';

/** Related stories shown on a title's page. */
export const RELATED_STORY_COUNT = 10;

/**
 * Who a catalogue call reads for (the session's library, else the one named by libid) and the magazine age rating
 * that applies: the call's age_rate, else the ageRating cookie the page would have sent it from (the client leaves
 * age_rate out at 8 and above, SPEC §5), never past what the library allows.
 */
export async function magazineScope(ctx: { query: { libid?: number; age_rate?: number }; context: RequestContext }) {
  const requested = ctx.query.age_rate ?? ctx.context.requestedAgeRating;
  const [viewer, ratings] = await Promise.all([ctx.context.viewer(ctx.query.libid), ctx.context.ratingsAt(requested, ctx.query.libid)]);
  return { viewer, rating: ratings.magazine };
}

function scope(viewer: Viewer, ageRating: number | null): string {
  return `${viewer.libraryId}|${ageRating ?? 'all'}`;
}

export function cachedListing(viewer: Viewer, filter: MagazineFilter): Promise<{ items: MagazineHit[]; total: number }> {
  const key = `listing|${scope(viewer, filter.ageRating)}|${filter.list ?? ''}|${filter.categoryId ?? ''}|${filter.language ?? ''}|${filter.includeGold ? 1 : 0}|${filter.page}|${filter.pageSize ?? CATEGORY_PAGE_SIZE}`;
  return cached('catalogue', key, () => filterMagazines(viewer, filter));
}

/** Categories the viewer may see, without favourite marks (the same for every member of a library). */
export function cachedCategories(viewer: Viewer): Promise<CategoryRow[]> {
  return cached('catalogue', `categories|${viewer.libraryId}`, () => visibleCategories({ ...viewer, userId: null }));
}

export function cachedLanguages(viewer: Viewer, ageRating: number | null, filter: LanguageFilter = {}) {
  return cached('catalogue', `languages|${scope(viewer, ageRating)}|${filter.list ?? ''}|${filter.categoryId ?? ''}`, () => languagesWithTitles(viewer, ageRating, filter));
}

/** One page of a title's list and how long the whole list is. */
export interface TitleListPage<T> {
  total: number;
  rows: T[];
}

/** A page of a title's list and its length, kept like the listings; null when the viewer may not see the title. */
function cachedTitlePage<T>(key: string, viewer: Viewer, ageRating: number | null, mid: number, read: { count(): Promise<number>; page(): Promise<T[]> }): Promise<TitleListPage<T> | null> {
  return cached('catalogue', `${key}|${scope(viewer, ageRating)}|${mid}`, async () => {
    const [meta, total, rows] = await Promise.all([findMagazine(viewer, ageRating, { mid }), read.count(), read.page()]);
    return meta ? { total, rows } : null;
  });
}

/** A page of a visible title's editions (SPEC §3 Edition) with their count, or null when the viewer may not see the title. */
export function cachedEditions(viewer: Viewer, ageRating: number | null, mid: number, page: number, pageSize: number): Promise<TitleListPage<Edition> | null> {
  return cachedTitlePage(`editions|${page}|${pageSize}`, viewer, ageRating, mid, {
    count: () => countIssues(viewer, ageRating, mid),
    page: () => listEditions(viewer, ageRating, mid, page, pageSize),
  });
}

/** A page of a visible title's issues (regular, special or both) with their count, or null when the viewer may not see the title. */
export function cachedIssueList(
  viewer: Viewer,
  ageRating: number | null,
  query: { mid: number; special?: boolean; page: number; pageSize: number },
): Promise<TitleListPage<IssueHit> | null> {
  const { mid, special, page, pageSize } = query;
  return cachedTitlePage(`issues|${special ?? 'all'}|${page}|${pageSize}`, viewer, ageRating, mid, {
    count: () => countIssues(viewer, ageRating, mid, special),
    page: () => listIssues(viewer, ageRating, { mid, special, limit: pageSize, offset: (page - 1) * pageSize }),
  });
}

export interface MagazinePageData {
  meta: MagazineMeta;
  issues: IssueHit[];
  issueCount: number;
  specials: IssueHit[];
  stories: StoryFromServer[];
}

/** Everything a title's page shows, or null when the viewer may not see the title. */
export function cachedMagazinePage(viewer: Viewer, ratings: { magazine: number | null; story: number | null }, mid: number): Promise<MagazinePageData | null> {
  const key = `magazine|${scope(viewer, ratings.magazine)}|${ratings.story ?? 'all'}|${mid}`;
  return cached('catalogue', key, async () => {
    const [meta, regular, issueCount, specials, stories] = await Promise.all([
      findMagazine(viewer, ratings.magazine, { mid }),
      listIssues(viewer, ratings.magazine, { mid, special: false, limit: CATEGORY_PAGE_SIZE }),
      countIssues(viewer, ratings.magazine, mid),
      listIssues(viewer, ratings.magazine, { mid, special: true, limit: CATEGORY_PAGE_SIZE }),
      storiesOfMagazine(viewer, ratings.story, mid, RELATED_STORY_COUNT),
    ]);
    return meta ? { meta, issues: regular, issueCount, specials, stories } : null;
  });
}

export interface IssuePageData {
  issue: IssueDetails;
  /** The title's other recent issues, newest first. */
  more: IssueHit[];
}

/** An issue's page, or null when the viewer may not see it. */
export function cachedIssuePage(viewer: Viewer, ageRating: number | null, issueId: number): Promise<IssuePageData | null> {
  return cached('catalogue', `issue|${scope(viewer, ageRating)}|${issueId}`, async () => {
    const issue = await findIssue(viewer, ageRating, issueId);
    if (!issue) return null;
    const recent = await listIssues(viewer, ageRating, { mid: issue.mid, limit: CATEGORY_PAGE_SIZE + 1 });
    return { issue, more: recent.filter((other) => other.issueId !== issue.issueId).slice(0, CATEGORY_PAGE_SIZE) };
  });
}
