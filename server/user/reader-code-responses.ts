import { z } from 'zod';

/**
 * What the routes of reader-code-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** POST genCode */
export const postGenCodeBody = z.object({ status: z.string(), code: z.string(), expiresAt: z.string() });
