import { z } from 'zod';
import { libraryDetailsBody, libraryEntryBody, sessionFieldsBody } from '@/lib/wire';
import { classifyLibraryVerification } from '@/lib/library-verification';
import { clearSessionCookies, issueSession } from '../../auth/issue';
import { revoke } from '../../auth/revocation';
import type { Session } from '../../auth/session';
import { defaultGuestLibraryId } from '../../config';
import { HttpError } from '../../http/errors';
import { route, type RouteContext, type ServiceRoutes } from '../../http/handler';
import { findLibrary, findOrCreateGuest, membershipsAndMarkTimes, membershipsOf } from '../queries';
import { chooseMembership, libraryDetails, libraryEntry, publicLibrarySettings, sessionFields } from '../present';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET isGuestLoginAvailable */
const getIsGuestLoginAvailableBody = z.object({ status: z.number(), isGuestLoginAvailable: z.boolean(), libid: z.number(), libraryName: z.string() });

/** POST loginAsGuest */
const postLoginAsGuestBody = z.union([
  z.object({ status: z.number(), message: z.string() }),
  sessionFieldsBody.extend({ status: z.number(), message: z.string() }),
]);

/** POST validateuser */
const postValidateuserBody = z.union([
  z.object({ status: z.string(), message: z.string() }),
  sessionFieldsBody.extend({ status: z.string(), message: z.string() }),
]);

/** POST verifyLibrary */
const postVerifyLibraryBody = z.object({
  status: z.string(),
  libList: z.array(libraryEntryBody),
  firstname: z.string(),
  lastname: z.string(),
  uploadedId: z.string(),
  fav_lud: z.string(),
  bk_lud: z.string(),
  isNewspaper: z.number(),
  isJournal: z.number(),
});

/** POST getUserLibDetails */
const postGetUserLibDetailsBody = z.object({
  status: z.string(),
  userlibdet: z.array(libraryEntryBody),
});

/** GET libraryAccessCheck */
const getLibraryAccessCheckBody = z.union([
  z.object({ isError: z.boolean(), isNoLibrary: z.boolean(), isRedirectHome: z.boolean(), info: z.null(), lib: z.null() }),
  z.object({
    isError: z.boolean(),
    isNoLibrary: z.boolean(),
    isRedirectHome: z.boolean(),
    info: sessionFieldsBody,
    lib: z.object({ libId: z.number(), expiry: z.string() }),
  }),
]);

/** GET getLibDetails */
const getLibDetailsBody = z.object({
  status: z.string(),
  data: libraryDetailsBody,
});

/** GET libDetails (the library’s public settings) */
const getLibDetailsSettingsBody = z.object({
  status: z.string(),
  data: z.object({
    libId: z.number(),
    libname: z.string(),
    exclude_cat: z.string(),
    ageRate: z.number(),
    isNewspaper: z.number(),
    isJournal: z.number(),
    guestAccess: z.boolean(),
    hideProfile: z.boolean(),
  }),
});

/** POST logout */
const postLogoutBody = z.object({ status: z.string(), message: z.string() });

const libraryIdParam = z.coerce.number().int().positive().max(2_147_483_647);

export const isGuestLoginAvailableQuery = z.object({ libid: libraryIdParam.optional() });

export const loginAsGuestBody = z.object({
  uniqId: z.string().trim().min(8).max(128).regex(/^[A-Za-z0-9._:-]+$/, 'must be letters, digits, dot, colon, underscore or dash'),
  os: z.string().trim().min(1).max(20),
  libid: libraryIdParam.optional(),
});
export type LoginAsGuestBody = z.infer<typeof loginAsGuestBody>;

export const validateUserBody = z.object({ libid: libraryIdParam.optional() });

/** The library verification payload of SPEC §7 (token in the header). */
export const libraryVerificationBody = z.object({
  udid: z.string().max(200).optional(),
  os: z.string().max(20).optional(),
  appver: z.string().max(40).optional(),
  device: z.string().max(80).optional(),
  language_code: z.string().max(10).optional(),
  uid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  ctp: z.string().max(40).optional(),
});

export const libraryAccessCheckQuery = z.object({ libid: z.coerce.number().int().min(0).max(2_147_483_647).optional() });
export const libraryQuery = z.object({ libid: libraryIdParam });

/** isGuestLoginAvailable: whether the library (or the site's default guest library) lets visitors in as guests. */
export async function guestLoginAvailability(libid?: number) {
  const library = await findLibrary(libid ?? defaultGuestLibraryId());
  const available = Boolean(library?.guestAccess);
  return { status: available ? 1 : 0, isGuestLoginAvailable: available, libid: available && library ? library.id : 0, libraryName: library?.name ?? '' };
}

/** The member row the session check read (none of these calls writes it, so it need not be read again). */
function sessionUser(session: Session) {
  const { user } = session;
  if (!user) throw new HttpError(401, 'Your account no longer exists; please sign in again');
  return user;
}

function requireSession<Q, B>(ctx: RouteContext<Q, B>): Session {
  if (!ctx.session) throw new HttpError(401, 'Sign in to continue');
  return ctx.session;
}

/** The session of the library verification calls, whose body may name its user (uid): it must be the signed-in one. */
function sameUserSession<Q, B extends { uid?: number }>(ctx: RouteContext<Q, B>): Session {
  const session = requireSession(ctx);
  if (ctx.body.uid !== undefined && ctx.body.uid !== session.claims.uid) throw new HttpError(403, 'uid does not match the signed-in user');
  return session;
}

/** A library by its id, for the calls that answer one; 404 when there is none. */
async function libraryOr404(libid: number) {
  const library = await findLibrary(libid);
  if (!library) throw new HttpError(404, 'Library not found', { field: 'libid' });
  return library;
}

export const userRoutes: ServiceRoutes = {
  isGuestLoginAvailable: {
    GET: route({
      summary: 'Whether the library lets visitors in as guests',
      responses: { 200: { description: 'OK', body: getIsGuestLoginAvailableBody } },
      auth: 'none',
      query: isGuestLoginAvailableQuery,
      async handler({ query }) {
        return guestLoginAvailability(query.libid);
      },
    }),
  },
  loginAsGuest: {
    POST: route({
      summary: 'Guest sign-in with the browser’s unique id (SPEC §4)',
      responses: { 200: { description: 'OK', body: postLoginAsGuestBody } },
      auth: 'none',
      body: loginAsGuestBody,
      async handler({ body, req, res }) {
        const library = await findLibrary(body.libid ?? defaultGuestLibraryId());
        if (!library || !library.guestAccess) {
          return { status: 0, message: 'Guest access is not available for this library' };
        }
        const { user, membership } = await findOrCreateGuest(body.uniqId, library);
        const { all, marks } = await membershipsAndMarkTimes(user.id);
        const jwtoken = await issueSession(req, res, {
          userId: user.id,
          libraryId: library.id,
          membershipEnds: membership.expiresAt,
          guest: true,
        });
        return { status: 1, message: 'Success', ...sessionFields(user, membership, all, jwtoken, marks) };
      },
    }),
  },
  validateuser: {
    POST: route({
      summary: 'The signed-in user’s details and libraries, with a fresh token (SPEC §3)',
      responses: { 200: { description: 'OK', body: postValidateuserBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' } },
      auth: 'required',
      answersGoneAccount: true,
      body: validateUserBody,
      async handler(ctx) {
        const session = requireSession(ctx);
        const { user } = session;
        if (!user) return { status: 'Failure', message: 'User not found' };
        const { all, marks } = await membershipsAndMarkTimes(user.id);
        const current = chooseMembership(all, ctx.body.libid ?? session.claims.libid);
        const jwtoken = await issueSession(ctx.req, ctx.res, {
          userId: user.id,
          libraryId: current?.library.id ?? 0,
          membershipEnds: current?.expiresAt ?? null,
          guest: user.userType === 'guest',
        });
        return { status: 'Success', message: 'Success', ...sessionFields(user, current, all, jwtoken, marks) };
      },
    }),
  },
  verifyLibrary: {
    POST: route({
      summary: 'Library verification: the libraries the user reads through (SPEC §7)',
      responses: { 200: { description: 'OK', body: postVerifyLibraryBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 403: { description: 'Refused: not allowed for this person or library' } },
      auth: 'required',
      body: libraryVerificationBody,
      async handler(ctx) {
        const session = sameUserSession(ctx);
        const user = sessionUser(session);
        const { all, marks } = await membershipsAndMarkTimes(user.id);
        const current = chooseMembership(all, session.claims.libid);
        return {
          status: 'Success',
          libList: all.map(libraryEntry),
          firstname: user.firstName,
          lastname: user.lastName,
          uploadedId: user.uploadedId,
          fav_lud: '',
          bk_lud: marks.bk_lud,
          isNewspaper: current?.library.isNewspaper ?? 0,
          isJournal: current?.library.isJournal ?? 0,
        };
      },
    }),
  },
  getUserLibDetails: {
    POST: route({
      summary: 'Library details call: the same payload, answering userlibdet',
      responses: { 200: { description: 'OK', body: postGetUserLibDetailsBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 403: { description: 'Refused: not allowed for this person or library' } },
      auth: 'required',
      body: libraryVerificationBody,
      async handler(ctx) {
        const session = sameUserSession(ctx);
        const all = await membershipsOf(session.claims.uid);
        return { status: 'Success', userlibdet: all.map(libraryEntry) };
      },
    }),
  },
  libraryAccessCheck: {
    GET: route({
      summary: 'Library access check (SPEC §4 rule 4): isError, isNoLibrary, isRedirectHome, info, lib',
      responses: { 200: { description: 'OK', body: getLibraryAccessCheckBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' } },
      auth: 'required',
      answersGoneAccount: true,
      query: libraryAccessCheckQuery,
      async handler(ctx) {
        const session = requireSession(ctx);
        const { user } = session;
        if (!user) return { isError: true, isNoLibrary: false, isRedirectHome: false, info: null, lib: null };
        const { all, marks } = await membershipsAndMarkTimes(user.id);
        const outcome = classifyLibraryVerification({ ok: true, libList: all.map(libraryEntry) }, ctx.query.libid ?? session.claims.libid);
        if (outcome.kind === 'isNoLibrary' || outcome.kind === 'isError') {
          return { isError: true, isNoLibrary: outcome.kind === 'isNoLibrary', isRedirectHome: false, info: null, lib: null };
        }
        const current = all.find((m) => m.library.id === outcome.library.libId) ?? null;
        const jwtoken = await issueSession(ctx.req, ctx.res, {
          userId: user.id,
          libraryId: outcome.library.libId,
          membershipEnds: current?.expiresAt ?? null,
          guest: user.userType === 'guest',
        });
        return {
          isError: false,
          isNoLibrary: false,
          isRedirectHome: outcome.kind === 'isRedirectHome',
          info: sessionFields(user, current, all, jwtoken, marks),
          lib: { libId: outcome.library.libId, expiry: outcome.library.expiry },
        };
      },
    }),
  },
  getLibDetails: {
    GET: route({
      summary: 'A library’s branding: logos and name (SPEC §3 Library details)',
      responses: { 200: { description: 'OK', body: getLibDetailsBody }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'none',
      query: libraryQuery,
      async handler({ query }) {
        return { status: 'success', data: libraryDetails(await libraryOr404(query.libid)) };
      },
    }),
  },
  libDetails: {
    GET: route({
      summary: 'A library’s public settings (SPEC §3 Library entry and flags)',
      responses: { 200: { description: 'OK', body: getLibDetailsSettingsBody }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'none',
      query: libraryQuery,
      async handler({ query }) {
        return { status: 'success', data: publicLibrarySettings(await libraryOr404(query.libid)) };
      },
    }),
  },
  logout: {
    POST: route({
      summary: 'Signs the token out: it is refused from now on',
      responses: { 200: { description: 'OK', body: postLogoutBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' } },
      auth: 'required',
      async handler(ctx) {
        const session = requireSession(ctx);
        await revoke(session.claims.jti, session.claims.exp);
        clearSessionCookies(ctx.res);
        return { status: 'success', message: 'Signed out' };
      },
    }),
  },
};
