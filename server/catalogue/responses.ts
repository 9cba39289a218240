import { z } from 'zod';

/**
 * What the routes of routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET getCategories */
export const getCategoriesBody = z.object({
  status: z.string(),
  data: z.array(z.object({ category_id: z.number(), name: z.string(), image: z.string(), is_fav: z.number(), cat_slug: z.string() })),
});

/** GET getLanguages */
export const getLanguagesBody = z.object({
  status: z.string(),
  data: z.array(z.object({ lang_code: z.string(), _lang: z.string(), lang: z.string(), display_name: z.string(), cc: z.string(), store_id: z.number() })),
});

/** GET getStores */
export const getStoresBody = z.object({ status: z.string(), data: z.array(z.object({ store_id: z.number(), name: z.string(), country: z.string() })) });

/** GET magazine-filter */
export const getMagazineFilterBody = z.object({
  status: z.string(),
  page: z.number(),
  nbPages: z.number(),
  total: z.number(),
  data: z.array(z.object({
    mid: z.number(),
    magName: z.string(),
    slug: z.string(),
    catId: z.number(),
    lang: z.string(),
    isGold: z.number(),
    issueId: z.number(),
    issueName: z.string(),
    issueDate: z.string(),
    img: z.string(),
    width: z.number(),
    height: z.number(),
  })),
});
