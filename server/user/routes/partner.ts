import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { signedInBody } from '@/lib/wire';
import { INVALID_EMAIL_MESSAGE, isValidEmail, normaliseEmail } from '@/lib/email';
import { safeSameSitePath } from '@/lib/sign-in-paths';
import { catalogueBase } from '@/lib/navigation';
import { getDb } from '../../db/client';
import { issues, partnerLinks } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { siteOrigin } from '../../http/origin';
import { limit } from '../../auth/limits';
import { enforceLimits } from '../../auth/rate-limit';
import { hashSecret } from '../../auth/secrets';
import { completeSignIn, linkedMembershipEnd } from '../../auth/sign-in';
import { extendMembership, findLibrary, findOrCreateUser } from '../queries';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** POST services/v8/thirdParty */
const postServicesV8ThirdPartyBody = z.object({ status: z.string(), randomtoken: z.string(), url: z.string(), expiresIn: z.number() });

/** POST validateToken */
const postValidateTokenBody = signedInBody.extend({ redirect: z.string() });

/** How long a partner's link works: long enough to click, short enough that a leaked one is soon useless. */
export const PARTNER_LINK_SECONDS = 10 * 60;

export const thirdPartyBody = z.object({
  email: z.string().trim().max(254).refine(isValidEmail, INVALID_EMAIL_MESSAGE).transform(normaliseEmail),
  libId: z.coerce.number().int().positive().max(2_147_483_647),
  issid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** A same-site path to open after sign-in when no issue is named. */
  dest: z.string().max(2048).optional(),
});

export const validateTokenBody = z.object({ randomtoken: z.string().trim().min(16).max(200).regex(/^[A-Za-z0-9_-]+$/, 'is not a sign-in link token') });

function sameSecret(sent: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(sent), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const LINK_REFUSED = 'This sign-in link has expired or was already used. Please open it again from where you found it.';

export const partnerRoutes: ServiceRoutes = {
  'services/v8/thirdParty': {
    POST: route({
      summary: 'The third-party link builder: a partner (X-Partner-Key) makes a single-use sign-in link for one of its readers',
      responses: { 200: { description: 'OK', body: postServicesV8ThirdPartyBody }, 403: { description: 'Refused: not allowed for this person or library' }, 429: { description: 'Too many requests; try again later' } },
      auth: 'none',
      body: thirdPartyBody,
      async handler({ body, req, ip }) {
        const header = req.headers['x-partner-key'];
        const key = Array.isArray(header) ? header[0] : header;
        const library = await findLibrary(body.libId);
        if (!key || !library?.partnerKeyHash || !sameSecret(key, library.partnerKeyHash)) {
          await enforceLimits([limit('partnerKeyFailuresPerIp', `partner-key-ip:${ip}`)]);
          throw new HttpError(403, 'The partner key is missing or not valid for this library.');
        }
        if (body.issid) {
          const found = await getDb().select({ id: issues.id }).from(issues).where(eq(issues.id, body.issid)).limit(1);
          if (!found[0]) throw new HttpError(400, 'issid: no such issue', { field: 'issid' });
        }
        const destination = body.dest ? safeSameSitePath(body.dest) : null;
        if (body.dest && !destination) throw new HttpError(400, 'dest: must be a path on this site', { field: 'dest' });
        const randomtoken = randomBytes(32).toString('base64url');
        await getDb()
          .insert(partnerLinks)
          .values({
            tokenHash: hashSecret(randomtoken),
            libraryId: library.id,
            email: body.email,
            issueId: body.issid ?? null,
            destination,
            expiresAt: new Date(Date.now() + PARTNER_LINK_SECONDS * 1000),
          });
        return {
          status: 'success',
          randomtoken,
          url: `${siteOrigin()}/third-party-login?randomtoken=${randomtoken}`,
          expiresIn: PARTNER_LINK_SECONDS,
        };
      },
    }),
  },
  validateToken: {
    POST: route({
      summary: 'Signs in with a partner’s single-use link token; answers the login fields and where the link leads',
      responses: { 200: { description: 'OK', body: postValidateTokenBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 429: { description: 'Too many requests; try again later' } },
      auth: 'none',
      body: validateTokenBody,
      async handler({ body, ip, req, res }) {
        await enforceLimits([limit('partnerLinkPerIp', `partner-link-ip:${ip}`)]);
        const used = await getDb()
          .update(partnerLinks)
          .set({ usedAt: sql`now()` })
          .where(and(eq(partnerLinks.tokenHash, hashSecret(body.randomtoken)), sql`${partnerLinks.usedAt} is null`, sql`${partnerLinks.expiresAt} > now()`))
          .returning();
        const link = used[0];
        if (!link) throw new HttpError(401, LINK_REFUSED);
        const library = await findLibrary(link.libraryId);
        if (!library) throw new HttpError(401, LINK_REFUSED);
        const { user, created } = await findOrCreateUser({ email: link.email });
        await extendMembership(user.id, library.id, linkedMembershipEnd());
        let redirect = link.destination ?? '/';
        if (link.issueId) {
          const issue = await getDb().select({ magazineId: issues.magazineId }).from(issues).where(eq(issues.id, link.issueId)).limit(1);
          if (issue[0]) redirect = `${catalogueBase(library.tempRoutes)}/magazine/${issue[0].magazineId}/${link.issueId}`;
        }
        const answer = await completeSignIn(req, res, user, { libraryId: library.id, created });
        return { ...answer, redirect };
      },
    }),
  },
};
