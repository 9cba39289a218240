import { AGE_RATING_DEFAULT, DEFAULT_STORE_ID, STORY_CATEGORIES } from '@/lib/constants';
import { ageParam } from '@/lib/age';
import type { StoryListKind } from '@/lib/story-paths';
import type { CategoryRow, StoryFromServer } from '@/lib/wire';
import { http } from './http';
import { SERVICE_URL, withParams } from './keys';


/** SPEC §3 Story list response. */
export interface StoryList {
  Articles: StoryFromServer[];
  page: number;
  nbPages: number;
  nbHits: number;
}

const article = (path: string) => `${SERVICE_URL.article}/${path}`;

export const articleKeys = {
  coverStories: (page = 0, mlang?: string, ageRating: number = AGE_RATING_DEFAULT.article) =>
    withParams(article('v1/article'), {
      storeID: DEFAULT_STORE_ID,
      section: STORY_CATEGORIES.cover.id,
      page,
      mlang,
      age_rating: ageParam(ageRating),
    }),
  /** The call behind a story list address, page zero-based. */
  list: (list: StoryListKind, page: number, ageRating: number = AGE_RATING_DEFAULT.article) => {
    const common = { storeID: DEFAULT_STORE_ID, page, age_rating: ageParam(ageRating) };
    switch (list.kind) {
      case 'cover':
        return articleKeys.coverStories(page, undefined, ageRating);
      case 'latest':
        return withParams(article('v1/article'), { ...common, personaCat: STORY_CATEGORIES.latest.id });
      case 'forYou':
        return withParams(article('v1/article'), { ...common, personaCat: STORY_CATEGORIES.forYou.id });
      case 'category':
        return withParams(article('v1/article'), { storeID: DEFAULT_STORE_ID, catID: list.categoryId, categoryID: list.categoryId, page, age_rating: ageParam(ageRating) });
      case 'keyword':
        return withParams(article('v1/article-filter'), { ...common, keywords: list.keyword });
    }
  },
  storyCategories: () => `${SERVICE_URL.catalogue}/story-categories`,
};

export async function getStoryList(key: string): Promise<StoryList> {
  const { data } = await http.get<StoryList>(key);
  return data;
}

/** The story categories answer as the service gives it (the page's server props fill SWR's cache with the same shape). */
export interface StoryCategoriesAnswer {
  status: string;
  data: CategoryRow[];
}

export async function getStoryCategories(): Promise<StoryCategoriesAnswer> {
  const { data } = await http.get<StoryCategoriesAnswer>(articleKeys.storyCategories());
  return data;
}

/** Marks or unmarks a favourite story category; true when the server says 'success' (any case). */
export async function setStoryCategoryFavourite(categoryId: number, favourite: boolean): Promise<boolean> {
  const path = `${SERVICE_URL.catalogue}/story-categories/${categoryId}/favourite`;
  const { data } = favourite ? await http.put<{ status?: string }>(path) : await http.delete<{ status?: string }>(path);
  return String(data.status ?? '').toLowerCase() === 'success';
}
