import { z } from 'zod';
import { STORY_CATEGORIES } from '@/lib/constants';
import { isValidKeyword, type StoryListKind } from '@/lib/story-paths';
import { HttpError } from '../http/errors';
import { route, type ServiceRoutes } from '../http/handler';
import { searchStories } from '../search/stories';
import { countSearchRun } from '../usage/reading';
import { keywordStories, magazineRelated, magazineStories, storyList, type StoryListRequest } from './lists';
import { ageRatingParam, articleScope, idParam, languageParam, storeIdParam, zeroBasedPage } from './params';
import { storyRoutes } from './story-routes';
import { translationRoutes } from './translation-routes';
import { getMagazineRelatedBody, getV1ArticleBody, getV1ArticleFilterBody, getV1ArticleSearchBody } from './responses';

export const articleListQuery = z.object({
  storeID: storeIdParam,
  section: z.string().trim().max(40).optional(),
  catID: idParam.optional(),
  categoryID: idParam.optional(),
  personaCat: z.string().trim().max(40).optional(),
  issueid: idParam.optional(),
  storyCat: z.string().trim().max(40).optional(),
  page: zeroBasedPage,
  mlang: languageParam,
  age_rating: ageRatingParam,
});
type ArticleListQuery = z.infer<typeof articleListQuery>;

const SELECTORS = ['issueid', 'section', 'storyCat', 'personaCat', 'catID'] as const;

/** storyCat and personaCat name a fixed story category (sec_60, RC, recom) or, for storyCat, a category id. */
function fixedOrCategory(value: string, field: 'storyCat' | 'personaCat'): StoryListKind {
  if (value === STORY_CATEGORIES.cover.id && field === 'storyCat') return { kind: 'cover' };
  if (value === STORY_CATEGORIES.latest.id || value === STORY_CATEGORIES.latest.path) return { kind: 'latest' };
  if (value === STORY_CATEGORIES.forYou.id) return { kind: 'forYou' };
  if (field === 'storyCat' && /^\d{1,9}$/.test(value) && Number(value) > 0) return { kind: 'category', categoryId: Number(value) };
  const allowed = field === 'storyCat' ? 'sec_60, RC, recom or a category id' : 'RC or recom';
  throw new HttpError(400, `${field}: must be ${allowed}`, { field });
}

/** Which list a /v1/article call asks for; exactly one kind of selector, or 400 naming the field. */
function listRequest(query: ArticleListQuery): StoryListRequest {
  const given = SELECTORS.filter((name) => (name === 'catID' ? query.catID ?? query.categoryID : query[name]) !== undefined);
  if (given.length === 0) {
    throw new HttpError(400, 'section: give one of section, catID/categoryID, personaCat, issueid or storyCat', { field: 'section' });
  }
  if (given.length > 1) throw new HttpError(400, `${given[1]}: give only one of ${given.join(', ')}`, { field: given[1] });
  if (query.issueid !== undefined) return { kind: 'issue', issueId: query.issueid };
  if (query.section !== undefined) {
    if (query.section !== STORY_CATEGORIES.cover.id) throw new HttpError(400, 'section: only sec_60 (cover stories) is a section', { field: 'section' });
    return { kind: 'cover' };
  }
  if (query.storyCat !== undefined) return fixedOrCategory(query.storyCat, 'storyCat');
  if (query.personaCat !== undefined) return fixedOrCategory(query.personaCat, 'personaCat');
  if (query.catID !== undefined && query.categoryID !== undefined && query.catID !== query.categoryID) {
    throw new HttpError(400, 'categoryID: catID and categoryID name different categories', { field: 'categoryID' });
  }
  return { kind: 'category', categoryId: (query.categoryID ?? query.catID)! };
}

export const articleFilterQuery = z.object({
  storeID: storeIdParam,
  magid: idParam.optional(),
  keywords: z
    .string()
    .trim()
    .max(300)
    .transform((value) => [...new Set(value.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean))])
    .refine((words) => words.length > 0 && words.length <= 10 && words.every(isValidKeyword), 'must be 1 to 10 comma-separated keywords')
    .optional(),
  page: zeroBasedPage,
  age_rating: ageRatingParam,
  lang_code: languageParam,
});

export const articleSearchQuery = z.object({
  query: z.string().trim().max(100).optional().default(''),
  storeID: storeIdParam,
  page: zeroBasedPage,
  age_rating: ageRatingParam,
});

export const magazineRelatedQuery = z.object({
  mid: idParam,
  page: zeroBasedPage,
  age_rating: ageRatingParam,
});

const listRoutes: ServiceRoutes = {
  'v1/article': {
    GET: route({
      auth: 'optional',
      summary: 'Story lists (pages of 20, zero-based): cover stories (section=sec_60), a category (catID/categoryID), Latest or For You (personaCat=RC|recom), an issue (issueid), a story category (storyCat)',
      responses: { 200: { description: 'OK', body: getV1ArticleBody } },
      query: articleListQuery,
      async handler({ query, context }) {
        const request = listRequest(query);
        return storyList(request, await articleScope(context, query.age_rating), query.page, query.mlang || undefined);
      },
    }),
  },
  'v1/article-filter': {
    GET: route({
      auth: 'optional',
      summary: 'Stories of a magazine (magid, lang_code) or carrying any of the keywords (comma-separated)',
      responses: { 200: { description: 'OK', body: getV1ArticleFilterBody } },
      query: articleFilterQuery,
      async handler({ query, context }) {
        if (query.magid === undefined && query.keywords === undefined) {
          throw new HttpError(400, 'magid: give magid or keywords', { field: 'magid' });
        }
        if (query.magid !== undefined && query.keywords !== undefined) {
          throw new HttpError(400, 'keywords: give magid or keywords, not both', { field: 'keywords' });
        }
        const scope = await articleScope(context, query.age_rating);
        if (query.magid !== undefined) return magazineStories(scope, query.magid, query.page, query.lang_code || undefined);
        return keywordStories(scope, query.keywords!, query.page);
      },
    }),
  },
  'v1/article-search': {
    GET: route({
      auth: 'optional',
      summary: 'Article search: full-text search over stories (title, subtitle, keywords, text), typo-tolerant, with highlights',
      responses: { 200: { description: 'OK', body: getV1ArticleSearchBody } },
      query: articleSearchQuery,
      async handler({ query, context, session }) {
        if (!query.query) return { Articles: [], page: query.page, nbPages: 0, nbHits: 0 };
        const found = await searchStories({ viewer: await context.viewer(), query: query.query, page: query.page, ageRating: query.age_rating });
        // A new set of results is a search (Searches_Platform); the next page of the same set is not.
        if (query.page === 0) void countSearchRun(session);
        return found;
      },
    }),
  },
  'magazine-related': {
    GET: route({
      auth: 'optional',
      summary: 'Stories related to a magazine (its own first, then its category), pages of 10 in hits',
      responses: { 200: { description: 'OK', body: getMagazineRelatedBody } },
      query: magazineRelatedQuery,
      async handler({ query, context }) {
        return magazineRelated(await articleScope(context, query.age_rating), query.mid, query.page);
      },
    }),
  },
};

export const articleRoutes: ServiceRoutes = { ...listRoutes, ...storyRoutes, ...translationRoutes };
