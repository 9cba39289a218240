import { z } from 'zod';
import { categoryRow } from '@/lib/wire';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import type { RequestContext } from '../../context/request';
import { idParam } from '../../article/params';
import { storyCategoriesFor } from '../../article/lists';
import { setFavouriteStoryCategory, visibleCategory } from '../../article/queries';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET story-categories */
const getStoryCategoriesBody = z.object({ status: z.string(), data: z.array(categoryRow) });

/** PUT story-categories/:categoryId/favourite */
const putStoryCategoriesCategoryIdFavouriteBody = z.object({ status: z.string(), category_id: z.number(), is_fav: z.number() });

/** DELETE story-categories/:categoryId/favourite: the same answer as putStoryCategoriesCategoryIdFavouriteBody. */
const deleteStoryCategoriesCategoryIdFavouriteBody = putStoryCategoriesCategoryIdFavouriteBody;

export const storyCategoryParams = z.object({ categoryId: idParam });
export const storyCategoriesQuery = z.object({ lang: z.string().trim().max(10).optional() });

/** Marking needs the category to be one the member may see; anything else is not found. */
async function toggle(params: Record<string, string>, context: RequestContext, favourite: boolean) {
  const { categoryId } = storyCategoryParams.parse(params);
  const viewer = await context.viewer();
  if (!viewer.userId) throw new HttpError(401, 'Sign in to continue');
  if (!(await visibleCategory(viewer, categoryId))) throw new HttpError(404, 'Category not found');
  await setFavouriteStoryCategory(viewer.userId, categoryId, favourite);
  return { status: 'success', category_id: categoryId, is_fav: favourite ? 1 : 0 };
}

/**
 * The story categories of SPEC §7 (catalogue service: 'story categories (sorted favourites first)'), and marking
 * one as a favourite. The spec does not show their paths; these are ours.
 */
export const storyCategoryRoutes: ServiceRoutes = {
  'story-categories': {
    GET: route({
      auth: 'optional',
      summary: 'Story categories the reader may see, the member’s favourites first (is_fav)',
      responses: { 200: { description: 'OK', body: getStoryCategoriesBody } },
      query: storyCategoriesQuery,
      async handler({ context }) {
        return { status: 'success', data: await storyCategoriesFor(await context.viewer()) };
      },
    }),
  },
  'story-categories/:categoryId/favourite': {
    PUT: route({
      summary: 'Marks a story category as one of the member’s favourites',
      responses: { 200: { description: 'OK', body: putStoryCategoriesCategoryIdFavouriteBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      async handler({ params, context }) {
        return toggle(params, context, true);
      },
    }),
    DELETE: route({
      summary: 'Unmarks a favourite story category',
      responses: { 200: { description: 'OK', body: deleteStoryCategoriesCategoryIdFavouriteBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      async handler({ params, context }) {
        return toggle(params, context, false);
      },
    }),
  },
};
