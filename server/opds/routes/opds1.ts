import type { ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CATEGORY } from '@/lib/constants';
import type { MagazineHit } from '@/lib/wire';
import { cached } from '../../cache';
import { cachedCategories, cachedLanguages, cachedListing } from '../../catalogue/browse';
import { visibilityKey } from '../../catalogue/visibility';
import { getDb } from '../../db/client';
import { issuePages } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { route, type RouteResponses, type ServiceRoutes } from '../../http/handler';
import { siteOrigin } from '../../http/origin';
import { originalOfIssue, sendOriginal } from '../../admin/originals';
import { openWithTwin, sendObject } from '../../media/serve';
import { ensurePageImage } from '../../reader/images';
import { StorageUnavailableError } from '../../storage';
import { countIssueDownloaded } from '../../usage/reading';
import { cachedFavouriteMagazines } from '../../user/queries';
import { cachedLibrary } from '../../context/viewer';
import { TYPE, entryXml, feedXml, openSearchXml, type Entry, type Feed, type Link } from '../atom';
import { FEED_PAGE_SIZE, coverUrl, issueAtomEntry, opdsBase } from '../feeds';
import { appResponses, appRoute, authenticationDocument, idOf, issueOfApp, openAppRequest, sendText, type AppRequest } from '../request';
import { foundIssueEntries, issueEntry, issueEntryPage } from '../queries';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional().default(1) });
const searchQuery = pageQuery.extend({ q: z.string().trim().min(1, 'q: words to search for are required').max(200) });
const pseQuery = z.object({ width: z.coerce.number().int().min(1).max(20_000).optional() });
const langParams = z.object({ libraryId: z.coerce.number().int().positive(), lang: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language code') });
const pageParams = z.object({ libraryId: z.coerce.number().int().positive(), issueId: z.coerce.number().int().positive(), page: z.coerce.number().int().min(0).max(9_999) });

function sendFeed(res: ServerResponse, feed: Feed, kind: 'navigation' | 'acquisition'): null {
  return sendText(res, 200, `${TYPE[kind]};charset=utf-8`, feedXml(feed));
}

/** The links every feed carries: itself, the catalogue root, the search description, and up. */
function feedLinks(app: AppRequest, self: string, kind: 'navigation' | 'acquisition', up?: string): Link[] {
  return [
    { rel: 'self', href: self, type: TYPE[kind] },
    { rel: 'start', href: `${app.base}/catalog`, type: TYPE.navigation, title: app.library.name },
    ...(up ? [{ rel: 'up', href: up, type: TYPE.navigation }] : []),
    { rel: 'search', href: `${app.base}/opensearch.xml`, type: TYPE.opensearch, title: 'Search' },
  ];
}

function feedOf(app: AppRequest, args: { path: string; title: string; kind: 'navigation' | 'acquisition'; up?: string; entries: Entry[]; links?: Link[]; paging?: Feed['paging'] }): Feed {
  const self = `${app.base}${args.path}`;
  return {
    id: self,
    title: args.title,
    updated: new Date(),
    author: { name: app.library.name, uri: siteOrigin() },
    links: [...feedLinks(app, self, args.kind, args.up), ...(args.links ?? [])],
    entries: args.entries,
    paging: args.paging,
  };
}

function navEntry(app: AppRequest, path: string, title: string, kind: 'navigation' | 'acquisition', content: string, rel = 'subsection'): Entry {
  return { id: `${app.base}${path}`, title, updated: new Date(), content, links: [{ rel, href: `${app.base}${path}`, type: TYPE[kind] }] };
}

/** A title as a navigation entry: its issues' acquisition feed, with its latest cover. */
function titleEntry(app: AppRequest, hit: Pick<MagazineHit, 'mid' | 'magName' | 'issueName' | 'issueDate' | 'img'>): Entry {
  return {
    id: `${app.base}/titles/${hit.mid}`,
    title: hit.magName,
    updated: new Date(`${hit.issueDate}T00:00:00Z`),
    content: `Latest issue: ${hit.issueName}`,
    links: [
      { rel: 'subsection', href: `${app.base}/titles/${hit.mid}`, type: TYPE.acquisition },
      { rel: 'http://opds-spec.org/image/thumbnail', href: coverUrl(hit.img, 1), type: 'image/jpeg' },
    ],
  };
}

/** Previous and next links of a paged feed. */
function pageLinks(app: AppRequest, path: string, page: number, total: number, kind: 'navigation' | 'acquisition', extra = ''): Link[] {
  const links: Link[] = [];
  const sep = path.includes('?') ? '&' : '?';
  if (page > 1) links.push({ rel: 'previous', href: `${app.base}${path}${sep}page=${page - 1}${extra}`, type: TYPE[kind] });
  if (page * FEED_PAGE_SIZE < total) links.push({ rel: 'next', href: `${app.base}${path}${sep}page=${page + 1}${extra}`, type: TYPE[kind] });
  return links;
}

/** A feed of one page of a longer list: its address with the page, the previous and next links, and the counts. */
function pagedFeedOf(app: AppRequest, args: { path: string; page: number; total: number; title: string; kind: 'navigation' | 'acquisition'; up: string; entries: Entry[] }): Feed {
  return feedOf(app, {
    path: args.page > 1 ? `${args.path}?page=${args.page}` : args.path,
    title: args.title,
    kind: args.kind,
    up: args.up,
    entries: args.entries,
    links: pageLinks(app, args.path, args.page, args.total, args.kind),
    paging: { total: args.total, perPage: FEED_PAGE_SIZE, startIndex: (args.page - 1) * FEED_PAGE_SIZE + 1 },
  });
}

/**
 * Whether the member's rules show the issue (visibleIssueWhere, through issueEntry) and the 1x width of one of its
 * pages: kept in the cache 'catalogue' under the rules' key (dropped with every change of titles or a library's
 * rules), as the catalogue's own reads are, so an app turning pages asks the database once per page and rules.
 */
function pseWidth(app: AppRequest, issueId: number, pageNo: number): Promise<number | null | 'hidden'> {
  const key = `pse|${visibilityKey(app.member.viewer, app.rating)}|${issueId}|${pageNo}`;
  return cached('catalogue', key, async () => {
    const row = await issueEntry(app.member.viewer, app.rating, issueId);
    if (!row) return 'hidden' as const;
    const [size] = await getDb()
      .select({ width: issuePages.width })
      .from(issuePages)
      .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo)))
      .limit(1);
    return size?.width ?? null;
  });
}

const FEED_RESPONSES = (mediaType: string): RouteResponses => appResponses(mediaType, 'The feed');
const ATOM = 'application/atom+xml';

/** The OPDS 1.2 catalogue of one library for a signed-in member (server/opds/), with page streaming and search. */
export const opds1Routes: ServiceRoutes = {
  ':libraryId/authentication': {
    GET: route({
      summary: 'The Authentication for OPDS 1.0 document of a library’s catalogue (open to all)',
      operationId: 'getOpdsAuthentication',
      auth: 'none',
      responses: { 200: { description: 'The Authentication Document', mediaTypes: [TYPE.authentication] }, 404: { description: 'No such library' } },
      async handler({ params, res }) {
        const library = await cachedLibrary(idOf(params, 'libraryId'));
        if (!library) throw new HttpError(404, 'No such library', { field: 'libraryId' });
        return sendText(res, 200, TYPE.authentication, JSON.stringify(authenticationDocument(library)));
      },
    }),
  },
  ':libraryId/catalog': {
    GET: appRoute({
      summary: 'OPDS 1.2 catalogue root of a library for the member: latest issues, categories, languages, favourites, search',
      operationId: 'getOpdsCatalog',
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { res }) => {
      // Newspapers and journals by the library's flags: their categories are among those it shows only when set.
      const shown = new Set((await cachedCategories(app.member.viewer)).map((row) => row.category_id));
      const entries = [
        navEntry(app, '/latest', 'Latest issues', 'acquisition', 'The newest issues in the library', 'http://opds-spec.org/sort/new'),
        navEntry(app, '/categories', 'Categories', 'navigation', 'Titles by category'),
        navEntry(app, '/languages', 'Languages', 'navigation', 'Titles by language'),
        navEntry(app, '/favourites', 'My favourites', 'navigation', 'The titles you follow'),
        ...(shown.has(CATEGORY.newspapers) ? [navEntry(app, `/categories/${CATEGORY.newspapers}`, 'Newspapers', 'navigation', 'Newspapers in the library')] : []),
        ...(shown.has(CATEGORY.journals) ? [navEntry(app, `/categories/${CATEGORY.journals}`, 'Journals', 'navigation', 'Journals in the library')] : []),
      ];
      return sendFeed(res, feedOf(app, { path: '/catalog', title: app.library.name, kind: 'navigation', entries }), 'navigation');
    }),
  },
  ':libraryId/categories': {
    GET: appRoute({
      summary: 'OPDS 1.2 navigation feed of the categories the member’s library shows',
      operationId: 'getOpdsCategories',
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { res }) => {
      const rows = await cachedCategories(app.member.viewer);
      const entries = rows.map((row) => navEntry(app, `/categories/${row.category_id}`, row.name, 'navigation', `Titles in ${row.name}`));
      return sendFeed(res, feedOf(app, { path: '/categories', title: 'Categories', kind: 'navigation', up: `${app.base}/catalog`, entries }), 'navigation');
    }),
  },
  ':libraryId/categories/:categoryId': {
    GET: appRoute({
      summary: 'OPDS 1.2 navigation feed of a category’s titles (20 a page); 404 for a category the library hides',
      operationId: 'getOpdsCategory',
      query: pageQuery,
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { params, query, res }) => {
      const categoryId = idOf(params, 'categoryId');
      const category = (await cachedCategories(app.member.viewer)).find((row) => row.category_id === categoryId);
      if (!category) throw new HttpError(404, 'No such category', { field: 'categoryId' });
      const listing = await cachedListing(app.member.viewer, { categoryId, includeGold: true, ageRating: app.rating, page: query.page, pageSize: FEED_PAGE_SIZE });
      const path = `/categories/${categoryId}`;
      const feed = pagedFeedOf(app, {
        path,
        page: query.page,
        total: listing.total,
        title: category.name,
        kind: 'navigation',
        up: `${app.base}/categories`,
        entries: listing.items.map((hit) => titleEntry(app, hit)),
      });
      return sendFeed(res, feed, 'navigation');
    }),
  },
  ':libraryId/languages': {
    GET: appRoute({
      summary: 'OPDS 1.2 navigation feed of the languages the member’s library has titles in',
      operationId: 'getOpdsLanguages',
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { res }) => {
      const rows = await cachedLanguages(app.member.viewer, app.rating);
      const entries = rows.map((row) => navEntry(app, `/languages/${row.lang_code}`, row.display_name || row.lang, 'navigation', `Titles in ${row.lang}`));
      return sendFeed(res, feedOf(app, { path: '/languages', title: 'Languages', kind: 'navigation', up: `${app.base}/catalog`, entries }), 'navigation');
    }),
  },
  ':libraryId/languages/:lang': {
    GET: appRoute({
      summary: 'OPDS 1.2 navigation feed of the titles in one language (20 a page)',
      operationId: 'getOpdsLanguage',
      params: langParams,
      query: pageQuery,
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { params, query, res }) => {
      const { lang } = langParams.parse(params);
      const listing = await cachedListing(app.member.viewer, { language: lang, includeGold: true, ageRating: app.rating, page: query.page, pageSize: FEED_PAGE_SIZE });
      const path = `/languages/${lang}`;
      const feed = pagedFeedOf(app, {
        path,
        page: query.page,
        total: listing.total,
        title: `Titles in ${lang}`,
        kind: 'navigation',
        up: `${app.base}/languages`,
        entries: listing.items.map((hit) => titleEntry(app, hit)),
      });
      return sendFeed(res, feed, 'navigation');
    }),
  },
  ':libraryId/favourites': {
    GET: appRoute({
      summary: 'OPDS 1.2 navigation feed of the member’s favourite titles that the library shows',
      operationId: 'getOpdsFavourites',
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { res }) => {
      const hits = await cachedFavouriteMagazines(app.member.viewer, app.member.user.id);
      const feed = feedOf(app, { path: '/favourites', title: 'My favourites', kind: 'navigation', up: `${app.base}/catalog`, entries: hits.map((hit) => titleEntry(app, hit)) });
      return sendFeed(res, feed, 'navigation');
    }),
  },
  ':libraryId/latest': {
    GET: appRoute({
      summary: 'OPDS 1.2 acquisition feed of the newest issues the member may read (20 a page), each with its PSE page stream',
      operationId: 'getOpdsLatest',
      query: pageQuery,
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { query, res }) => {
      const filter = { regularOnly: true };
      const [rows, total] = await issueEntryPage(app.member.viewer, app.rating, filter, query.page, FEED_PAGE_SIZE);
      const feed = pagedFeedOf(app, {
        path: '/latest',
        page: query.page,
        total,
        title: 'Latest issues',
        kind: 'acquisition',
        up: `${app.base}/catalog`,
        entries: rows.map((row) => issueAtomEntry(app.library, app.member.user.id, row)),
      });
      return sendFeed(res, feed, 'acquisition');
    }),
  },
  ':libraryId/titles/:mid': {
    GET: appRoute({
      summary: 'OPDS 1.2 acquisition feed of a title’s issues, newest first (20 a page); 404 for a title the member may not see',
      operationId: 'getOpdsTitle',
      query: pageQuery,
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { params, query, res }) => {
      const filter = { magazineId: idOf(params, 'mid') };
      const [rows, total] = await issueEntryPage(app.member.viewer, app.rating, filter, query.page, FEED_PAGE_SIZE);
      if (total === 0) throw new HttpError(404, 'No such title', { field: 'mid' });
      const path = `/titles/${filter.magazineId}`;
      const feed = pagedFeedOf(app, {
        path,
        page: query.page,
        total,
        title: rows[0]?.magName ?? 'Issues',
        kind: 'acquisition',
        up: `${app.base}/categories/${rows[0]?.catId ?? ''}`,
        entries: rows.map((row) => issueAtomEntry(app.library, app.member.user.id, row)),
      });
      return sendFeed(res, feed, 'acquisition');
    }),
  },
  ':libraryId/issues/:issueId': {
    GET: appRoute({
      summary: 'OPDS 1.2 complete catalogue entry of one issue, with its PSE page stream and the member’s last page',
      operationId: 'getOpdsIssue',
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { params, res }) => {
      const row = await issueOfApp(app, params);
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${entryXml(issueAtomEntry(app.library, app.member.user.id, row), true)}\n`;
      return sendText(res, 200, `${TYPE.entry};charset=utf-8`, xml);
    }),
  },
  ':libraryId/issues/:issueId/pdf': {
    GET: appRoute({
      summary:
        'The original PDF of an issue the member may read, when the library turned PDF download on (its acquisition link in the feeds); 404 when it is off, the issue is not shown to the member, or no original is kept',
      operationId: 'getOpdsIssuePdf',
      responses: { ...FEED_RESPONSES('application/pdf'), 503: { description: 'The media storage is not reachable just now' } },
    }, async (app, { params, req, res }) => {
      // The same answer for a library that keeps PDFs in and an issue the member may not see: nothing to download here.
      if (!app.library.pdfDownload) throw new HttpError(404, 'This library offers no PDF downloads', { field: 'issueId' });
      const row = await issueOfApp(app, params);
      const original = await originalOfIssue(row.issueId).catch((error: unknown) => {
        if (error instanceof StorageUnavailableError) throw new HttpError(503, 'The PDF is not reachable just now; try again shortly');
        throw error;
      });
      if (!original) throw new HttpError(404, 'This issue has no PDF to download', { field: 'issueId' });
      // Counted as an issue opened in the reader is (not awaited: counting must not slow or break the download).
      if (req.method !== 'HEAD') void countIssueDownloaded(app.library.id, app.member.user.id, row.mid, row.issueId);
      await sendOriginal(req, res, original);
      return null;
    }),
  },
  ':libraryId/issues/:issueId/pages/:page': {
    GET: route({
      summary:
        'OPDS-PSE 1.2 page stream: page {page} (from 0) of an issue as JPEG, at the largest of the reader’s 1x/2x/3x scales not wider than width (1x when narrower still)',
      operationId: 'getOpdsIssuePage',
      auth: 'none',
      params: pageParams,
      query: pseQuery,
      responses: { ...FEED_RESPONSES('image/jpeg'), 503: { description: 'The page images are not reachable just now' } },
      async handler({ params, query, req, res, ip }) {
        const { libraryId, issueId, page } = pageParams.parse(params);
        const app = await openAppRequest(req, res, ip, libraryId);
        if (!app) return null;
        const pageNo = page + 1;
        const size = await pseWidth(app, issueId, pageNo);
        if (size === 'hidden') throw new HttpError(404, 'No such issue', { field: 'issueId' });
        if (!size) throw new HttpError(404, 'No such page', { field: 'page' });
        const fits = query.width ? Math.floor(query.width / Math.max(1, size)) : 2;
        const scale = Math.min(3, Math.max(1, fits)) as 1 | 2 | 3;
        const opened = await (async () => {
          const key = await ensurePageImage(issueId, pageNo, scale);
          // No Accept: the stream's declared type is JPEG, whatever the app accepts.
          return key ? openWithTwin(key, undefined) : null;
        })().catch((error: unknown) => {
          if (error instanceof StorageUnavailableError) throw new HttpError(503, 'The page images are not reachable just now; try again shortly');
          throw error;
        });
        if (!opened) throw new HttpError(404, 'No such page', { field: 'page' });
        await sendObject(req, res, opened, 'private, max-age=3600');
        return null;
      },
    }),
  },
  ':libraryId/opensearch.xml': {
    GET: route({
      summary: 'The OpenSearch 1.1 description of a library’s catalogue search (open to all)',
      operationId: 'getOpdsOpenSearch',
      auth: 'none',
      responses: { 200: { description: 'The OpenSearch description', mediaTypes: [TYPE.opensearch] }, 404: { description: 'No such library' } },
      async handler({ params, res }) {
        const library = await cachedLibrary(idOf(params, 'libraryId'));
        if (!library) throw new HttpError(404, 'No such library', { field: 'libraryId' });
        const xml = openSearchXml({ shortName: library.name, description: `Search the magazines and newspapers of ${library.name}`, template: `${opdsBase(library.id)}/search?q={searchTerms}` });
        return sendText(res, 200, `${TYPE.opensearch};charset=utf-8`, xml);
      },
    }),
  },
  ':libraryId/search': {
    GET: appRoute({
      summary: 'OPDS 1.2 acquisition feed of a search: the latest issue of each title the site’s title search finds for the words',
      operationId: 'getOpdsSearch',
      query: searchQuery,
      responses: FEED_RESPONSES(ATOM),
    }, async (app, { query, res }) => {
      const { found, rows } = await foundIssueEntries(app.member.viewer, app.rating, query.q, query.page);
      const q = encodeURIComponent(query.q);
      const links: Link[] = [];
      if (query.page > 1) links.push({ rel: 'previous', href: `${app.base}/search?q=${q}&page=${query.page - 1}`, type: TYPE.acquisition });
      if (query.page < found.nbPages) links.push({ rel: 'next', href: `${app.base}/search?q=${q}&page=${query.page + 1}`, type: TYPE.acquisition });
      const feed = feedOf(app, {
        path: `/search?q=${q}${query.page > 1 ? `&page=${query.page}` : ''}`,
        title: `Search: ${query.q}`,
        kind: 'acquisition',
        up: `${app.base}/catalog`,
        entries: rows.map((row) => issueAtomEntry(app.library, app.member.user.id, row)),
        links,
        paging: { total: found.nbHits, perPage: found.hitsPerPage, startIndex: (query.page - 1) * found.hitsPerPage + 1 },
      });
      return sendFeed(res, feed, 'acquisition');
    }),
  },
};
