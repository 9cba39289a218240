import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { signedInBody } from '@/lib/wire';
import { checkPassword, assertAcceptablePassword } from '../../auth/password-rules';
import { issueSession } from '../../auth/issue';
import { hashPassword } from '../../auth/password';
import { verifyPurposeToken } from '../../auth/purpose-token';
import { limit } from '../../auth/limits';
import { enforceLimits } from '../../auth/rate-limit';
import { completeSignIn } from '../../auth/sign-in';
import { getDb } from '../../db/client';
import { accessCodeUses, accessCodes } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { extendMembership, findLibrary, findUserById, updateUser } from '../queries';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** POST updateProfile */
const postUpdateProfileBody = z.object({ status: z.string(), message: z.string(), fname: z.string(), lname: z.string() });

/** POST managePass */
const postManagePassBody = z.object({ status: z.string(), message: z.string(), hasPassword: z.boolean(), jwtoken: z.string() });

/** POST validatecoupon */
const postValidatecouponBody = signedInBody;

const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}'’. -]*$/u;
const NAME_MESSAGE = 'may use letters, spaces, apostrophes, dots and hyphens';

export const updateProfileBody = z.object({
  fname: z.string().trim().min(1, 'Please enter your first name').max(60).regex(NAME_PATTERN, NAME_MESSAGE),
  lname: z
    .string()
    .trim()
    .max(60)
    .refine((value) => value === '' || NAME_PATTERN.test(value), NAME_MESSAGE)
    .default(''),
});

export const managePassBody = z.object({
  password: z.string().max(1024),
  currentPassword: z.string().max(1024).optional(),
  /** From verifyotp: lets a member who just proved their email set a new password without the old one. */
  passwordToken: z.string().max(4096).optional(),
});

export const validateCouponBody = z.object({
  coupon: z
    .string()
    .trim()
    .min(1, 'Please enter your access code')
    .max(64)
    .transform((code) => code.toUpperCase()),
});

async function signedInUser(uid: number) {
  const user = await findUserById(uid);
  if (!user) throw new HttpError(401, 'Your account no longer exists; please sign in again');
  return user;
}

const COUPON_REFUSED = 'This access code is not valid. Please check it and try again.';

/** Why a code was refused, in words a member can act on (the per-member and per-address limits bound the guessing). */
async function whyCouponRefused(coupon: string): Promise<string> {
  const [code] = await getDb().select().from(accessCodes).where(eq(accessCodes.code, coupon)).limit(1);
  if (!code) return COUPON_REFUSED;
  if (code.revokedAt) return 'This access code has been withdrawn by the library.';
  if (code.expiresAt && code.expiresAt.getTime() <= Date.now()) return 'This access code has expired.';
  if (code.usesLeft <= 0) return 'This access code has already been used as many times as it allows.';
  return COUPON_REFUSED;
}

export const accountRoutes: ServiceRoutes = {
  updateProfile: {
    POST: route({
      summary: 'Saves the signed-in member’s name',
      responses: { 200: { description: 'OK', body: postUpdateProfileBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' } },
      auth: 'required',
      body: updateProfileBody,
      async handler({ body, session }) {
        const user = await signedInUser(session.claims.uid);
        const updated = await updateUser(user.id, { firstName: body.fname, lastName: body.lname });
        return { status: 'Success', message: 'Your name has been saved.', fname: updated.firstName, lname: updated.lastName };
      },
    }),
  },
  managePass: {
    POST: route({
      summary: 'Sets or changes the signed-in member’s password (the current one, or a fresh code, proves it is them)',
      responses: { 200: { description: 'OK', body: postManagePassBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 429: { description: 'Too many requests; try again later' } },
      auth: 'required',
      body: managePassBody,
      async handler({ body, session, ip, req, res }) {
        const user = await signedInUser(session.claims.uid);
        if (!user.email) {
          throw new HttpError(400, 'Password sign-in is by email address: add an email address to your account first.', { field: 'password' });
        }
        if (user.passwordHash) {
          const grant = await verifyPurposeToken('newpassword', body.passwordToken);
          const proven = grant?.sub === String(user.id);
          if (!proven) {
            if (!body.currentPassword) throw new HttpError(400, 'currentPassword: is required', { field: 'currentPassword' });
            await enforceLimits([
              limit('passwordChangePerMember', `pw-change:${user.id}`),
              limit('passwordPerIp', `pw-ip:${ip}`),
            ]);
            if (!(await checkPassword(body.currentPassword, user.passwordHash))) {
              throw new HttpError(400, 'Your current password is not right.', { field: 'currentPassword' });
            }
          }
        }
        assertAcceptablePassword(body.password);
        // A new password ends every session signed before it (a lost phone, a shared computer); this one goes on with
        // a fresh token, set as the cookie and answered for local storage. Tokens count time in whole seconds, so the
        // cut is the next second and the fresh token is dated to it: every older token falls before the cut.
        const cut = Math.floor(Date.now() / 1000) + 1;
        await updateUser(user.id, { passwordHash: await hashPassword(body.password), sessionsValidFrom: new Date(cut * 1000) });
        const claims = session.claims;
        const jwtoken = await issueSession(req, res, {
          issuedAt: cut,
          userId: user.id,
          libraryId: claims.libid,
          membershipEnds: claims.mexp ? new Date(claims.mexp * 1000) : null,
          guest: claims.guest,
        });
        return { status: 'Success', message: user.passwordHash ? 'Your password has been changed.' : 'Your password has been set.', hasPassword: true, jwtoken };
      },
    }),
  },
  validatecoupon: {
    POST: route({
      summary: 'Redeems a library access code: the member joins (or renews) that library and gets a session for it',
      responses: { 200: { description: 'OK', body: postValidatecouponBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 429: { description: 'Too many requests; try again later' } },
      auth: 'required',
      body: validateCouponBody,
      async handler({ body, session, ip, req, res }) {
        const user = await signedInUser(session.claims.uid);
        await enforceLimits([
          limit('couponPerMember', `coupon:${user.id}`),
          limit('couponPerIp', `coupon-ip:${ip}`),
        ]);
        const db = getDb();
        // Taking one use and checking the code's end in one statement: two redemptions cannot share the last use.
        const taken = await db
          .update(accessCodes)
          .set({ usesLeft: sql`${accessCodes.usesLeft} - 1` })
          .where(
            and(
              eq(accessCodes.code, body.coupon),
              sql`${accessCodes.usesLeft} > 0`,
              sql`${accessCodes.revokedAt} is null`,
              sql`(${accessCodes.expiresAt} is null or ${accessCodes.expiresAt} > now())`,
            ),
          )
          .returning({ id: accessCodes.id, libraryId: accessCodes.libraryId, days: accessCodes.days });
        const code = taken[0];
        if (!code) throw new HttpError(400, await whyCouponRefused(body.coupon), { field: 'coupon' });
        await db.insert(accessCodeUses).values({ accessCodeId: code.id, userId: user.id });
        const library = await findLibrary(code.libraryId);
        if (!library) throw new HttpError(400, COUPON_REFUSED, { field: 'coupon' });
        await extendMembership(user.id, library.id, new Date(Date.now() + code.days * 24 * 60 * 60 * 1000));
        const answer = await completeSignIn(req, res, user, { libraryId: library.id });
        return { ...answer, message: `Welcome to ${library.name}.` };
      },
    }),
  },
};
