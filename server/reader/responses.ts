import { z } from 'zod';

/**
 * What the routes of routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET issue */
export const getIssueBody = z.object({
  issueId: z.number(),
  mid: z.number(),
  magName: z.string(),
  issueName: z.string(),
  issueDate: z.string(),
  lang: z.string(),
  pageCount: z.number(),
  pages: z.array(z.object({
    pageNo: z.number(),
    width: z.number(),
    height: z.number(),
    isSpread: z.boolean(),
    alt: z.string(),
    src: z.tuple([z.string(), z.string(), z.string()]),
  })),
  lastPage: z.number().nullable(),
  expiresAt: z.number(),
  status: z.string(),
});

/** GET text */
export const getTextBody = z.object({
  pageNo: z.number(),
  hasText: z.boolean(),
  blocks: z.array(z.object({ kind: z.enum(["heading", "paragraph"]), text: z.string(), lines: z.array(z.number()) })),
  width: z.number(),
  height: z.number(),
  lines: z.array(z.object({ text: z.string(), x: z.number(), y: z.number(), w: z.number(), h: z.number(), size: z.number() })),
  status: z.string(),
});

/** GET find */
export const getFindBody = z.object({ status: z.string(), q: z.string(), pages: z.array(z.object({ pageNo: z.number(), count: z.number(), excerpt: z.string() })) });

/** PUT progress */
export const putProgressBody = z.object({ status: z.string(), page: z.number() });
