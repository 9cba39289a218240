import { z } from 'zod';
import { SUBSCRIPTION_EXPIRED } from '@/lib/constants';
import { wordBoxes } from '@/lib/text-layer';
import { bookmarkView, clippingView, sharedClippingView, type PageTextAnswer } from '@/lib/wire';
import type { Session } from '../../auth/session';
import type { IssueDetails } from '../../catalogue/titles';
import type { Clipping } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { issueForMember } from '../../reader/access';
import { pageToRender } from '../../reader/queries';
import { pageTextOf } from '../../reader/present';
import { sendClippingImage } from '../clipping-image';
import { clippingText, type PositionedWord } from '../clipping-text';
import { bookmarkViewOf, bookmarkViews, clippingViewOf, clippingViews, openSharedClipping, sharedClippingFor } from '../present';
import {
  addBookmark,
  addClipping,
  deleteBookmark,
  deleteClipping,
  hasPage,
  ownClipping,
  renameBookmark,
  renameClipping,
  shareClipping,
} from '../queries';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET bookmarks */
const getBookmarksBody = z.object({
  status: z.string(),
  bookmarks: z.array(bookmarkView),
});

/** POST bookmarks */
const postBookmarksBody = z.object({
  status: z.string(),
  message: z.string(),
  bookmark: bookmarkView,
});

/** PUT bookmarks/:id */
const putBookmarksIdBody = z.object({ status: z.string(), message: z.string(), name: z.string() });

/** DELETE bookmarks/:id */
const deleteBookmarksIdBody = z.object({ status: z.string(), message: z.string() });

/** GET clippings */
const getClippingsBody = z.object({
  status: z.string(),
  clippings: z.array(clippingView),
});

/** POST clippings */
const postClippingsBody = z.object({
  status: z.string(),
  message: z.string(),
  clipping: clippingView,
});

/** PUT clippings/:id: the same answer as putBookmarksIdBody. */
const putClippingsIdBody = putBookmarksIdBody;

/** DELETE clippings/:id: the same answer as deleteBookmarksIdBody. */
const deleteClippingsIdBody = deleteBookmarksIdBody;

/** POST clippings/:id/share */
const postClippingsIdShareBody = z.object({ status: z.string(), message: z.string(), shareUrl: z.string() });

/** GET sharedClipping/:token */
const getSharedClippingTokenBody = z.object({ status: z.string(), clipping: sharedClippingView });

const id = z.coerce.number().int().positive().max(2_147_483_647);
const name = z.string().trim().min(1, 'must not be empty').max(120);
const fraction = z.number().min(0).max(1);

export const idParams = z.object({ id });
export const shareParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'is not a share link') });
export const marksQuery = z.object({ issue: id.optional() });
export const renameBody = z.object({ name });
export const bookmarkBody = z.object({
  issue: id,
  page: z.coerce.number().int().positive().max(10_000),
  name: name.optional(),
  ageRating: z.coerce.number().int().min(0).max(99).optional(),
});
export const clippingBody = bookmarkBody.extend({
  /** The region as fractions of the page: left, top, width, height, each 0 to 1. */
  region: z
    .object({ x: fraction, y: fraction, width: fraction.min(0.01, 'must be at least 0.01'), height: fraction.min(0.01, 'must be at least 0.01') })
    .superRefine((region, ctx) => {
      if (region.x + region.width > 1.000001) ctx.addIssue({ code: 'custom', path: ['width'], message: 'reaches past the right edge of the page' });
      if (region.y + region.height > 1.000001) ctx.addIssue({ code: 'custom', path: ['height'], message: 'reaches past the bottom of the page' });
    }),
});

function member(session: Session | null): Session {
  if (!session) throw new HttpError(401, 'Sign in to continue');
  return session;
}

/** The issue a new bookmark or clipping points at, refused as the reader would refuse it. */
async function markableIssue(session: Session, body: z.output<typeof bookmarkBody>): Promise<IssueDetails> {
  const seen = await issueForMember(session.claims.uid, session.claims.libid, body.issue, body.ageRating);
  if (!seen.ok && seen.refusal === 'membership-expired') throw new HttpError(403, SUBSCRIPTION_EXPIRED);
  if (!seen.ok) throw new HttpError(404, 'Issue not found', { field: 'issue' });
  return seen.issue;
}

function noSuchPage(page: number): HttpError {
  return new HttpError(400, `page: this issue has no page ${page}`, { field: 'page' });
}

/** A page's words with their boxes as fractions of the page, in reading order; null when it has no text layer. */
function pageWords(layer: PageTextAnswer): PositionedWord[] | null {
  if (!layer.lines.length || !layer.width || !layer.height) return null;
  const order = layer.blocks.flatMap((block) => block.lines);
  const seen = new Set(order);
  const lineOrder = [...order, ...layer.lines.map((_, index) => index).filter((index) => !seen.has(index))];
  return lineOrder.flatMap((index) =>
    wordBoxes(layer.lines[index], index).map((word) => ({
      text: word.text,
      box: { x: word.x / layer.width, y: word.y / layer.height, width: word.w / layer.width, height: word.h / layer.height },
    })),
  );
}

/** A member's own clipping that they may still see; anyone else's, or one of an issue now hidden, is 404. */
async function visibleOwnClipping(session: Session, clippingId: number): Promise<Clipping> {
  const row = await ownClipping(session.claims.uid, clippingId);
  if (!row || !(await issueForMember(session.claims.uid, row.libraryId, row.issueId)).ok) throw new HttpError(404, 'Clipping not found', { field: 'id' });
  return row;
}

/** Bookmarks and clippings: a member's own, private like their reading; another member's are 404, never 403. */
export const markRoutes: ServiceRoutes = {
  bookmarks: {
    GET: route({
      summary: 'The member’s bookmarks, newest first (of one issue when `issue` is given)',
      responses: { 200: { description: 'OK', body: getBookmarksBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' } },
      auth: 'required',
      query: marksQuery,
      async handler({ query, session }) {
        return { status: 'success', bookmarks: await bookmarkViews(member(session).claims.uid, query.issue) };
      },
    }),
    POST: route({
      summary: 'Bookmarks a page of an issue the member can read',
      responses: { 200: { description: 'OK', body: postBookmarksBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      body: bookmarkBody,
      async handler({ body, session }) {
        const issue = await markableIssue(member(session), body);
        if (!(await hasPage(body.issue, body.page))) throw noSuchPage(body.page);
        const row = await addBookmark({ userId: session.claims.uid, libraryId: session.claims.libid, issueId: body.issue, pageNo: body.page, name: body.name ?? `Page ${body.page}` });
        return { status: 'success', message: 'Bookmark added', bookmark: bookmarkViewOf(row, issue) };
      },
    }),
  },
  'bookmarks/:id': {
    PUT: route({
      summary: 'Renames one of the member’s bookmarks',
      responses: { 200: { description: 'OK', body: putBookmarksIdBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      body: renameBody,
      async handler({ body, params, session }) {
        const row = await renameBookmark(member(session).claims.uid, idParams.parse(params).id, body.name);
        if (!row) throw new HttpError(404, 'Bookmark not found', { field: 'id' });
        return { status: 'success', message: 'Bookmark renamed', name: row.name };
      },
    }),
    DELETE: route({
      summary: 'Deletes one of the member’s bookmarks',
      responses: { 200: { description: 'OK', body: deleteBookmarksIdBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      async handler({ params, session }) {
        if (!(await deleteBookmark(member(session).claims.uid, idParams.parse(params).id))) throw new HttpError(404, 'Bookmark not found', { field: 'id' });
        return { status: 'success', message: 'Bookmark deleted' };
      },
    }),
  },
  clippings: {
    GET: route({
      summary: 'The member’s clippings, newest first (of one issue when `issue` is given)',
      responses: { 200: { description: 'OK', body: getClippingsBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' } },
      auth: 'required',
      query: marksQuery,
      async handler({ query, session }) {
        return { status: 'success', clippings: await clippingViews(member(session).claims.uid, query.issue) };
      },
    }),
    POST: route({
      summary: 'Clips a region of a page: the picture is cut from the page image, the text taken from the page',
      responses: { 200: { description: 'OK', body: postClippingsBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      body: clippingBody,
      async handler({ body, session }) {
        const issue = await markableIssue(member(session), body);
        // The page read once: its plain text and its text layer come from the same row.
        const page = await pageToRender(body.issue, body.page);
        if (!page) throw noSuchPage(body.page);
        // The words inside the region, from the page's text layer (the reader's own); a page without one (imported
        // before layers were kept) keeps its whole text, said to be so (scope 'page').
        const words = clippingText(body.region, { words: pageWords(pageTextOf(page)), plainText: page.text });
        const row = await addClipping({
          userId: session.claims.uid,
          libraryId: session.claims.libid,
          issueId: body.issue,
          pageNo: body.page,
          name: body.name ?? `Clipping from page ${body.page}`,
          ...body.region,
          text: words.text,
          textScope: words.scope,
        });
        return { status: 'success', message: 'Clipping saved', clipping: clippingViewOf(row, issue) };
      },
    }),
  },
  'clippings/:id': {
    PUT: route({
      summary: 'Renames one of the member’s clippings',
      responses: { 200: { description: 'OK', body: putClippingsIdBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      body: renameBody,
      async handler({ body, params, session }) {
        const row = await renameClipping(member(session).claims.uid, idParams.parse(params).id, body.name);
        if (!row) throw new HttpError(404, 'Clipping not found', { field: 'id' });
        return { status: 'success', message: 'Clipping renamed', name: row.name };
      },
    }),
    DELETE: route({
      summary: 'Deletes one of the member’s clippings (its share link stops opening)',
      responses: { 200: { description: 'OK', body: deleteClippingsIdBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      async handler({ params, session }) {
        if (!(await deleteClipping(member(session).claims.uid, idParams.parse(params).id))) throw new HttpError(404, 'Clipping not found', { field: 'id' });
        return { status: 'success', message: 'Clipping deleted' };
      },
    }),
  },
  'clippings/:id/image': {
    GET: route({
      summary: 'The picture of one of the member’s clippings (JPEG), cut from the page image',
      responses: { 200: { description: 'The clipping’s picture', mediaTypes: ['image/jpeg'] }, 404: { description: 'No such clipping of the member' }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 503: { description: 'The database, or a service this call needs, is not reachable' } },
      auth: 'required',
      async handler({ params, session, req, res }) {
        return sendClippingImage(req, res, await visibleOwnClipping(member(session), idParams.parse(params).id));
      },
    }),
  },
  'clippings/:id/share': {
    POST: route({
      summary: 'Shares a clipping: a link that opens for members of the same library who can see its issue',
      responses: { 200: { description: 'OK', body: postClippingsIdShareBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      async handler({ params, session }) {
        const row = await visibleOwnClipping(member(session), idParams.parse(params).id);
        const token = await shareClipping(session.claims.uid, row.id);
        if (!token) throw new HttpError(404, 'Clipping not found', { field: 'id' });
        return { status: 'success', message: 'Share link ready', shareUrl: `/clipping/${token}` };
      },
    }),
  },
  'sharedClipping/:token': {
    GET: route({
      summary: 'A shared clipping, for a member of its library who can see its issue',
      responses: { 200: { description: 'OK', body: getSharedClippingTokenBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      async handler({ params, session }) {
        return { status: 'success', clipping: await openSharedClipping(member(session), shareParams.parse(params).token) };
      },
    }),
  },
  'sharedClipping/:token/image': {
    GET: route({
      summary: 'The picture of a shared clipping',
      responses: { 200: { description: 'The shared clipping’s picture', mediaTypes: ['image/jpeg'] }, 404: { description: 'No such shared clipping, or not one the member may see' }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 503: { description: 'The database, or a service this call needs, is not reachable' } },
      auth: 'required',
      async handler({ params, session, req, res }) {
        const { row } = await sharedClippingFor(member(session), shareParams.parse(params).token);
        return sendClippingImage(req, res, row);
      },
    }),
  },
};
