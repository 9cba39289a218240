import { z } from 'zod';

/**
 * What the routes of search-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET magazine-search */
export const getMagazineSearchBody = z.object({
  hits: z.array(z.object({
    magName: z.string(),
    slug: z.string(),
    new_imgPath: z.string(),
    objectID: z.string(),
    isGold: z.number(),
    mid: z.number(),
    issueId: z.number(),
    catId: z.number(),
    lang: z.string(),
    _highlightResult: z.object({ magName: z.object({ value: z.string(), matchLevel: z.enum(["none", "partial", "full"]), matchedWords: z.array(z.string()) }) }),
  })),
  nbHits: z.number(),
  nbPages: z.number(),
  exhaustiveNbHits: z.boolean(),
  page: z.number(),
  hitsPerPage: z.number(),
  query: z.string(),
  correctedQuery: z.string().optional(),
  status: z.string(),
});

/** GET magazine-libaray */
export const getMagazineLibarayBody = z.object({
  status: z.literal("success"),
  query: z.string(),
  correctedQuery: z.string().optional(),
  popularCat: z.array(z.object({ category_id: z.number(), name: z.string(), cat_slug: z.string(), image: z.string(), count: z.number() })),
  popularLang: z.array(z.object({ lang_code: z.string(), lang: z.string(), display_name: z.string(), count: z.number() })),
  magazineList: z.array(z.object({
    magName: z.string(),
    slug: z.string(),
    new_imgPath: z.string(),
    objectID: z.string(),
    isGold: z.number(),
    mid: z.number(),
    issueId: z.number(),
    catId: z.number(),
    lang: z.string(),
    _highlightResult: z.object({ magName: z.object({ value: z.string(), matchLevel: z.enum(["none", "partial", "full"]), matchedWords: z.array(z.string()) }) }),
  })),
  journalList: z.array(z.object({
    magName: z.string(),
    slug: z.string(),
    new_imgPath: z.string(),
    objectID: z.string(),
    isGold: z.number(),
    mid: z.number(),
    issueId: z.number(),
    catId: z.number(),
    lang: z.string(),
    _highlightResult: z.object({ magName: z.object({ value: z.string(), matchLevel: z.enum(["none", "partial", "full"]), matchedWords: z.array(z.string()) }) }),
  })),
  magazines: z.object({
    hits: z.array(z.object({
      magName: z.string(),
      slug: z.string(),
      new_imgPath: z.string(),
      objectID: z.string(),
      isGold: z.number(),
      mid: z.number(),
      issueId: z.number(),
      catId: z.number(),
      lang: z.string(),
      _highlightResult: z.object({ magName: z.object({ value: z.string(), matchLevel: z.enum(["none", "partial", "full"]), matchedWords: z.array(z.string()) }) }),
    })),
    nbHits: z.number(),
    nbPages: z.number(),
    exhaustiveNbHits: z.boolean(),
    page: z.number(),
    hitsPerPage: z.number(),
  }),
});

/** GET search_list */
export const getSearchListBody = z.union([
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
