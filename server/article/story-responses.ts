import { z } from 'zod';

/**
 * What the routes of story-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET v1/article/:mid/:issid/:artid */
export const getV1ArticleMidIssidArtidBody = z.object({
  status: z.string(),
  data: z.object({
    body: z.string(),
    is_preview: z.number(),
    keywords: z.array(z.string()),
    lang: z.string(),
    page_no: z.number(),
    cat_id: z.number(),
    cat_name: z.string(),
    cat_slug: z.string(),
    issue_date: z.string(),
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
  }),
});

/** GET v1/article-by-url: the same answer as getV1ArticleMidIssidArtidBody. */
export const getV1ArticleByUrlBody = getV1ArticleMidIssidArtidBody;
