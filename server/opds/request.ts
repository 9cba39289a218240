import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { resolveSession } from '../auth/session';
import { titleAgeRating } from '../context/ratings';
import type { Library } from '../db/schema';
import { HttpError } from '../http/errors';
import { route, type Route, type RouteResponses } from '../http/handler';
import { siteOrigin } from '../http/origin';
import { cachedLibrary } from '../context/viewer';
import { TYPE } from './atom';
import { AppAuthError, appMember, basicCredentials, type AppMember } from './credentials';
import { opdsBase } from './feeds';
import { issueEntry, type IssueEntry } from './queries';

/** The Authentication for OPDS 1.0 document of a library's catalogue: HTTP Basic, with what to type in each field. */
export function authenticationDocument(library: Library) {
  const origin = siteOrigin();
  const card = library.cardMode !== 'none';
  return {
    id: `${opdsBase(library.id)}/authentication`,
    title: library.name,
    description: card
      ? `Sign in with your email address and password, your ${library.name} library card and PIN, or an app password from My Account.`
      : 'Sign in with your email address and password, or an app password from My Account.',
    links: [
      { rel: 'help', href: `${origin}/contact-us`, type: 'text/html' },
      { rel: 'register', href: `${origin}/login`, type: 'text/html' },
    ],
    authentication: [
      { type: 'http://opds-spec.org/auth/basic', labels: { login: card ? 'Email or library card' : 'Email', password: card ? 'Password, PIN or app password' : 'Password or app password' } },
    ],
  };
}

export function sendText(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): null {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(body);
  return null;
}

export interface AppRequest {
  library: Library;
  member: AppMember;
  /** The age rating titles and issues are read at: the site's rule (titleAgeRating) for the member's library. */
  rating: number | null;
  base: string;
}

/**
 * Opens a reading app's request to a library's catalogue: the library, the member (Basic or the site's session) and
 * their live membership of it. A request without credentials gets 401 with the Authentication Document (and the
 * Basic challenge most apps wait for), as Authentication for OPDS 1.0 §2.4 asks.
 */
export async function openAppRequest(req: IncomingMessage, res: ServerResponse, ip: string, libraryId: number): Promise<AppRequest | null> {
  const library = await cachedLibrary(libraryId);
  if (!library) throw new HttpError(404, 'No such library', { field: 'libraryId' });
  try {
    const session = basicCredentials(req) ? null : await resolveSession(req, 'GET').catch(() => null);
    const member = await appMember(req, ip, library, session?.claims.libid === library.id ? session.claims.uid : null);
    return { library, member, rating: titleAgeRating(member.viewer, undefined), base: opdsBase(library.id) };
  } catch (error) {
    if (!(error instanceof AppAuthError)) throw error;
    if (error.status === 403) throw new HttpError(403, error.message);
    const documentUrl = `${opdsBase(library.id)}/authentication`;
    sendText(res, 401, TYPE.authentication, JSON.stringify(authenticationDocument(library)), {
      'WWW-Authenticate': `Basic realm="${library.name.replace(/["\\]/g, '')}", charset="UTF-8"`,
      Link: `<${documentUrl}>; rel="http://opds-spec.org/auth/document"; type="${TYPE.authentication}"`,
    });
    return null;
  }
}


/** A path id (library, title, category, issue) as the database takes it: a positive 32-bit integer, else 400 naming it. */
export function idOf(params: Record<string, string>, name: string): number {
  const value = Number(params[name]);
  if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw new HttpError(400, `${name}: must be a positive integer`, { field: name });
  return value;
}

/** What a call of a reading app answers: the document (feed, manifest) it asked for, or why not, as openAppRequest refuses. */
export function appResponses(mediaType: string, description: string): RouteResponses {
  return {
    200: { description, mediaTypes: [mediaType] },
    401: { description: 'No or wrong credentials: the Authentication for OPDS document', mediaTypes: [TYPE.authentication] },
    403: { description: 'The membership of this library has ended' },
    404: { description: 'No such library (or title, category, issue it does not show)' },
    429: { description: 'Too many sign-in attempts' },
  };
}

/** The issue the address names, when the member may read it; 404 otherwise (hidden, withdrawn or unknown: one answer). */
export async function issueOfApp(app: AppRequest, params: Record<string, string>): Promise<IssueEntry> {
  const row = await issueEntry(app.member.viewer, app.rating, idOf(params, 'issueId'));
  if (!row) throw new HttpError(404, 'No such issue', { field: 'issueId' });
  return row;
}

/**
 * A call of a reading app (auth 'none' to the wrapper: the app signs in with its own credentials): the request is
 * opened for the member of the library the address names, or refused as openAppRequest says, before the handler runs.
 */
export function appRoute<Q extends z.ZodType = z.ZodObject<Record<string, never>>, B extends z.ZodType = z.ZodObject<Record<string, never>>>(
  def: { summary: string; operationId: string; params?: z.ZodType; query?: Q; body?: B; responses: RouteResponses },
  handle: (app: AppRequest, call: { params: Record<string, string>; query: z.output<Q>; body: z.output<B>; req: IncomingMessage; res: ServerResponse }) => Promise<unknown>,
): Route {
  return route<Q, B, 'none'>({
    ...def,
    auth: 'none',
    async handler({ params, query, body, req, res, ip }) {
      const app = await openAppRequest(req, res, ip, idOf(params, 'libraryId'));
      if (!app) return null;
      return handle(app, { params, query, body, req, res });
    },
  });
}
