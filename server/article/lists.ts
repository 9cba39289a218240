import { capStoryPages } from '@/lib/story-paging';
import type { StoryListKind } from '@/lib/story-paths';
import { cached } from '../cache';
import type { CategoryRow } from '../catalogue/queries';
import { visibilityKey } from '../catalogue/visibility';
import type { Viewer } from '../context/viewer';
import type { StoryFromServer } from './present';
import {
  favouriteStoryCategoryIds,
  findStoryByCanonUrl,
  findStoryBySlug,
  forYouStories,
  listStories,
  relatedStories,
  storyCategories,
  type StoryPage,
  type StoryRecord,
  type StoryScope,
} from './queries';
import { translationLanguages, type LanguageRow } from './translation';

export const STORY_PAGE_SIZE = 20;
export const RELATED_PAGE_SIZE = 10;

/** SPEC §3 Story list response. */
export interface StoryListAnswer {
  Articles: StoryFromServer[];
  page: number;
  nbPages: number;
  nbHits: number;
}

/** What a story list call asks for: a story list address, or the stories of one issue. */
export type StoryListRequest = StoryListKind | { kind: 'issue'; issueId: number };

function cachedPage(scope: StoryScope, key: string, load: () => Promise<StoryPage>): Promise<StoryPage> {
  return cached('stories', `list|${visibilityKey(scope.viewer, scope.ageRating)}#${key}`, load);
}

function loadPage(request: StoryListRequest, scope: StoryScope, page: number, pageSize: number, language?: string): Promise<StoryPage> {
  const common = { ageRating: scope.ageRating, page, pageSize, language };
  switch (request.kind) {
    case 'cover':
      return listStories(scope.viewer, { ...common, section: 'cover' });
    case 'latest':
      return listStories(scope.viewer, { ...common, order: 'popular-recent' });
    case 'category':
      return listStories(scope.viewer, { ...common, categoryId: request.categoryId });
    case 'keyword':
      return listStories(scope.viewer, { ...common, keywords: [request.keyword] });
    case 'issue':
      return listStories(scope.viewer, { ...common, issueId: request.issueId, order: 'issue' });
    case 'forYou':
      return forYouStories(scope, scope.viewer.userId, page, pageSize);
  }
}

/** One page of a story list in the spec's answer (pages capped at 300 and the total at 9000, SPEC §9). */
export async function storyList(request: StoryListRequest, scope: StoryScope, page: number, language?: string): Promise<StoryListAnswer> {
  // For You is the member's own; every other list is the same for everyone under the same rules.
  const found =
    request.kind === 'forYou'
      ? await loadPage(request, scope, page, STORY_PAGE_SIZE)
      : await cachedPage(scope, JSON.stringify([request, page, language ?? '']), () => loadPage(request, scope, page, STORY_PAGE_SIZE, language));
  return answer(found, page, STORY_PAGE_SIZE);
}

export function answer(found: StoryPage, page: number, pageSize: number): StoryListAnswer {
  const { nbPages, nbHits } = capStoryPages(found.total, pageSize);
  return { Articles: found.items, page, nbPages, nbHits };
}

export async function magazineStories(scope: StoryScope, magazineId: number, page: number, language?: string): Promise<StoryListAnswer> {
  const found = await cachedPage(scope, JSON.stringify(['magazine', magazineId, page, language ?? '']), () =>
    listStories(scope.viewer, { ageRating: scope.ageRating, magazineId, language, page, pageSize: STORY_PAGE_SIZE }),
  );
  return answer(found, page, STORY_PAGE_SIZE);
}

export async function keywordStories(scope: StoryScope, keywords: string[], page: number): Promise<StoryListAnswer> {
  const found = await cachedPage(scope, JSON.stringify(['keywords', [...keywords].sort(), page]), () =>
    listStories(scope.viewer, { ageRating: scope.ageRating, keywords, page, pageSize: STORY_PAGE_SIZE }),
  );
  return answer(found, page, STORY_PAGE_SIZE);
}

/** magazine-related: `hits` with the paging of a story list. */
export async function magazineRelated(scope: StoryScope, magazineId: number, page: number) {
  const found = await cachedPage(scope, JSON.stringify(['related', magazineId, page]), () => relatedStories(scope, magazineId, page, RELATED_PAGE_SIZE));
  const { Articles, nbPages, nbHits } = answer(found, page, RELATED_PAGE_SIZE);
  return { hits: Articles, page, nbPages, nbHits };
}

/** A story page's story, by canonical path or, for a single segment, by slug. */
export function storyAt(scope: StoryScope, segments: string[]): Promise<StoryRecord | null> {
  const key = `story|${visibilityKey(scope.viewer, scope.ageRating)}#${segments.join('/')}`;
  return cached('stories', key, () => (segments.length === 1 ? findStoryBySlug(scope, segments[0]) : findStoryByCanonUrl(scope, segments.join('/'))));
}

/**
 * The story categories list: the categories the viewer's library shows (kept a while, the same for all its members),
 * marked with the member's own favourites, which come first.
 */
export async function storyCategoriesFor(viewer: Viewer): Promise<CategoryRow[]> {
  const [visible, favourite] = await Promise.all([
    cached('story-categories', visibilityKey(viewer, null), () => storyCategories(viewer)),
    viewer.userId ? cached('favourite-categories', String(viewer.userId), () => favouriteStoryCategoryIds(viewer.userId!)) : Promise.resolve([]),
  ]);
  const marked = visible.map((category) => ({ ...category, is_fav: favourite.includes(category.category_id) ? 1 : 0 }));
  return [...marked.filter((category) => category.is_fav === 1), ...marked.filter((category) => category.is_fav === 0)];
}

/** The translation languages list, the same for everyone. */
export function cachedTranslationLanguages(): Promise<LanguageRow[]> {
  return cached('translation-languages', 'all', translationLanguages);
}

/** Whether a code is one of the translation languages: looked up in the kept list rather than read again. */
export async function isTranslationLanguage(code: string): Promise<boolean> {
  return (await cachedTranslationLanguages()).some((language) => language.lang_code === code);
}
