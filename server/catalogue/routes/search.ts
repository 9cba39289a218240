import { z } from 'zod';
import { INITIAL_LIBRARY_SEARCH_AGGS_COUNT } from '@/lib/constants';
import { magazineSearchHit, magazineSearchPage } from '@/lib/wire';
import { route, type ServiceRoutes } from '../../http/handler';
import { ISSUE_SEARCH_PAGE_SIZE, searchIssues } from '../../search/issues';
import { libraryCatalogue, MAGAZINE_SEARCH_PAGE_SIZE, searchMagazines } from '../../search/magazines';
import { MAX_QUERY_LENGTH } from '../../search/text';
import { countSearchRun } from '../../usage/reading';
import { languageFilter } from './filters';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET magazine-search */
const getMagazineSearchBody = magazineSearchPage.extend({
  query: z.string(),
  correctedQuery: z.string().optional(),
  status: z.string(),
});

/** GET magazine-libaray */
const getMagazineLibarayBody = z.object({
  status: z.literal("success"),
  query: z.string(),
  correctedQuery: z.string().optional(),
  popularCat: z.array(z.object({ category_id: z.number(), name: z.string(), cat_slug: z.string(), image: z.string(), count: z.number() })),
  popularLang: z.array(z.object({ lang_code: z.string(), lang: z.string(), display_name: z.string(), count: z.number() })),
  magazineList: z.array(magazineSearchHit),
  journalList: z.array(magazineSearchHit),
  magazines: magazineSearchPage,
});

/** GET search_list */
const getSearchListBody = z.union([
  z.object({
    status: z.literal("success"),
    hits: z.array(z.object({
      pages: z.array(z.object({ page: z.number(), _highLight: z.string() })),
      issue: z.object({ iss_id: z.number(), iss_name: z.string(), magId: z.number(), iss_date: z.string() }),
      magDetails: z.object({ magName: z.string(), img: z.string() }),
      fIn: z.number(),
    })),
    nbHits: z.number(),
    nbPages: z.number(),
    exhaustiveNbHits: z.boolean(),
    page: z.number(),
    hitsPerPage: z.number(),
    query: z.string(),
    correctedQuery: z.string().optional(),
  }),
  z.object({
    query: z.string(),
    hits: z.array(z.never()),
    nbHits: z.number(),
    nbPages: z.number(),
    exhaustiveNbHits: z.boolean(),
    page: z.number(),
    hitsPerPage: z.number(),
    status: z.string(),
  }),
]);

const libraryId = z.coerce.number().int().min(0).max(2_147_483_647).optional();
const searchText = z.string().trim().max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`).optional().default('');
/** Search pages are zero-based, as Algolia's are. */
const searchPage = z.coerce.number().int().min(0).max(10_000).optional().default(0);
const ageRating = z.coerce.number().int().min(0).max(99).optional();
const goldFlag = z.enum(['0', '1']).optional().default('1');

export const magazineSearchQuery = z.object({
  q: searchText,
  p: searchPage,
  age_rating: ageRating,
  storeID: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  isGold: goldFlag,
  libid: libraryId,
});

export const libraryCatalogueQuery = z.object({
  query: searchText,
  libID: libraryId,
  page: searchPage,
  aggsCount: z.coerce.number().int().min(1).max(100).optional().default(INITIAL_LIBRARY_SEARCH_AGGS_COUNT),
  lang: languageFilter,
  cat: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  age_rating: ageRating,
});

export const issueSearchQuery = z.object({
  q: searchText,
  isGold: goldFlag,
  issueId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: searchPage,
  age_rating: ageRating,
  libid: libraryId,
});

const emptyPage = (page: number, hitsPerPage: number) => ({ hits: [], nbHits: 0, nbPages: 0, exhaustiveNbHits: true, page, hitsPerPage });

/** The catalogue service's search calls (SPEC §7); spread into the catalogue table in server/services.ts. */
export const searchRoutes: ServiceRoutes = {
  'magazine-search': {
    GET: route({
      auth: 'optional',
      summary: 'Magazine search: titles by name or description, typos forgiven, best first; zero-based pages of 20',
      responses: { 200: { description: 'OK', body: getMagazineSearchBody } },
      query: magazineSearchQuery,
      async handler({ query, context, session }) {
        if (!query.q) return { status: 'success', ...emptyPage(query.p, MAGAZINE_SEARCH_PAGE_SIZE), query: '' };
        const viewer = await context.viewer(query.libid);
        const result = await searchMagazines({
          viewer,
          query: query.q,
          page: query.p,
          // The call's age_rating, else the member's ageRating cookie, as the reader code call and the reader read it.
          ageRating: query.age_rating || context.requestedAgeRating,
          includeGold: query.isGold === '1',
          storeId: query.storeID,
        });
        // A new set of results is a search (Searches_Platform); the next page of the same set is not.
        if (query.p === 0) void countSearchRun(session);
        return { status: 'success', ...result };
      },
    }),
  },
  'magazine-libaray': {
    GET: route({
      auth: 'optional',
      summary: 'The library catalogue for the search overlay: matching titles, popular magazines and journals, category and language facets',
      responses: { 200: { description: 'OK', body: getMagazineLibarayBody } },
      query: libraryCatalogueQuery,
      async handler({ query, context, session }) {
        const viewer = await context.viewer(query.libID);
        const catalogue = await libraryCatalogue({
          viewer,
          query: query.query,
          page: query.page,
          aggsCount: query.aggsCount,
          language: query.lang || undefined,
          categoryId: query.cat,
          // The call's age_rating, else the member's ageRating cookie, as the reader code call and the reader read it.
          ageRating: query.age_rating || context.requestedAgeRating,
          includeGold: true,
        });
        // Without words it is the overlay's browsing lists, not a search.
        if (query.query && query.page === 0) void countSearchRun(session);
        return catalogue;
      },
    }),
  },
  // Not counted as a search: it is the discover half of the magazine search's results (one search, two queries).
  search_list: {
    GET: route({
      auth: 'optional',
      summary: 'Issues whose pages hold the words, with the matching page numbers and highlighted text (the discover tile)',
      responses: { 200: { description: 'OK', body: getSearchListBody } },
      query: issueSearchQuery,
      async handler({ query, context }) {
        if (!query.q) return { status: 'success', ...emptyPage(query.page, ISSUE_SEARCH_PAGE_SIZE), query: '' };
        const viewer = await context.viewer(query.libid);
        return searchIssues({
          viewer,
          query: query.q,
          includeGold: query.isGold === '1',
          issueId: query.issueId,
          page: query.page,
          // The call's age_rating, else the member's ageRating cookie, as the reader code call and the reader read it.
          ageRating: query.age_rating || context.requestedAgeRating,
        });
      },
    }),
  },
};
