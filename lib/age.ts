import { AGE_FILTER_BELOW } from './constants';

/** The cookie's age rating, or the call's default when it is missing or 0 (SPEC §5). */
export function ageRatingOrDefault(value: string | number | null | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

/** The age_rate / age_rating parameter is sent only when below 8. */
export function ageParam(rating: number): number | undefined {
  return rating < AGE_FILTER_BELOW ? rating : undefined;
}

/**
 * The rating the server applies: what the client asked for (or the call's default), never wider
 * than the library allows. Returns null when no filter applies (8 and above).
 */
export function effectiveAgeRating(requested: number | undefined, callDefault: number, libraryAgeRate: number): number | null {
  const asked = requested && requested > 0 ? requested : callDefault;
  const allowed = libraryAgeRate > 0 ? Math.min(asked, libraryAgeRate) : asked;
  return allowed < AGE_FILTER_BELOW ? allowed : null;
}
