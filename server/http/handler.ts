import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { findUnsafeText } from '@/lib/text-input';
import { isDatabaseOutage } from '../db/client';
import { readCookies, resolveSession, type Session } from '../auth/session';
import { RequestContext } from '../context/request';
import { canManageLibrary, NOT_STAFF, OPERATORS_ONLY, OTHER_LIBRARY, type StaffAccess } from '../context/staff';
import { parseQuery, readBody, readBytes, readRawBody } from './body';
import { HttpError, MESSAGES } from './errors';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * Who may call a route: `staff` needs a console role (library staff or a site operator), checked before the input so a
 * member learns nothing from a 400; `required` a session; `optional` reads one when sent; `none` never reads it.
 */
export type AuthMode = 'staff' | 'required' | 'optional' | 'none';

/** The session a route's handler sees: never null when the route requires one. */
export type SessionFor<A extends AuthMode> = A extends 'required' | 'staff' ? Session : Session | null;

/**
 * Where a staff route finds the library it touches: a path parameter's name (required: 400 when it is no id), or
 * `query.<field>` / `body.<field>` (checked when sent). Staff of another library get 403 before the handler runs.
 */
export type LibrarySource = string;

/** What a staff route's handler gets beside the usual context: the role, and the library it was checked for. */
export type StaffFor<A extends AuthMode, L extends LibrarySource | undefined> = A extends 'staff'
  ? { staff: StaffAccess; libraryId: L extends `${'query' | 'body'}.${string}` ? number | undefined : L extends string ? number : undefined }
  : unknown;

export interface RouteContext<Query, Body, S extends Session | null = Session | null> {
  query: Query;
  body: Body;
  params: Record<string, string>;
  /** The verified session, when the request carries one. With auth 'required' it is never null. */
  session: S;
  /** The request context (server/context): session, member, viewer, ratings, shell, built once and shared. */
  context: RequestContext<S>;
  req: IncomingMessage;
  res: ServerResponse;
  ip: string;
  /** The body exactly as sent, for a route that checks a signature over it (`rawBody`); null otherwise. */
  rawBody: string | null;
  /** The body's bytes, for a route that takes a file (`binaryBody`); null otherwise. */
  bytes: Buffer | null;
}

interface RawContext {
  query: Record<string, string>;
  body: unknown;
  rawBody: string | null;
  bytes: Buffer | null;
  params: Record<string, string>;
  session: Session | null;
  context: RequestContext;
  req: IncomingMessage;
  res: ServerResponse;
  ip: string;
}

/**
 * What a route answers, by status, for the OpenAPI document and the contract check (__tests__/api/helpers/contract.ts):
 * a JSON body's zod schema, or a file's media type. Error statuses need only a description (their body is Error),
 * unless the route answers errors in a shape of its own (the COUNTER API's Exceptions); a 3xx is a redirect.
 */
export type RouteResponses = Partial<Record<number, { description: string; body?: z.ZodType; mediaTypes?: string[] }>>;

/** Marks a Route made by route(): no route table holds one written by hand (a test checks every table). */
export const MADE_BY_ROUTE: unique symbol = Symbol('route()');

/** A route with its schemas; `run` validates the raw input and calls the handler. */
export interface Route {
  [MADE_BY_ROUTE]?: true;
  summary: string;
  /** The OpenAPI operationId, when the one made from the method and path does not read well. */
  operationId?: string;
  /** The path parameters' schema, so the document says what each is (an id is an integer). */
  paramsSchema?: z.ZodType;
  /** The answers the route declares; without them the document says only '200 OK' (see RouteResponses). */
  responses?: RouteResponses;
  auth: AuthMode;
  querySchema?: z.ZodType;
  bodySchema?: z.ZodType;
  /** Takes a url-encoded form as well as JSON (a help form posted by a plain HTML form). */
  forms?: boolean;
  /** Answers a token whose account is gone itself (SPEC §8); every other route refuses it with 401. */
  answersGoneAccount?: boolean;
  /** A staff route only site operators may call (403 for library staff). */
  operator?: boolean;
  /** Takes the body as sent, unparsed (a provider's signed notification); `body` is then empty. */
  rawBody?: boolean;
  /** Takes the body as bytes (an uploaded file, type checked by the route from its content); `body` is then empty. */
  binaryBody?: boolean;
  /** Leaves the body unread for the handler to stream (an uploaded PDF, written to disk as it arrives). */
  streamBody?: boolean;
  /** The largest body this route reads, when not MAX_BODY_BYTES (a CSV of members, an uploaded image). */
  bodyLimit?: number;
  run(ctx: RawContext): Promise<unknown>;
}

const libraryIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** The library a staff route names in its path: 400 naming the parameter when it is no id. */
function pathLibrary(params: Record<string, string>, name: string): number {
  const parsed = libraryIdParam.safeParse(params[name]);
  if (!parsed.success) throw new HttpError(400, `${name}: must be a positive whole number`, { field: name });
  return parsed.data;
}

/** 403 unless this person may manage the library. */
function checkLibrary(staff: StaffAccess, libraryId: number): void {
  if (!canManageLibrary(staff, libraryId)) throw new HttpError(403, OTHER_LIBRARY);
}

/**
 * A route: its schemas, who may call it and its handler. `auth: 'staff'` with `library` and `operator` declares the
 * console's checks (role, library in reach, operators only) so no handler writes them.
 */
export function route<
  Q extends z.ZodType = z.ZodObject<Record<string, never>>,
  B extends z.ZodType = z.ZodObject<Record<string, never>>,
  A extends AuthMode = 'optional',
  L extends LibrarySource | undefined = undefined,
>(def: {
  summary: string;
  operationId?: string;
  /** Who may call it: declared on every route (a test lists them all). */
  auth: A;
  /** Staff routes: where the library the route touches is named (see LibrarySource). */
  library?: L;
  /** Staff routes: site operators only. */
  operator?: boolean;
  params?: z.ZodType;
  query?: Q;
  body?: B;
  responses?: RouteResponses;
  forms?: boolean;
  answersGoneAccount?: boolean;
  rawBody?: boolean;
  binaryBody?: boolean;
  streamBody?: boolean;
  bodyLimit?: number;
  handler(ctx: RouteContext<z.output<Q>, z.output<B>, SessionFor<A>> & StaffFor<A, L>): Promise<unknown>;
}): Route {
  const staffRoute = def.auth === 'staff';
  const [librarySource, libraryField] = def.library?.includes('.') ? (def.library.split('.', 2) as [string, string]) : ['params', def.library];
  return {
    [MADE_BY_ROUTE]: true,
    summary: def.summary,
    operationId: def.operationId,
    paramsSchema: def.params,
    // Every staff route refuses a member without a console role (403) before anything else.
    responses: staffRoute ? { 403: { description: 'Not staff of this library, or not a site operator' }, ...def.responses } : def.responses,
    auth: def.auth,
    operator: def.operator ?? false,
    forms: def.forms ?? false,
    answersGoneAccount: def.answersGoneAccount ?? false,
    rawBody: def.rawBody ?? false,
    binaryBody: def.binaryBody ?? false,
    streamBody: def.streamBody ?? false,
    bodyLimit: def.bodyLimit,
    querySchema: def.query,
    bodySchema: def.body,
    async run(ctx) {
      // The wrapper refused a required or staff route without a session (401) before calling run.
      let staff: StaffAccess | null = null;
      let libraryId: number | undefined;
      if (staffRoute) {
        staff = await ctx.context.staff();
        if (!staff) throw new HttpError(403, NOT_STAFF);
        if (def.operator && !staff.operator) throw new HttpError(403, OPERATORS_ONLY);
        if (libraryField && librarySource === 'params') {
          libraryId = pathLibrary(ctx.params, libraryField);
          checkLibrary(staff, libraryId);
        }
      }
      const query = (def.query ? def.query.parse(ctx.query) : {}) as z.output<Q>;
      const body = (def.body ? def.body.parse(ctx.body ?? {}) : {}) as z.output<B>;
      if (staff && libraryField && librarySource !== 'params') {
        const named = ((librarySource === 'query' ? query : body) as Record<string, unknown>)[libraryField];
        if (typeof named === 'number') {
          libraryId = named;
          checkLibrary(staff, libraryId);
        }
      }
      const extra = staffRoute ? { staff, libraryId } : {};
      return def.handler({ ...ctx, query, body, ...extra } as RouteContext<z.output<Q>, z.output<B>, SessionFor<A>> & StaffFor<A, L>);
    },
  };
}

/** Path pattern (`v1/article`, `article/:a/:b/:c`) to the routes served at it, by method. */
export type ServiceRoutes = Record<string, Partial<Record<Method, Route>>>;

/**
 * One service's route table from the tables of the modules that serve it. A path served twice is a start-up error
 * naming both tables, never a silent override (object spread let the later table win).
 */
export function serviceRoutes(service: string, tables: Record<string, ServiceRoutes>): ServiceRoutes {
  const merged: ServiceRoutes = {};
  const owner = new Map<string, string>();
  for (const [table, routes] of Object.entries(tables)) {
    for (const [path, methods] of Object.entries(routes)) {
      const first = owner.get(path);
      if (first !== undefined) throw new Error(`/api/${service}/${path} is served twice: by ${first} and by ${table}`);
      owner.set(path, table);
      merged[path] = methods;
    }
  }
  return merged;
}

export interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const body = JSON.stringify(payload ?? null);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
  res.end(body);
}

/** The first zod issue as `{ field, message }`, the field named by its path. */
export function describeZodError(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  let detail = issue?.message ?? 'is invalid';
  if (issue?.code === 'invalid_type' && /received undefined/.test(issue.message)) detail = 'is required';
  return { field, message: `${field}: ${detail}` };
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) {
      return null;
    }
  }
  return params;
}

export function findRoute(routes: ServiceRoutes, path: string): { methods: Partial<Record<Method, Route>>; params: Record<string, string> } | null {
  // Literal paths win over patterns.
  if (routes[path]) return { methods: routes[path], params: {} };
  for (const [pattern, methods] of Object.entries(routes)) {
    if (!pattern.includes(':')) continue;
    const params = matchPattern(pattern, path);
    if (params) return { methods, params };
  }
  return null;
}

/**
 * The client's address, which rate limits count by. X-Forwarded-For is anyone's to write, so it counts only
 * behind a proxy we trust (TRUST_PROXY=1), and then only its last entry: the one that proxy added.
 */
export function clientIp(req: IncomingMessage): string {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = req.headers['x-forwarded-for'];
    const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress || 'unknown';
}

/**
 * One handler for a whole service: finds the route, answers 405 with Allow, checks the session,
 * validates input, and turns every failure into `{ status, message }`.
 */
export function createServiceHandler(service: string, routes: ServiceRoutes, options: { errorBody?: (error: ErrorBody) => unknown } = {}) {
  const prefix = `/api/${service}/`;
  // A service whose protocol has its own error shape (the COUNTER API's Exceptions) answers the wrapper's errors in it.
  const sendError = (res: ServerResponse, error: ErrorBody, headers?: Record<string, string>) => send(res, error.status, options.errorBody ? options.errorBody(error) : error, headers);
  return async function serviceHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const pathname = url.split('?', 1)[0];
    const path = pathname.startsWith(prefix) ? pathname.slice(prefix.length).replace(/\/+$/, '') : '';
    const found = findRoute(routes, path);
    if (!found) return sendError(res, { status: 404, message: MESSAGES.notFound });
    const method = (req.method ?? 'GET').toUpperCase() as Method | 'HEAD';
    const allowed = Object.keys(found.methods) as Method[];
    const target = method === 'HEAD' ? found.methods.GET : found.methods[method];
    if (!target) {
      return sendError(res, { status: 405, message: `Method ${method} not allowed` }, { Allow: allowed.join(', ') });
    }
    try {
      const session = target.auth === 'none' ? null : await resolveSession(req, method, { accountGone: target.answersGoneAccount ? 'answered' : 'over' });
      if ((target.auth === 'required' || target.auth === 'staff') && !session) throw new HttpError(401, MESSAGES.unauthorized);
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const rawBody = hasBody && target.rawBody ? await readRawBody(req, target.bodyLimit) : null;
      const bytes = hasBody && target.binaryBody ? await readBytes(req, target.bodyLimit) : null;
      const body = hasBody && !target.rawBody && !target.binaryBody && !target.streamBody ? await readBody(req, { forms: target.forms, limit: target.bodyLimit }) : {};
      const query = parseQuery(url);
      // Before any schema or handler: no field takes a NUL or other control character, and PostgreSQL refuses NUL.
      const unsafe = findUnsafeText(found.params) ?? findUnsafeText(query) ?? findUnsafeText(body, { multiline: true });
      if (unsafe) throw new HttpError(400, unsafe.message, { field: unsafe.field });
      const result = await target.run({
        query,
        body,
        rawBody,
        bytes,
        params: found.params,
        session,
        context: new RequestContext(session, readCookies(req.headers.cookie)),
        req,
        res,
        ip: clientIp(req),
      });
      if (!res.headersSent) send(res, 200, result);
    } catch (error) {
      if (error instanceof z.ZodError) {
        const { field, message } = describeZodError(error);
        return sendError(res, { status: 400, message, field });
      }
      if (error instanceof HttpError) {
        if (error.status >= 500) console.error(`[api] ${method} ${pathname}: ${error.message}`);
        return sendError(res, { status: error.status, message: error.message, ...(error.field ? { field: error.field } : {}) }, error.headers);
      }
      if (isDatabaseOutage(error)) {
        console.error(`[api] ${method} ${pathname}: database unreachable`);
        return sendError(res, { status: 503, message: MESSAGES.databaseDown }, { 'Retry-After': '30' });
      }
      console.error(`[api] ${method} ${pathname}:`, error);
      return sendError(res, { status: 500, message: MESSAGES.internal });
    }
  };
}
