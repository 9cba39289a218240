import { z } from 'zod';

/**
 * What the routes of import-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET imports */
export const getImportsBody = z.object({
  jobs: z.array(z.object({
    id: z.number(),
    fileName: z.string(),
    status: z.string(),
    error: z.string().nullable(),
    bytes: z.number().nullable(),
    pagesDone: z.number(),
    pageCount: z.number().nullable(),
    issueId: z.number().nullable(),
    magazineId: z.number().nullable(),
    titleName: z.string().nullable(),
    issueName: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    warnings: z.array(z.string()),
    dateNote: z.string().nullable(),
    sources: z.record(z.string(), z.string()).nullable(),
    defaults: z.unknown(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  status: z.string(),
});

/** POST imports */
export const postImportsBody = z.object({
  status: z.string(),
  job: z.object({
    id: z.number(),
    fileName: z.string(),
    status: z.string(),
    error: z.string().nullable(),
    bytes: z.number().nullable(),
    pagesDone: z.number(),
    pageCount: z.number().nullable(),
    issueId: z.number().nullable(),
    magazineId: z.number().nullable(),
    titleName: z.string().nullable(),
    issueName: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    warnings: z.array(z.string()),
    dateNote: z.string().nullable(),
    sources: z.record(z.string(), z.string()).nullable(),
    defaults: z.unknown(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
  maxBytes: z.number(),
});

/** GET imports/:jobId */
export const getImportsJobIdBody = z.object({
  status: z.string(),
  job: z.object({
    id: z.number(),
    fileName: z.string(),
    status: z.string(),
    error: z.string().nullable(),
    bytes: z.number().nullable(),
    pagesDone: z.number(),
    pageCount: z.number().nullable(),
    issueId: z.number().nullable(),
    magazineId: z.number().nullable(),
    titleName: z.string().nullable(),
    issueName: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    warnings: z.array(z.string()),
    dateNote: z.string().nullable(),
    sources: z.record(z.string(), z.string()).nullable(),
    defaults: z.unknown(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
});

/** DELETE imports/:jobId: the same answer as getImportsJobIdBody. */
export const deleteImportsJobIdBody = getImportsJobIdBody;

/** PUT imports/:jobId/file: the same answer as getImportsJobIdBody. */
export const putImportsJobIdFileBody = getImportsJobIdBody;
