import { z } from 'zod';

/**
 * What the routes of story-category-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET story-categories */
export const getStoryCategoriesBody = z.object({
  status: z.string(),
  data: z.array(z.object({ category_id: z.number(), name: z.string(), image: z.string(), is_fav: z.number(), cat_slug: z.string() })),
});

/** PUT story-categories/:categoryId/favourite */
export const putStoryCategoriesCategoryIdFavouriteBody = z.object({ status: z.string(), category_id: z.number(), is_fav: z.number() });

/** DELETE story-categories/:categoryId/favourite: the same answer as putStoryCategoriesCategoryIdFavouriteBody. */
export const deleteStoryCategoriesCategoryIdFavouriteBody = putStoryCategoriesCategoryIdFavouriteBody;
