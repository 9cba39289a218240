import { AGE_RATING_DEFAULT, DEFAULT_STORE_ID, STORY_CATEGORIES } from '@/lib/constants';
import { ageParam } from '@/lib/age';
import type { StoryFromServer } from '@/server/article/present';
import { http, SERVICE_URL } from './http';
import { withParams } from './keys';

export type { StoryFromServer };

/** SPEC §3 Story list response. */
export interface StoryList {
  Articles: StoryFromServer[];
  page: number;
  nbPages: number;
  nbHits: number;
}

export const articleKeys = {
  coverStories: (page = 0, mlang = 'en', ageRating: number = AGE_RATING_DEFAULT.article) =>
    withParams(`${SERVICE_URL.article}/v1/article`, {
      storeID: DEFAULT_STORE_ID,
      section: STORY_CATEGORIES.cover.id,
      page,
      mlang,
      age_rating: ageParam(ageRating),
    }),
};

export async function getCoverStories(page = 0, mlang = 'en'): Promise<StoryList> {
  const { data } = await http.get<StoryList>(articleKeys.coverStories(page, mlang));
  return data;
}

/** SPEC §3 Story tile, mapped from the server's story (defined in lib/ so server-side page code shares it). */
export { storyTile } from '@/lib/story-tiles';
