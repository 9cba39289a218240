import { AGE_RATING_DEFAULT, DEFAULT_STORE_ID, STORY_CATEGORIES } from '@/lib/constants';
import { ageParam } from '@/lib/age';
import { mediaUrl, type StoryTile } from '@/lib/entities';
import { readTimeLabel } from '@/lib/read-time';
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

/** SPEC §3 Story tile, mapped from the server's story. */
export function storyTile(story: StoryFromServer, now?: Date): StoryTile {
  return {
    imgPath: mediaUrl(story.thumb),
    title: story.title,
    subTitle: story.subtitle,
    readTime: readTimeLabel({ timeReadSeconds: story.time_read, isNews: story.is_news === 1, publishedAt: story.published }, now),
    browserLinkUrl: story.url,
    appLinkUrl: story.url,
    key: String(story.artid),
    isShoppable: story.shoppable === 1,
    shortDesc: story.short_desc,
    issueName: story.issuename,
    isNews: story.is_news === 1,
    magName: story.magname,
  };
}
