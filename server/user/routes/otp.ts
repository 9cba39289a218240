import { z } from 'zod';
import { signedInBody } from '@/lib/wire';
import { INVALID_EMAIL_MESSAGE, isValidEmail, normaliseEmail } from '@/lib/email';
import { MOBILE_MESSAGES, toE164 } from '@/lib/country-codes';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { canDeliver, codeMessage, deliver, unavailableMessage } from '../../auth/delivery';
import { limit } from '../../auth/limits';
import { checkCode, issueCode, OTP, withdrawCode, OTP_MESSAGES, type Channel } from '../../auth/otp';
import { checkPassword } from '../../auth/password-rules';
import { signPurposeToken } from '../../auth/purpose-token';
import { enforceLimits, resetLimit } from '../../auth/rate-limit';
import { completeSignIn } from '../../auth/sign-in';
import { findOrCreateUser, findUserByEmail, findUserById, findUserByMobile, updateUser } from '../queries';
import { requireMethodOffered } from '../sign-in-methods';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** POST sendotp */
const postSendotpBody = z.object({ status: z.string(), message: z.string(), expiresIn: z.number(), resendAfter: z.literal(30) });

/** POST verifyotp */
const postVerifyotpBody = z.union([
  signedInBody,
  signedInBody.extend({ passwordToken: z.string().optional() }),
]);

/** POST linkAccount */
const postLinkAccountBody = z.object({ status: z.string(), message: z.string(), email: z.string(), mobile: z.string() });

const libraryIdParam = z.coerce.number().int().positive().max(2_147_483_647);

const emailField = z
  .string()
  .trim()
  .max(254)
  .refine(isValidEmail, INVALID_EMAIL_MESSAGE)
  .transform(normaliseEmail);

/** An email address, or a mobile number with its country calling code (`cc`, e.g. '+91'). */
const address = {
  email: emailField.optional(),
  mobile: z.string().trim().max(32).optional(),
  cc: z.string().trim().max(5).optional(),
};

export const sendOtpBody = z.object({ ...address, libid: libraryIdParam.optional(), os: z.string().max(20).optional() });
export const verifyOtpBody = z.object({
  ...address,
  otp: z.string().trim().regex(/^\d{6}$/, 'must be the 6 digits we sent').optional(),
  password: z.string().min(1).max(1024).optional(),
  libid: libraryIdParam.optional(),
  os: z.string().max(20).optional(),
});
export const linkAccountBody = z.object({ ...address, otp: z.string().trim().regex(/^\d{6}$/, 'must be the 6 digits we sent') });

/** Where a code goes: the channel and the normalised address, or 400 naming the field at fault. */
export function targetOf(body: { email?: string; mobile?: string; cc?: string }): { channel: Channel; target: string } {
  if (body.email) return { channel: 'email', target: body.email };
  if (body.mobile) {
    if (!body.cc) throw new HttpError(400, MOBILE_MESSAGES.country, { field: 'cc' });
    const e164 = toE164(body.cc.startsWith('+') ? body.cc : `+${body.cc}`, body.mobile);
    if (!e164) throw new HttpError(400, MOBILE_MESSAGES.invalid, { field: 'mobile' });
    return { channel: 'mobile', target: e164 };
  }
  throw new HttpError(400, 'email: is required (or mobile with cc)', { field: 'email' });
}

const SEND_LIMIT_MESSAGE = 'Too many codes were asked for. Please try again later.';
const PASSWORD_REFUSED = 'The email address or password is not right.';

function refuseCode(reason: 'wrong' | 'expired' | 'locked'): never {
  if (reason === 'locked') throw new HttpError(429, OTP_MESSAGES.locked);
  throw new HttpError(401, OTP_MESSAGES[reason], { field: 'otp' });
}

export const otpRoutes: ServiceRoutes = {
  sendotp: {
    POST: route({
      summary: 'Sends a 6-digit sign-in code by email or SMS; the answer is the same for known and new addresses',
      responses: { 200: { description: 'OK', body: postSendotpBody }, 403: { description: 'Refused: not allowed for this person or library' }, 429: { description: 'Too many requests; try again later' }, 503: { description: 'The database, or a service this call needs, is not reachable' } },
      auth: 'none',
      body: sendOtpBody,
      async handler({ body, ip }) {
        const { channel, target } = targetOf(body);
        await requireMethodOffered(body.libid, channel);
        if (!canDeliver(channel)) throw new HttpError(503, unavailableMessage(channel));
        await enforceLimits(
          [
            limit('codeSendPerAddress', `otp-send:${channel}:${target}`),
            limit('codeSendPerIp', `otp-send-ip:${ip}`),
          ],
          SEND_LIMIT_MESSAGE,
        );
        const code = await issueCode(channel, target);
        try {
          await deliver(codeMessage(channel, target, code, OTP.ttlSeconds / 60));
        } catch (error) {
          await withdrawCode(channel, target, code);
          throw error;
        }
        return {
          status: 'Success',
          message: channel === 'email' ? 'We have emailed you a sign-in code.' : 'We have sent a sign-in code to your phone.',
          expiresIn: OTP.ttlSeconds,
          resendAfter: OTP.resendAfterSeconds,
        };
      },
    }),
  },
  verifyotp: {
    POST: route({
      summary: 'Signs in with the code sent to an address (or, for email, the account password); answers the login fields',
      responses: { 200: { description: 'OK', body: postVerifyotpBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 403: { description: 'Refused: not allowed for this person or library' }, 429: { description: 'Too many requests; try again later' } },
      auth: 'none',
      body: verifyOtpBody,
      async handler({ body, ip, req, res }) {
        const { channel, target } = targetOf(body);
        if (body.password !== undefined) {
          if (channel !== 'email') throw new HttpError(400, 'password: is only for email sign-in', { field: 'password' });
          await requireMethodOffered(body.libid, 'password');
          const limitKey = `pw:${target}`;
          await enforceLimits([
            limit('passwordPerAddress', limitKey),
            limit('passwordPerIp', `pw-ip:${ip}`),
          ]);
          const user = await findUserByEmail(target);
          // Unknown address, no password, wrong password: one answer, after the same scrypt work.
          if (!(await checkPassword(body.password, user?.passwordHash)) || !user) throw new HttpError(401, PASSWORD_REFUSED);
          await resetLimit(limitKey);
          return completeSignIn(req, res, user, { libraryId: body.libid });
        }
        if (!body.otp) throw new HttpError(400, 'otp: is required', { field: 'otp' });
        await requireMethodOffered(body.libid, channel);
        await enforceLimits([limit('codeVerifyPerIp', `otp-verify-ip:${ip}`)]);
        const check = await checkCode(channel, target, body.otp);
        if (!check.ok) refuseCode(check.reason);
        const { user, created } = await findOrCreateUser(channel === 'email' ? { email: target } : { mobile: target });
        const answer = await completeSignIn(req, res, user, { libraryId: body.libid, created });
        // Lets /login/newpassword set a password for the next quarter of an hour without the old one.
        const passwordToken = channel === 'email' ? await signPurposeToken('newpassword', { sub: String(user.id) }, 15 * 60) : undefined;
        return { ...answer, passwordToken };
      },
    }),
  },
  linkAccount: {
    POST: route({
      summary: 'Adds a verified email address or mobile number to the signed-in account',
      responses: { 200: { description: 'OK', body: postLinkAccountBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 409: { description: 'In conflict with what is already stored' }, 429: { description: 'Too many requests; try again later' } },
      auth: 'required',
      body: linkAccountBody,
      async handler({ body, session, ip }) {
        const { channel, target } = targetOf(body);
        await enforceLimits([limit('codeVerifyPerIp', `otp-verify-ip:${ip}`)]);
        const check = await checkCode(channel, target, body.otp);
        if (!check.ok) refuseCode(check.reason);
        const user = await findUserById(session.claims.uid);
        if (!user) throw new HttpError(401, 'Your account no longer exists; please sign in again');
        const holder = channel === 'email' ? await findUserByEmail(target) : await findUserByMobile(target);
        if (holder && holder.id !== user.id) {
          throw new HttpError(409, channel === 'email' ? 'This email address belongs to another account.' : 'This mobile number belongs to another account.', {
            field: channel === 'email' ? 'email' : 'mobile',
          });
        }
        const updated = await updateUser(user.id, channel === 'email' ? { email: target } : { mobile: target });
        return {
          status: 'Success',
          message: channel === 'email' ? 'Your email address is now on your account.' : 'Your mobile number is now on your account.',
          email: updated.email ?? '',
          mobile: updated.mobile ?? '',
        };
      },
    }),
  },
};
