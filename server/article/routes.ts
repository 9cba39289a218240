import { z } from 'zod';
import { effectiveAgeRating } from '@/lib/age';
import { AGE_RATING_DEFAULT, DEFAULT_STORE_ID } from '@/lib/constants';
import { capStoryPages } from '@/lib/story-paging';
import { HttpError } from '../http/errors';
import { route, type ServiceRoutes } from '../http/handler';
import { viewerFor } from '../viewer';
import { listStories } from './queries';

export const STORY_PAGE_SIZE = 20;

export const articleListQuery = z.object({
  storeID: z.coerce.number().int().positive().optional().default(DEFAULT_STORE_ID),
  section: z.string().trim().max(40).optional(),
  catID: z.coerce.number().int().positive().optional(),
  categoryID: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  mlang: z
    .string()
    .trim()
    .regex(/^[a-z]{0,3}$/, 'must be a language code')
    .optional(),
  age_rating: z.coerce.number().int().min(0).max(99).optional(),
});

export const articleRoutes: ServiceRoutes = {
  'v1/article': {
    GET: route({
      summary: 'Story lists: cover stories (section=sec_60) or a content category (catID/categoryID)',
      query: articleListQuery,
      async handler({ query, session }) {
        const viewer = await viewerFor(session);
        const ageRating = effectiveAgeRating(query.age_rating, AGE_RATING_DEFAULT.article, viewer.libraryAgeRate);
        const categoryId = query.categoryID ?? query.catID;
        if (!query.section && categoryId === undefined) {
          throw new HttpError(400, 'section: give section, catID or categoryID', { field: 'section' });
        }
        if (query.section && query.section !== 'sec_60') {
          throw new HttpError(400, 'section: only sec_60 (cover stories) is a section', { field: 'section' });
        }
        const { items, total } = await listStories(viewer, {
          section: query.section ? 'cover' : undefined,
          categoryId,
          language: query.mlang || undefined,
          ageRating,
          page: query.page,
          pageSize: STORY_PAGE_SIZE,
        });
        const { nbPages, nbHits } = capStoryPages(total, STORY_PAGE_SIZE);
        return { Articles: items, page: query.page, nbPages, nbHits };
      },
    }),
  },
};
