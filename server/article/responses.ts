import { z } from 'zod';

/**
 * What the routes of routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET v1/article */
export const getV1ArticleBody = z.object({
  Articles: z.array(z.object({
    artid: z.number(),
    title: z.string(),
    subtitle: z.string(),
    magname: z.string(),
    issuename: z.string(),
    time_read: z.number(),
    canon_url: z.string(),
    url: z.string(),
    base_img: z.string(),
    thumb: z.string(),
    short_desc: z.string(),
    shoppable: z.number(),
    is_news: z.number(),
    mid: z.number(),
    issid: z.number(),
    published: z.string(),
  })),
  page: z.number(),
  nbPages: z.number(),
  nbHits: z.number(),
});

/** GET v1/article-filter: the same answer as getV1ArticleBody. */
export const getV1ArticleFilterBody = getV1ArticleBody;

/** GET v1/article-search */
export const getV1ArticleSearchBody = z.union([
  z.object({
    Articles: z.array(z.object({
      objectID: z.string(),
      _highlightResult: z.object({ title: z.object({ value: z.string(), matchLevel: z.enum(["none", "partial", "full"]), matchedWords: z.array(z.string()) }) }),
      _snippetResult: z.object({ body: z.object({ value: z.string(), matchLevel: z.enum(["none", "partial", "full"]), matchedWords: z.array(z.string()) }) }),
      artid: z.number(),
      title: z.string(),
      subtitle: z.string(),
      magname: z.string(),
      issuename: z.string(),
      time_read: z.number(),
      canon_url: z.string(),
      url: z.string(),
      base_img: z.string(),
      thumb: z.string(),
      short_desc: z.string(),
      shoppable: z.number(),
      is_news: z.number(),
      mid: z.number(),
      issid: z.number(),
      published: z.string(),
    })),
    page: z.number(),
    nbPages: z.number(),
    nbHits: z.number(),
    exhaustiveNbHits: z.boolean(),
    hitsPerPage: z.number(),
    query: z.string(),
    correctedQuery: z.string().optional(),
  }),
  z.object({ Articles: z.array(z.never()), page: z.number(), nbPages: z.number(), nbHits: z.number() }),
]);

/** GET magazine-related */
export const getMagazineRelatedBody = z.object({
  hits: z.array(z.object({
    artid: z.number(),
    title: z.string(),
    subtitle: z.string(),
    magname: z.string(),
    issuename: z.string(),
    time_read: z.number(),
    canon_url: z.string(),
    url: z.string(),
    base_img: z.string(),
    thumb: z.string(),
    short_desc: z.string(),
    shoppable: z.number(),
    is_news: z.number(),
    mid: z.number(),
    issid: z.number(),
    published: z.string(),
  })),
  page: z.number(),
  nbPages: z.number(),
  nbHits: z.number(),
});
