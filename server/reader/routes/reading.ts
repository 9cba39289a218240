import { z } from 'zod';
import type { Session } from '../../auth/session';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { openWithTwin, sendObject } from '../../media/serve';
import { StorageUnavailableError } from '../../storage';
import { countIssueOpened, countPageRead } from '../../usage/reading';
import { checkReaderAccess, codeHolderRefusal, readerIssue, refusalStatus, REFUSAL_MESSAGES, type ReaderRefusal } from '../access';
import { verifyReaderCode } from '../code';
import { ensurePageImage, readPageToken } from '../images';
import { saveProgress } from '../queries';
import { findInIssue, pageText } from '../text';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET issue */
const getIssueBody = z.object({
  issueId: z.number(),
  mid: z.number(),
  magName: z.string(),
  issueName: z.string(),
  issueDate: z.string(),
  lang: z.string(),
  pageCount: z.number(),
  pages: z.array(z.object({
    pageNo: z.number(),
    width: z.number(),
    height: z.number(),
    isSpread: z.boolean(),
    alt: z.string(),
    src: z.tuple([z.string(), z.string(), z.string()]),
  })),
  lastPage: z.number().nullable(),
  expiresAt: z.number(),
  status: z.string(),
});

/** GET text */
const getTextBody = z.object({
  pageNo: z.number(),
  hasText: z.boolean(),
  blocks: z.array(z.object({ kind: z.enum(["heading", "paragraph"]), text: z.string(), lines: z.array(z.number()) })),
  width: z.number(),
  height: z.number(),
  lines: z.array(z.object({ text: z.string(), x: z.number(), y: z.number(), w: z.number(), h: z.number(), size: z.number() })),
  status: z.string(),
});

/** GET find */
const getFindBody = z.object({ status: z.string(), q: z.string(), pages: z.array(z.object({ pageNo: z.number(), count: z.number(), excerpt: z.string() })) });

/** PUT progress */
const putProgressBody = z.object({ status: z.string(), page: z.number() });

const id = z.coerce.number().int().positive().max(2_147_483_647);
const code = z.string().trim().min(1).max(4096);

const issueQuery = z.object({
  code,
  issue: id,
  ageRating: z.coerce.number().int().min(0).max(99).optional(),
});

const pageQuery = issueQuery.extend({ page: z.coerce.number().int().positive().max(10_000) });
const findQuery = issueQuery.extend({ q: z.string().trim().min(1, 'q: words to find are required').max(200) });

/** The reader's checks for the text calls: the same as for the issue, with the same statuses (401 without a session). */
async function grantFor(query: z.infer<typeof issueQuery>, session: Session | null) {
  const access = await checkReaderAccess({ code: query.code, issueId: query.issue, session, ageRating: query.ageRating });
  if (!access.ok) throw refused(access.refusal);
  return access.grant;
}

const progressBody = z.object({ code, issue: id, page: z.coerce.number().int().positive().max(10_000) });

function refused(refusal: ReaderRefusal): HttpError {
  return new HttpError(refusalStatus(refusal), REFUSAL_MESSAGES[refusal], { field: refusal === 'unavailable' ? 'issue' : 'code' });
}

/** Images of a code never change; the browser keeps them, no shared cache does (they are a member's). */
const IMAGE_CACHE = 'private, max-age=31536000, immutable';

export const readingRoutes: ServiceRoutes = {
  issue: {
    GET: route({
      summary: 'The issue a reader code opens: its pages with signed 1x/2x/3x image addresses and the member’s last page',
      responses: { 200: { description: 'OK', body: getIssueBody }, 403: { description: 'A reader code that is expired, altered or another member’s, or an issue no longer open to the member' } },
      auth: 'optional',
      query: issueQuery,
      async handler({ query, session }) {
        const access = await checkReaderAccess({ code: query.code, issueId: query.issue, session, ageRating: query.ageRating });
        if (!access.ok) throw refused(access.refusal);
        // Not awaited: counting must not slow or break reading.
        void countIssueOpened(access.grant);
        return { status: 'success', ...(await readerIssue(query.code, access.grant)) };
      },
    }),
  },
  'page/:code/:token': {
    GET: route({
      summary:
        'One page image at the scale its signed token names (WebP to a browser that accepts it, when the page has a WebP twin, else JPEG), for the session of the member the code was signed for; 401 without one, 403 for an expired, altered or foreign code',
      responses: {
        200: { description: 'The page image', mediaTypes: ['image/webp', 'image/jpeg'] },
        403: { description: 'An expired, altered or foreign code, or a session that is not its member’s' },
        404: { description: 'No such page' },
        503: { description: 'The page images are not reachable just now' },
      },
      auth: 'optional',
      async handler({ params, req, res, session }) {
        const claims = await verifyReaderCode(params.code);
        const page = claims ? readPageToken(params.token, claims.jti, claims.issueId) : null;
        if (!claims || !page) throw new HttpError(403, REFUSAL_MESSAGES['invalid-code']);
        // The same holder check as the issue's (the address is signed for the code, the code is bound to the member).
        const held = codeHolderRefusal(claims, session);
        if (held) throw refused(held);
        const opened = await (async () => {
          const key = await ensurePageImage(claims.issueId, page.pageNo, page.scale);
          return key ? openWithTwin(key, req.headers.accept) : null;
        })().catch((error: unknown) => {
          if (error instanceof StorageUnavailableError) throw new HttpError(503, 'The page images are not reachable just now; try again shortly');
          throw error;
        });
        if (!opened) throw new HttpError(404, 'No such page', { field: 'token' });
        // Streamed through the site rather than redirected to a signed bucket address: the address stays this
        // code's (refused when the code expires), the bucket stays private, and WebP or JPEG is chosen per Accept.
        await sendObject(req, res, opened, IMAGE_CACHE);
        return null;
      },
    }),
  },
  text: {
    GET: route({
      summary: 'A page’s text: its positioned lines in page units from the top left (the layer over the picture) and its blocks in reading order (the text view)',
      responses: { 200: { description: 'OK', body: getTextBody }, 404: { description: 'Not found, or not one this person may see' }, 403: { description: 'A reader code that is expired, altered or another member’s, or an issue no longer open to the member' } },
      auth: 'optional',
      query: pageQuery,
      async handler({ query, session }) {
        const grant = await grantFor(query, session);
        if (query.page > grant.issue.pageCount) throw new HttpError(400, `page: must be at most ${grant.issue.pageCount}`, { field: 'page' });
        const text = await pageText(query.issue, query.page);
        if (!text) throw new HttpError(404, 'No such page', { field: 'page' });
        return { status: 'success', ...text };
      },
    }),
  },
  find: {
    GET: route({
      summary: 'Every page of the issue that holds the words (case and accents aside), with how often and an excerpt',
      responses: { 200: { description: 'OK', body: getFindBody }, 403: { description: 'A reader code that is expired, altered or another member’s, or an issue no longer open to the member' } },
      auth: 'optional',
      query: findQuery,
      async handler({ query, session }) {
        await grantFor(query, session);
        return { status: 'success', q: query.q, pages: await findInIssue(query.issue, query.q) };
      },
    }),
  },
  progress: {
    PUT: route({
      summary: 'Saves the page the member reached in the issue, so the reader resumes there',
      responses: { 200: { description: 'OK', body: putProgressBody } },
      auth: 'optional',
      body: progressBody,
      async handler({ body, session, context }) {
        // At the rating the member's browser asks for (the ageRating cookie), as the reader page that opened the issue.
        const access = await checkReaderAccess({ code: body.code, issueId: body.issue, session, ageRating: context.requestedAgeRating });
        if (!access.ok) throw refused(access.refusal);
        if (body.page > access.grant.issue.pageCount) throw new HttpError(400, `page: must be at most ${access.grant.issue.pageCount}`, { field: 'page' });
        await saveProgress(access.grant.claims.userId, body.issue, body.page);
        void countPageRead(access.grant, body.page);
        return { status: 'success', page: body.page };
      },
    }),
  },
};
