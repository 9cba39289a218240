import { z } from 'zod';

/**
 * What the routes of mark-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET bookmarks */
export const getBookmarksBody = z.object({
  status: z.string(),
  bookmarks: z.array(z.object({
    id: z.number(),
    name: z.string(),
    issueId: z.number(),
    pageNo: z.number(),
    createdAt: z.string(),
    available: z.boolean(),
    mid: z.number().nullable(),
    magName: z.string().nullable(),
    issueName: z.string().nullable(),
  })),
});

/** POST bookmarks */
export const postBookmarksBody = z.object({
  status: z.string(),
  message: z.string(),
  bookmark: z.object({
    id: z.number(),
    name: z.string(),
    issueId: z.number(),
    pageNo: z.number(),
    createdAt: z.string(),
    available: z.boolean(),
    mid: z.number().nullable(),
    magName: z.string().nullable(),
    issueName: z.string().nullable(),
  }),
});

/** PUT bookmarks/:id */
export const putBookmarksIdBody = z.object({ status: z.string(), message: z.string(), name: z.string() });

/** DELETE bookmarks/:id */
export const deleteBookmarksIdBody = z.object({ status: z.string(), message: z.string() });

/** GET clippings */
export const getClippingsBody = z.object({
  status: z.string(),
  clippings: z.array(z.object({
    region: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
    text: z.string().nullable(),
    textScope: z.string(),
    imageUrl: z.string().nullable(),
    shareUrl: z.string().nullable(),
    id: z.number(),
    name: z.string(),
    issueId: z.number(),
    pageNo: z.number(),
    createdAt: z.string(),
    available: z.boolean(),
    mid: z.number().nullable(),
    magName: z.string().nullable(),
    issueName: z.string().nullable(),
  })),
});

/** POST clippings */
export const postClippingsBody = z.object({
  status: z.string(),
  message: z.string(),
  clipping: z.object({
    region: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
    text: z.string().nullable(),
    textScope: z.string(),
    imageUrl: z.string().nullable(),
    shareUrl: z.string().nullable(),
    id: z.number(),
    name: z.string(),
    issueId: z.number(),
    pageNo: z.number(),
    createdAt: z.string(),
    available: z.boolean(),
    mid: z.number().nullable(),
    magName: z.string().nullable(),
    issueName: z.string().nullable(),
  }),
});

/** PUT clippings/:id: the same answer as putBookmarksIdBody. */
export const putClippingsIdBody = putBookmarksIdBody;

/** DELETE clippings/:id: the same answer as deleteBookmarksIdBody. */
export const deleteClippingsIdBody = deleteBookmarksIdBody;

/** POST clippings/:id/share */
export const postClippingsIdShareBody = z.object({ status: z.string(), message: z.string(), shareUrl: z.string() });

/** GET sharedClipping/:token */
export const getSharedClippingTokenBody = z.object({
  status: z.string(),
  clipping: z.object({
    name: z.string(),
    issueId: z.number(),
    pageNo: z.number(),
    mid: z.number(),
    magName: z.string(),
    issueName: z.string(),
    text: z.string(),
    textScope: z.string(),
    region: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
    imageUrl: z.string(),
  }),
});
