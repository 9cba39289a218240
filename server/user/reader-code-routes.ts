import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { effectiveAgeRating } from '@/lib/age';
import { AGE_RATING_DEFAULT } from '@/lib/constants';
import { issueReaderCode } from '../auth/reader-code';
import { visibleMagazineWhere } from '../catalogue/visibility';
import { getDb } from '../db/client';
import { categories, issues, magazines } from '../db/schema';
import { HttpError } from '../http/errors';
import { route, type ServiceRoutes } from '../http/handler';
import { viewerFor } from '../viewer';
import { membershipIn } from './queries';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** SPEC §7 'Reader code call'; the fixed values (store_id 1, user_con IN, readtype reader...) are accepted as sent. */
export const genCodeBody = z.object({
  user_id: id,
  issue: id,
  lib_id: id.optional(),
  store_id: z.coerce.number().int().optional(),
  user_con: z.string().max(4).optional(),
  readtype: z.string().max(20).optional(),
  userLang: z.string().max(10).optional(),
  purType: z.coerce.number().int().optional(),
  isnews: z.coerce.number().int().optional(),
  ageRating: z.coerce.number().int().min(0).max(99).optional(),
  device: z.string().max(20).optional(),
  clvr: z.string().max(40).optional(),
  isGold: z.coerce.number().int().optional(),
});
export const genCodeQuery = z.object({ isLib: z.string().max(2).optional() });

export const readerCodeRoutes: ServiceRoutes = {
  genCode: {
    POST: route({
      summary: 'A short-lived reader code for one issue, bound to the signed-in member and their library',
      auth: 'required',
      query: genCodeQuery,
      body: genCodeBody,
      async handler({ body, session }) {
        const claims = session!.claims;
        if (body.user_id !== claims.uid) throw new HttpError(403, 'user_id does not match the signed-in user', { field: 'user_id' });
        if (body.lib_id !== undefined && body.lib_id !== claims.libid) throw new HttpError(403, 'lib_id is not the library you read through', { field: 'lib_id' });
        const membership = claims.libid ? await membershipIn(claims.uid, claims.libid) : null;
        if (!membership || membership.expiresAt.getTime() <= Date.now()) throw new HttpError(403, 'Oops! Your subscription has expired');
        const viewer = await viewerFor(session);
        const ageRating = effectiveAgeRating(body.ageRating, AGE_RATING_DEFAULT.reader, viewer.libraryAgeRate);
        const found = await getDb()
          .select({ id: issues.id })
          .from(issues)
          .innerJoin(magazines, eq(magazines.id, issues.magazineId))
          .innerJoin(categories, eq(categories.id, magazines.categoryId))
          .where(and(eq(issues.id, body.issue), visibleMagazineWhere(viewer, ageRating)))
          .limit(1);
        if (!found[0]) throw new HttpError(404, 'Issue not found', { field: 'issue' });
        return { status: 'success', code: await issueReaderCode(claims.uid, claims.libid, body.issue) };
      },
    }),
  },
};
