import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail, normaliseEmail } from '@/lib/email';

/** Field schemas the console routes share; each route's own schema sits beside its handler. */
export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const emailField = z.string().trim().max(254).refine(isValidEmail, INVALID_EMAIL_MESSAGE).transform(normaliseEmail);
export const pageField = z.coerce.number().int().min(0).max(100_000).default(0);
export const pageSizeField = z.coerce.number().int().min(1).max(100).default(25);
export const searchField = z.string().trim().max(200).optional();
/** What a console list answers beside its rows: `z.object({ members: z.array(memberRow), ...listPageFields })`. */
export const listPageFields = { page: z.number(), pageSize: z.number(), total: z.number(), status: z.string() };
