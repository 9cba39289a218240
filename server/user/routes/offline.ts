import { z } from 'zod';
import { SUBSCRIPTION_EXPIRED } from '@/lib/constants';
import { offlineGrant, type OfflineGrant } from '@/lib/wire';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { issueForMember } from '../../reader/access';
import { membershipIn } from '../queries';

/** How long a download stays readable without a renewal (Libby's "keep for 7 days"): OFFLINE_DAYS, 7 by default. */
export function offlineDays(): number {
  const days = Number(process.env.OFFLINE_DAYS ?? 7);
  return Number.isFinite(days) && days > 0 ? days : 7;
}

const offlineParams = z.object({ issue: z.coerce.number().int().positive().max(2_147_483_647) });
const offlineBody = z.object({ ageRating: z.coerce.number().int().min(0).max(99).optional() });


/**
 * The server's word on keeping an issue offline: asked before a download and to renew one while online. The same rule
 * as the reader's (issueForMember: an unexpired membership of the session's library, the issue visible to it at the
 * member's age rating through visibleIssueWhere), so a download never outlives the right to read it.
 */
export const offlineRoutes: ServiceRoutes = {
  'offline/:issue': {
    POST: route({
      summary:
        'Grants or renews keeping an issue for offline reading in this browser: the reader’s own visibility rule, answered with the time the download stops opening (7 days on, never past the membership’s end)',
      operationId: 'renewOfflineIssue',
      auth: 'required',
      params: offlineParams,
      body: offlineBody,
      responses: {
        200: { description: 'The member may keep the issue offline until expiresAt', body: offlineGrant },
        400: { description: 'The issue id or the age rating is not valid' },
        401: { description: 'No session' },
        403: { description: 'The membership has ended' },
        404: { description: 'No such issue in the member’s library at their age rating (another library’s, withdrawn or hidden)' },
      },
      async handler({ params, body, session }): Promise<OfflineGrant> {
        const { issue: issueId } = offlineParams.parse(params);
        const seen = await issueForMember(session.claims.uid, session.claims.libid, issueId, body.ageRating);
        if (!seen.ok && seen.refusal === 'membership-expired') throw new HttpError(403, SUBSCRIPTION_EXPIRED);
        if (!seen.ok) throw new HttpError(404, 'Issue not found', { field: 'issue' });
        const membership = await membershipIn(session.claims.uid, session.claims.libid);
        const week = Date.now() + offlineDays() * 24 * 60 * 60 * 1000;
        const ends = Math.min(week, membership ? membership.expiresAt.getTime() : week);
        return { status: 'success', issueId, expiresAt: new Date(ends).toISOString() };
      },
    }),
  },
};
