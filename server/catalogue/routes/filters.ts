import { z } from 'zod';
import { DEFAULT_STORE_ID } from '@/lib/constants';
import { cataloguePage, categoryRow, languageRow } from '@/lib/wire';
import { route, type ServiceRoutes } from '../../http/handler';
import { cachedListing, magazineScope } from '../browse';
import { allLanguages, allStores, isTopList, visibleCategories } from '../queries';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET getCategories */
const getCategoriesBody = z.object({ status: z.string(), data: z.array(categoryRow) });

/** GET getLanguages */
const getLanguagesBody = z.object({ status: z.string(), data: z.array(languageRow) });

/** GET getStores */
const getStoresBody = z.object({ status: z.string(), data: z.array(z.object({ store_id: z.number(), name: z.string(), country: z.string() })) });

/** GET magazine-filter */
const getMagazineFilterBody = cataloguePage(
  z.object({
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
  }),
);

/** A language code to filter by, or none ('' or left out): every language. */
export const languageFilter = z
  .string()
  .trim()
  .regex(/^[a-z]{0,3}$/, 'must be a language code')
  .optional()
  .default('');

const optionalLibraryId = z.coerce.number().int().min(0).max(2_147_483_647).optional();

export const getCategoriesQuery = z.object({
  lang: z.string().trim().max(10).optional(),
  libid: optionalLibraryId,
});

export const magazineFilterQuery = z
  .object({
    libid: optionalLibraryId,
    gold: z.enum(['0', '1']).optional().default('1'),
    storeID: z.coerce.number().int().positive().max(2_147_483_647).optional().default(DEFAULT_STORE_ID),
    // Optional only with a language: every title in that language (the /q/temp catalogue's magazines by language code).
    categoryID: z
      .string()
      .trim()
      .regex(/^(BS|F|IF|TF|NA|\d{1,9})$/, 'must be a category id or one of BS, F, IF, TF, NA')
      .optional(),
    lang: languageFilter,
    age_rate: z.coerce.number().int().min(0).max(99).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  })
  .superRefine((query, ctx) => {
    if (!query.categoryID && !query.lang) ctx.addIssue({ code: 'custom', path: ['categoryID'], message: 'is required without lang' });
  });
export type MagazineFilterQuery = z.infer<typeof magazineFilterQuery>;

export const filterRoutes: ServiceRoutes = {
  getCategories: {
    GET: route({
      auth: 'optional',
      summary: 'Categories the viewer may see (SPEC §5 visibility), favourites marked',
      responses: { 200: { description: 'OK', body: getCategoriesBody } },
      query: getCategoriesQuery,
      async handler({ query, context }) {
        const viewer = await context.viewer(query.libid);
        return { status: 'success', data: await visibleCategories(viewer) };
      },
    }),
  },
  getLanguages: {
    GET: route({
      summary: 'Languages, the fixed list first',
      responses: { 200: { description: 'OK', body: getLanguagesBody } },
      auth: 'none',
      async handler() {
        return { status: 'success', data: await allLanguages() };
      },
    }),
  },
  getStores: {
    GET: route({
      summary: 'Stores (store id 1 is India, IN)',
      responses: { 200: { description: 'OK', body: getStoresBody } },
      auth: 'none',
      async handler() {
        return { status: 'success', data: await allStores() };
      },
    }),
  },
  'magazine-filter': {
    GET: route({
      auth: 'optional',
      summary: 'Magazines by top list or category, language, gold and age rating; pages of 20',
      responses: { 200: { description: 'OK', body: getMagazineFilterBody } },
      query: magazineFilterQuery,
      async handler(ctx) {
        const { query } = ctx;
        const { viewer, rating: ageRating } = await magazineScope(ctx);
        const category = query.categoryID ?? '';
        const list = isTopList(category) ? category : undefined;
        const { items, total } = await cachedListing(viewer, {
          list,
          categoryId: list || !category ? undefined : Number(category),
          language: query.lang || undefined,
          includeGold: query.gold === '1',
          ageRating,
          page: query.page,
        });
        return { status: 'success', page: query.page, nbPages: Math.ceil(total / 20), total, data: items };
      },
    }),
  },
};
