import { z } from 'zod';

/**
 * What the routes of member-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET libraries/:libraryId/members */
export const getLibrariesLibraryIdMembersBody = z.object({
  members: z.array(z.object({
    userId: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    userType: z.string(),
    expiresAt: z.string(),
    active: z.boolean(),
  })),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  status: z.string(),
});

/** POST libraries/:libraryId/members */
export const postLibrariesLibraryIdMembersBody = z.object({
  status: z.string(),
  member: z.object({
    userId: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    userType: z.string(),
    expiresAt: z.string(),
    active: z.boolean(),
  }),
});

/** PUT libraries/:libraryId/members/:userId: the same answer as postLibrariesLibraryIdMembersBody. */
export const putLibrariesLibraryIdMembersUserIdBody = postLibrariesLibraryIdMembersBody;

/** DELETE libraries/:libraryId/members/:userId */
export const deleteLibrariesLibraryIdMembersUserIdBody = z.object({ userId: z.number(), removed: z.record(z.string(), z.number()), status: z.string() });

/** POST libraries/:libraryId/members/:userId/end: the same answer as postLibrariesLibraryIdMembersBody. */
export const postLibrariesLibraryIdMembersUserIdEndBody = postLibrariesLibraryIdMembersBody;

/** POST libraries/:libraryId/member-import/preview */
export const postLibrariesLibraryIdMemberImportPreviewBody = z.object({
  summary: z.object({ rows: z.number(), add: z.number(), change: z.number(), unchanged: z.number(), refuse: z.number() }),
  rows: z.array(z.object({
    line: z.number(),
    identifier: z.string(),
    name: z.string(),
    endDate: z.string(),
    outcome: z.enum(["add", "change", "unchanged", "refuse"]),
    reason: z.string(),
  })),
  status: z.string(),
});

/** POST libraries/:libraryId/member-import: the same answer as postLibrariesLibraryIdMemberImportPreviewBody. */
export const postLibrariesLibraryIdMemberImportBody = postLibrariesLibraryIdMemberImportPreviewBody;

/** GET libraries/:libraryId/access-codes */
export const getLibrariesLibraryIdAccessCodesBody = z.object({
  codes: z.array(z.object({
    id: z.number(),
    code: z.string(),
    days: z.number(),
    useLimit: z.number().nullable(),
    usesLeft: z.number(),
    uses: z.number(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
  })),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  status: z.string(),
});

/** POST libraries/:libraryId/access-codes */
export const postLibrariesLibraryIdAccessCodesBody = z.object({
  status: z.string(),
  code: z.object({
    id: z.number(),
    code: z.string(),
    days: z.number(),
    useLimit: z.number().nullable(),
    usesLeft: z.number(),
    uses: z.number(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
});

/** GET libraries/:libraryId/access-codes/:codeId */
export const getLibrariesLibraryIdAccessCodesCodeIdBody = z.object({
  code: z.object({
    id: z.number(),
    code: z.string(),
    days: z.number(),
    useLimit: z.number().nullable(),
    usesLeft: z.number(),
    uses: z.number(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  uses: z.array(z.object({
    usedAt: z.string(),
    userId: z.number().nullable(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  })),
  status: z.string(),
});

/** DELETE libraries/:libraryId/access-codes/:codeId: the same answer as postLibrariesLibraryIdAccessCodesBody. */
export const deleteLibrariesLibraryIdAccessCodesCodeIdBody = postLibrariesLibraryIdAccessCodesBody;
