import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { IssueDetails } from '../../catalogue/titles';
import { route, type ServiceRoutes } from '../../http/handler';
import { issueForMember } from '../../reader/access';
import { readingPlace, saveProgress } from '../../reader/queries';
import { membershipsOf } from '../../user/queries';
import { memberOfSyncKey } from '../credentials';
import { issueOfDocumentKey } from '../feeds';
import { issuesOfPartialMd5 } from '../queries';

/**
 * KOReader's progress sync (the protocol of koreader-sync-server, which KOReader's kosync plugin speaks), over the one
 * reading place the web reader keeps. Accounts are the site's: x-auth-user is the member's app user name (email, or
 * m{id}), x-auth-key the MD5 of an app password made in My Account. A document is an issue, named by the member's own
 * document key (server/opds/feeds.ts documentKey) or, as KOReader names a file it has open, by the partial MD5 of the
 * issue's original PDF (server/opds/partial-md5.ts); progress is the page number, percentage the share of pages read.
 */

function sendJson(res: ServerResponse, status: number, body: unknown): null {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(JSON.stringify(body));
  return null;
}

/** koreader-sync-server's errors: its code and words, with our `status` beside them (the site's error shape). */
const ERRORS = {
  unauthorized: { status: 401, code: 2001, message: 'Unauthorized' },
  invalidFields: { status: 403, code: 2003, message: 'Invalid request' },
  documentMissing: { status: 403, code: 2004, message: "Field 'document' not provided." },
  registrationDisabled: {
    status: 403,
    code: 2005,
    message: 'Accounts are made on the library’s site: sign in there and create an app password in My Account, then log in here with it.',
  },
  unknownDocument: { status: 404, code: 2007, message: 'No issue of this site has this document key for you.' },
  unavailable: { status: 403, code: 2008, message: 'This issue is not available to you now: your membership may have ended.' },
} as const;

function fail(res: ServerResponse, error: (typeof ERRORS)[keyof typeof ERRORS]): null {
  return sendJson(res, error.status, error);
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

async function syncMember(req: IncomingMessage, ip: string) {
  return memberOfSyncKey(header(req, 'x-auth-user').trim(), header(req, 'x-auth-key').trim(), ip);
}

/** The issue as the member may read it now, through any of their live memberships; null when none shows it. */
async function readableIssue(userId: number, issueId: number): Promise<IssueDetails | null> {
  for (const membership of await membershipsOf(userId)) {
    if (membership.expiresAt.getTime() <= Date.now()) continue;
    const seen = await issueForMember(userId, membership.library.id, issueId);
    if (seen.ok) return seen.issue;
  }
  return null;
}

const documentPattern = /^[A-Za-z0-9_]{1,64}$/;

/**
 * The issue a document key names for the member, readable by them now: their own key (the OPDS entry's), else the
 * partial MD5 of an original PDF (what KOReader sends for a downloaded issue) of an issue they may read, as the import
 * wrote it (originals kept before it did are keyed by the job queue's start-up upkeep, server/jobs/upkeep.ts, never
 * while a sync waits). `known` is false for no such issue and for a PDF of an issue the member may not read (another
 * library's, above their age rating, withdrawn): the same answer; the member's own key of an issue they may no longer
 * read is known, its issue null.
 */
async function issueOfDocument(userId: number, document: string): Promise<{ issue: IssueDetails | null; known: boolean }> {
  const own = issueOfDocumentKey(userId, document);
  if (own) return { issue: await readableIssue(userId, own), known: true };
  const key = document.toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(key)) return { issue: null, known: false };
  for (const id of await issuesOfPartialMd5(key)) {
    const issue = await readableIssue(userId, id);
    if (issue) return { issue, known: true };
  }
  return { issue: null, known: false };
}

const progressBody = z.object({
  document: z.string().max(200).optional(),
  progress: z.union([z.string().max(2000), z.number()]).optional(),
  percentage: z.union([z.number(), z.string().max(40)]).optional(),
  device: z.string().max(200).optional(),
  device_id: z.string().max(200).optional(),
});

const progressAnswer = z.object({
  document: z.string().optional(),
  percentage: z.number().optional(),
  progress: z.string().optional(),
  device: z.string().optional(),
  device_id: z.string().optional(),
  timestamp: z.number().int().optional(),
});

/** The page a KOReader progress names: its progress when that is a page number, else its percentage of the pages. */
export function pageOfProgress(progress: string | number | undefined, percentage: number | string | undefined, pageCount: number): number | null {
  const asPage = typeof progress === 'number' ? progress : /^\s*\d{1,5}\s*$/.test(progress ?? '') ? Number(progress) : NaN;
  if (Number.isInteger(asPage) && asPage >= 1 && asPage <= pageCount) return asPage;
  const share = Number(percentage);
  if (!Number.isFinite(share) || share < 0 || share > 1 || pageCount < 1) return null;
  return Math.min(pageCount, Math.max(1, Math.round(share * pageCount)));
}

/** KOReader's sync protocol, /api/kosync/... (tabled in routes/index.ts as the kosync service). */
export const kosyncRoutes: ServiceRoutes = {
  'users/create': {
    POST: route({
      summary: 'KOReader sync registration: accounts are the site’s, so this answers 201 for a member’s existing app password and 2005 otherwise',
      operationId: 'postKosyncUsersCreate',
      auth: 'none',
      body: z.object({ username: z.string().max(320).optional(), password: z.string().max(64).optional() }),
      responses: {
        201: { description: 'The user name and key are a member’s app password: the account exists', body: z.object({ username: z.string() }) },
        403: { description: 'Registration is on the library’s site (code 2005)' },
        429: { description: 'Too many sign-in attempts' },
      },
      async handler({ body, res, ip }) {
        const user = body.username && body.password ? await memberOfSyncKey(body.username.trim(), body.password.trim(), ip) : null;
        if (!user) return fail(res, ERRORS.registrationDisabled);
        return sendJson(res, 201, { username: body.username!.trim() });
      },
    }),
  },
  'users/auth': {
    GET: route({
      summary: 'KOReader sync: checks x-auth-user and x-auth-key (the MD5 of an app password)',
      operationId: 'getKosyncUsersAuth',
      auth: 'none',
      responses: {
        200: { description: 'Authorized', body: z.object({ authorized: z.literal('OK') }) },
        401: { description: 'Unauthorized (code 2001)' },
        429: { description: 'Too many sign-in attempts' },
      },
      async handler({ req, res, ip }) {
        if (!(await syncMember(req, ip))) return fail(res, ERRORS.unauthorized);
        return { authorized: 'OK' };
      },
    }),
  },
  'syncs/progress': {
    PUT: route({
      summary: 'KOReader sync: saves the page reached in an issue (its document key) as the member’s one reading place',
      operationId: 'putKosyncSyncsProgress',
      auth: 'none',
      body: progressBody,
      responses: {
        200: { description: 'Saved', body: z.object({ document: z.string(), timestamp: z.number().int() }) },
        401: { description: 'Unauthorized (code 2001)' },
        403: { description: 'A field is missing or invalid (2003, 2004), or the issue is not available to the member now' },
        404: { description: 'No issue has this document key for the member' },
        429: { description: 'Too many sign-in attempts' },
      },
      async handler({ body, req, res, ip }) {
        const user = await syncMember(req, ip);
        if (!user) return fail(res, ERRORS.unauthorized);
        if (!body.document || !documentPattern.test(body.document)) return fail(res, ERRORS.documentMissing);
        const { issue, known } = await issueOfDocument(user.id, body.document);
        if (!known) return fail(res, ERRORS.unknownDocument);
        if (!issue) return fail(res, ERRORS.unavailable);
        const page = pageOfProgress(body.progress, body.percentage, issue.pageCount);
        if (page === null) return fail(res, ERRORS.invalidFields);
        await saveProgress(user.id, issue.issueId, page, { device: body.device?.trim() || 'KOReader', deviceId: body.device_id?.trim() || '' });
        return { document: body.document, timestamp: Math.floor(Date.now() / 1000) };
      },
    }),
  },
  'syncs/progress/:document': {
    GET: route({
      summary: 'KOReader sync: the member’s reading place in an issue (its document key), wherever it was saved; {} when none',
      operationId: 'getKosyncSyncsProgress',
      auth: 'none',
      params: z.object({ document: z.string() }),
      responses: {
        200: { description: 'The reading place, or {} when there is none for this member and document', body: progressAnswer },
        401: { description: 'Unauthorized (code 2001)' },
        403: { description: 'The document field is missing (code 2004)' },
        404: { description: 'An address that names no document (a path part that is not text)' },
        429: { description: 'Too many sign-in attempts' },
      },
      async handler({ params, req, res, ip }) {
        const user = await syncMember(req, ip);
        if (!user) return fail(res, ERRORS.unauthorized);
        if (!documentPattern.test(params.document)) return fail(res, ERRORS.documentMissing);
        const { issue } = await issueOfDocument(user.id, params.document);
        const place = issue ? await readingPlace(user.id, issue.issueId) : null;
        if (!issue || !place) return {};
        const page = Math.min(place.page, Math.max(1, issue.pageCount));
        return {
          document: params.document,
          percentage: issue.pageCount > 0 ? page / issue.pageCount : 0,
          progress: String(page),
          device: place.device ?? 'Web reader',
          device_id: place.deviceId || 'web-reader',
          timestamp: Math.floor(place.updatedAt.getTime() / 1000),
        };
      },
    }),
  },
  healthcheck: {
    GET: route({
      summary: 'KOReader sync: the server is up',
      operationId: 'getKosyncHealthcheck',
      auth: 'none',
      responses: { 200: { description: 'Up', body: z.object({ state: z.literal('OK') }) } },
      async handler() {
        return { state: 'OK' };
      },
    }),
  },
};
