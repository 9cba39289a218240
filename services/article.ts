import { AGE_RATING_DEFAULT, DEFAULT_COUNTRY, DEFAULT_STORE_ID, STORY_CATEGORIES } from '@/lib/constants';
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

/** SPEC §3 Translation request. */
export interface TranslationRequest {
  mid: number;
  issid: number;
  artid: number;
  langCode: string;
}

/** A translation, or the empty object when none can be had (SPEC §8). */
export type TranslationAnswer =
  | { status: 'success'; artid: number; langCode: string; title: string; subtitle: string; body: string; filepath: string }
  | Record<string, never>;

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
  magazineStories: (magid: number, page = 0, langCode?: string, ageRating: number = AGE_RATING_DEFAULT.article) =>
    withParams(article('v1/article-filter'), { storeID: DEFAULT_STORE_ID, magid, page, age_rating: ageParam(ageRating), lang_code: langCode }),
  issueStories: (issueid: number, ageRating: number = AGE_RATING_DEFAULT.article) =>
    withParams(article('v1/article'), { issueid, age_rating: ageParam(ageRating) }),
  search: (query: string, page = 0, ageRating: number = AGE_RATING_DEFAULT.search) =>
    withParams(article('v1/article-search'), { query, storeID: DEFAULT_STORE_ID, page, age_rating: ageParam(ageRating) }),
  related: (mid: number, page = 0) => withParams(article('magazine-related'), { mid, page }),
  details: (mid: number, issid: number, artid: number) => article(`v1/article/${mid}/${issid}/${artid}`),
  byUrl: (url: string) => withParams(article('v1/article-by-url'), { url }),
  localLanguages: (cc: string = DEFAULT_COUNTRY) => withParams(article('localLanguages'), { cc }),
  translatedData: (filepath: string) => withParams(article('translated-data'), { filepath }),
  storyCategories: () => `${SERVICE_URL.catalogue}/story-categories`,
};

export async function getStoryList(key: string): Promise<StoryList> {
  const { data } = await http.get<StoryList>(key);
  return data;
}

export async function searchStories(query: string, page = 0, ageRating?: number): Promise<StoryList> {
  return getStoryList(articleKeys.search(query, page, ageRating));
}

export async function translateStory(request: TranslationRequest): Promise<TranslationAnswer> {
  const { data } = await http.post<TranslationAnswer>(article('v1/translate'), request);
  return data;
}

export async function translateText(text: string, langCode: string): Promise<{ translatedText?: string }> {
  const { data } = await http.post<{ translatedText?: string }>(article('v1/translate-text'), { text, langCode });
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
