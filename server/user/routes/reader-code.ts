import { z } from 'zod';
import { AGE_RATING_DEFAULT, DEFAULT_COUNTRY, DEFAULT_STORE_ID, SUBSCRIPTION_EXPIRED } from '@/lib/constants';
import { findIssueWithVisibility } from '../../catalogue/titles';
import { titleAgeRating } from '../../context/ratings';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { issueReaderCode } from '../../reader/code';
import { warmPages } from '../../reader/images';
import { viewerOfLibrary } from '../../context/viewer';
import { membershipIn } from '../queries';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** POST genCode */
const postGenCodeBody = z.object({ status: z.string(), code: z.string(), expiresAt: z.string() });

const id = z.coerce.number().int().positive().max(2_147_483_647);
const flag = z.coerce.number().int().min(0).max(1);

export const genCodeQuery = z.object({ isLib: z.enum(['0', '1']).optional().default('1') });

/** SPEC §7 reader code call: the body fields as the spec names them. */
export const genCodeBody = z.object({
  user_id: id,
  issue: id,
  store_id: z.coerce.number().int().positive().max(1_000).optional().default(DEFAULT_STORE_ID),
  user_con: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .optional()
    .default(DEFAULT_COUNTRY),
  readtype: z.enum(['reader']).optional().default('reader'),
  userLang: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}$/, 'must be a language code')
    .optional()
    .default('en'),
  purType: z.coerce.number().int().min(0).max(9).optional().default(1),
  isnews: flag.optional().default(0),
  ageRating: z.coerce.number().int().min(0).max(99).optional().default(AGE_RATING_DEFAULT.reader),
  device: z.string().trim().min(1).max(40).optional().default('web'),
  clvr: z.string().trim().max(40).optional().default(''),
  lib_id: id,
  'Is Gold': flag.optional().default(1),
});
export type GenCodeBody = z.infer<typeof genCodeBody>;


export const readerCodeRoutes: ServiceRoutes = {
  genCode: {
    POST: route({
      summary: 'A short-lived reader code for one issue, bound to the member, their library and the issue (SPEC §7)',
      responses: { 200: { description: 'OK', body: postGenCodeBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      query: genCodeQuery,
      body: genCodeBody,
      async handler({ body, session }) {
        const claims = session.claims;
        if (body.user_id !== claims.uid) throw new HttpError(403, 'user_id does not match the signed-in user', { field: 'user_id' });
        if (!claims.libid || body.lib_id !== claims.libid) throw new HttpError(403, 'lib_id is not the library you read through', { field: 'lib_id' });
        const now = Date.now();
        const membership = await membershipIn(claims.uid, claims.libid);
        // The membership row decides, not the token: a membership the library extended reads again at once, and one it ended stops at once.
        if (!membership || membership.expiresAt.getTime() <= now) {
          throw new HttpError(403, SUBSCRIPTION_EXPIRED);
        }
        // The membership's library is the session's (libid checked above): its rules decide what the member may read.
        const viewer = viewerOfLibrary(membership.library, claims.uid);
        const ageRating = titleAgeRating(viewer, body.ageRating);
        const found = await findIssueWithVisibility(viewer, ageRating, body.issue);
        if (!found) throw new HttpError(404, 'Issue not found', { field: 'issue' });
        if (found.issue.isGold && body['Is Gold'] !== 1) throw new HttpError(403, 'This issue is in a gold title', { field: 'issue' });
        if (!found.visible) throw new HttpError(403, 'This issue is not available in your library', { field: 'issue' });
        const { issue } = found;
        const { code, expiresAt } = await issueReaderCode({ userId: claims.uid, libraryId: claims.libid, issueId: issue.issueId, sessionIssuedAt: claims.iat });
        // The reader opens next: its first page starts rendering now, while the new tab loads.
        warmPages(issue.issueId, [1]);
        return { status: 'success', code, expiresAt: expiresAt.toISOString() };
      },
    }),
  },
};
