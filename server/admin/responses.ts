import { z } from 'zod';

/**
 * What the routes of routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET me */
export const getMeBody = z.object({ status: z.string(), userId: z.number(), label: z.string(), operator: z.boolean(), libraryIds: z.array(z.number()) });

/** GET libraries */
export const getLibrariesBody = z.object({ status: z.string(), libraries: z.array(z.object({ id: z.number(), name: z.string() })) });

/** GET roles */
export const getRolesBody = z.object({
  status: z.string(),
  roles: z.array(z.object({
    userId: z.number(),
    email: z.string().nullable(),
    name: z.string(),
    role: z.enum(["staff", "operator"]),
    libraryId: z.number().nullable(),
  })),
});

/** POST roles */
export const postRolesBody = z.object({ userId: z.number(), created: z.boolean(), status: z.string() });

/** DELETE roles */
export const deleteRolesBody = z.object({ status: z.string() });

/** GET audit */
export const getAuditBody = z.object({
  entries: z.array(z.object({
    target: z.string(),
    id: z.number(),
    at: z.string(),
    libraryId: z.number().nullable(),
    action: z.string(),
    actorUserId: z.number().nullable(),
    actorLabel: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  })),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  status: z.string(),
});
