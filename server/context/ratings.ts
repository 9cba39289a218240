import { effectiveAgeRating } from '@/lib/age';
import { AGE_RATING_DEFAULT } from '@/lib/constants';
import { COOKIE } from '@/lib/cookies';
import type { Viewer } from './viewer';

/**
 * Every age rating the server reads at is derived here (SPEC §5, §9), from what the client asked for and the viewer's
 * library, never wider than the library allows: nothing else calls effectiveAgeRating (a lint rule keeps it so).
 */

/**
 * The age rating titles and their issues are shown and read at, from what the client asked for (the ageRating cookie
 * or a call's parameter): listings, the title and issue pages, title and issue search, the reader code call and the
 * reader all take it from here, so search never lists an issue the reader then refuses.
 */
export function titleAgeRating(viewer: Pick<Viewer, 'libraryAgeRate'>, requested: number | undefined): number | null {
  return effectiveAgeRating(requested, AGE_RATING_DEFAULT.reader, viewer.libraryAgeRate);
}

/** The age rating of story search: the call's, else the search call's default (SPEC §7), within the library's. */
export function storySearchAgeRating(viewer: Pick<Viewer, 'libraryAgeRate'>, requested: number | undefined): number | null {
  return effectiveAgeRating(requested, AGE_RATING_DEFAULT.search, viewer.libraryAgeRate);
}

/** Favourites carry no age of their own: only the library's limit narrows them. */
export function favouriteAgeRating(viewer: Pick<Viewer, 'libraryAgeRate'>): number | null {
  return effectiveAgeRating(undefined, AGE_RATING_DEFAULT.search, viewer.libraryAgeRate);
}

/**
 * The age ratings a request reads at: what the client asked for (the ageRating cookie, or a call's age_rate), and
 * what applies to magazines and stories.
 */
export interface Ratings {
  /** The rating the client asked for; undefined when it named none (the call's default applies). */
  requested: number | undefined;
  magazine: number | null;
  story: number | null;
}

/** The ratings for a viewer from what the client asked for. */
export function ratingsFor(viewer: Viewer, requested: number | undefined): Ratings {
  return {
    requested,
    magazine: titleAgeRating(viewer, requested),
    story: effectiveAgeRating(requested, AGE_RATING_DEFAULT.article, viewer.libraryAgeRate),
  };
}

/** The ageRating cookie as a rating asked for: the one place the server reads it. */
export function ageRatingCookie(cookies: Partial<Record<string, string>>): number | undefined {
  const n = Number(cookies[COOKIE.ageRating]);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}
