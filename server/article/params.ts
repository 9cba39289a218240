import { z } from 'zod';
import { DEFAULT_STORE_ID } from '@/lib/constants';
import type { RequestContext } from '../context/request';
import type { StoryScope } from './queries';

/** Parameters the article calls share. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const storeIdParam = z.coerce.number().int().positive().max(2_147_483_647).optional().default(DEFAULT_STORE_ID);
/** Story pages are sent zero-based (SPEC §9). */
export const zeroBasedPage = z.coerce.number().int().min(0).max(100_000).optional().default(0);
export const ageRatingParam = z.coerce.number().int().min(0).max(99).optional();
export const languageParam = z
  .string()
  .trim()
  .regex(/^[a-z]{0,3}$/, 'must be a language code')
  .optional();
export const languageCodeParam = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}$/, 'must be a language code');

/** The reader's scope for an article call: their library's rules and the age rating (SPEC §5, §9 default 9). */
export async function articleScope(context: RequestContext, requestedAge: number | undefined): Promise<StoryScope> {
  const [viewer, ratings] = await Promise.all([context.viewer(), context.ratingsAt(requestedAge)]);
  return { viewer, ageRating: ratings.story };
}
