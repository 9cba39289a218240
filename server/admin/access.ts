import type { GetServerSidePropsContext, Redirect } from 'next';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../auth/session';
import { getDb } from '../db/client';
import { libraryStaff, siteOperators } from '../db/schema';
import { HttpError, MESSAGES } from '../http/errors';
import { route, type Route, type RouteContext, type RouteResponses } from '../http/handler';
import { pageSession } from '../context';

/** Who is using the console: a site operator (every library) or library staff (the libraries listed). */
export interface StaffAccess {
  userId: number;
  /** How the audit log names them (their email, else mobile, else `user N`). */
  label: string;
  operator: boolean;
  /** The libraries this person is staff of (empty for an operator, who has them all). */
  libraryIds: number[];
}

export const NOT_STAFF = 'This is for library staff and site operators only.';
export const OTHER_LIBRARY = 'You are not staff of this library.';
export const OPERATORS_ONLY = 'Only a site operator may do that.';

/** The console roles of a user, or null when they have none (a member). Read afresh each request: a revoked role ends at once. */
export async function findStaffAccess(userId: number, label = `user ${userId}`): Promise<StaffAccess | null> {
  const db = getDb();
  const [operator, staff] = await Promise.all([
    db.select({ userId: siteOperators.userId }).from(siteOperators).where(eq(siteOperators.userId, userId)).limit(1),
    db.select({ libraryId: libraryStaff.libraryId }).from(libraryStaff).where(eq(libraryStaff.userId, userId)),
  ]);
  if (!operator[0] && staff.length === 0) return null;
  return { userId, label, operator: Boolean(operator[0]), libraryIds: staff.map((row) => row.libraryId).sort((a, b) => a - b) };
}

function labelOf(session: Session): string {
  return session.user?.email || session.user?.mobile || `user ${session.claims.uid}`;
}

/** Whether this person may manage the library. */
export function canManageLibrary(staff: StaffAccess, libraryId: number): boolean {
  return staff.operator || staff.libraryIds.includes(libraryId);
}

/** Throws 403 unless this person may manage the library. */
export function requireLibrary(staff: StaffAccess, libraryId: number): void {
  if (!canManageLibrary(staff, libraryId)) throw new HttpError(403, OTHER_LIBRARY);
}

/** Throws 403 unless this person is a site operator. */
export function requireOperator(staff: StaffAccess): void {
  if (!staff.operator) throw new HttpError(403, OPERATORS_ONLY);
}

/** The libraries a list may show: null for an operator (all), else the staff's own. */
export function librariesInReach(staff: StaffAccess): number[] | null {
  return staff.operator ? null : staff.libraryIds;
}

/** The console access of an API request: 401 without a session, 403 for a member without a role. */
export async function staffOfSession(session: Session | null): Promise<StaffAccess> {
  if (!session) throw new HttpError(401, MESSAGES.unauthorized);
  const staff = await findStaffAccess(session.claims.uid, labelOf(session));
  if (!staff) throw new HttpError(403, NOT_STAFF);
  return staff;
}

export type AdminRouteContext<Q, B> = RouteContext<Q, B> & { staff: StaffAccess };

/**
 * A console route: the same wrapper and contract as every other route (zod input, one error shape, OpenAPI), with
 * the role checked before the input, so a member learns nothing from a 400. `operatorOnly` refuses library staff.
 * A route touching one library calls requireLibrary with the library it touches.
 */
export function adminRoute<Q extends z.ZodType = z.ZodObject<Record<string, never>>, B extends z.ZodType = z.ZodObject<Record<string, never>>>(def: {
  summary: string;
  operationId?: string;
  params?: z.ZodType;
  query?: Q;
  body?: B;
  responses?: RouteResponses;
  operatorOnly?: boolean;
  bodyLimit?: number;
  binaryBody?: boolean;
  streamBody?: boolean;
  handler(ctx: AdminRouteContext<z.output<Q>, z.output<B>>): Promise<unknown>;
}): Route {
  // The schemas and summary as route() keeps them, so the OpenAPI document describes console routes like the rest.
  const described = route<Q, B, 'required'>({
    summary: def.summary,
    operationId: def.operationId,
    auth: 'required',
    params: def.params,
    query: def.query,
    body: def.body,
    // Every console route refuses a member without a console role (403) before anything else.
    responses: { 403: { description: 'Not staff of this library, or not a site operator' }, ...def.responses },
    handler: async () => null,
  });
  return {
    ...described,
    bodyLimit: def.bodyLimit,
    binaryBody: def.binaryBody ?? false,
    streamBody: def.streamBody ?? false,
    async run(ctx) {
      const staff = await staffOfSession(ctx.session);
      if (def.operatorOnly) requireOperator(staff);
      const query = (def.query ? def.query.parse(ctx.query) : {}) as z.output<Q>;
      const body = (def.body ? def.body.parse(ctx.body ?? {}) : {}) as z.output<B>;
      return def.handler({ ...ctx, query, body, staff });
    },
  };
}

export type StaffPageResult = { session: Session; staff: StaffAccess } | { redirect: Redirect } | { forbidden: true };

/**
 * The same check for a console page: no session goes to /login (the cb cookie brings them back), a member without
 * a role gets a 403 screen, and `libraryId` (when the page is about one library) must be in reach.
 */
export async function requireStaffPage(ctx: GetServerSidePropsContext, libraryId?: number): Promise<StaffPageResult> {
  const session = await pageSession(ctx);
  if (!session) return { redirect: { destination: '/login', permanent: false } };
  const staff = await findStaffAccess(session.claims.uid, labelOf(session));
  if (!staff || (libraryId !== undefined && !canManageLibrary(staff, libraryId))) {
    ctx.res.statusCode = 403;
    return { forbidden: true };
  }
  return { session, staff };
}
