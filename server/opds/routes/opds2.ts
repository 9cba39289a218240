import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { MagazineHit } from '@/lib/wire';
import { cachedCategories, cachedLanguages, cachedListing } from '../../catalogue/browse';
import { HttpError } from '../../http/errors';
import type { RouteResponses, ServiceRoutes } from '../../http/handler';
import { siteOrigin } from '../../http/origin';
import { pagesOfIssue, readingPlace, saveProgress } from '../../reader/queries';
import { cachedFavouriteMagazines } from '../../user/queries';
import { REL, TYPE } from '../atom';
import { FEED_PAGE_SIZE, coverUrl, pdfLink } from '../feeds';
import { foundIssueEntries, issueEntries, issueEntryPage, type IssueEntry } from '../queries';
import { appResponses, appRoute, idOf, issueOfApp, type AppRequest } from '../request';

/**
 * OPDS 2.0 (JSON) feeds of a library's catalogue, a Readium Web Publication Manifest per issue (DiViNa: its reading
 * order is the page images), and OPDS Progression 1.0 over the one reading place the web reader keeps.
 */

interface Link2 {
  href: string;
  type: string;
  rel?: string;
  title?: string;
  templated?: boolean;
  width?: number;
  height?: number;
  properties?: Record<string, unknown>;
}

function sendJson(res: ServerResponse, status: number, type: string, body: unknown): null {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(body === undefined ? '' : JSON.stringify(body));
  return null;
}

const v2 = (app: AppRequest, path: string) => `${app.base}/v2${path}`;

function feedLinks(app: AppRequest, self: string): Link2[] {
  return [
    { rel: 'self', href: self, type: TYPE.opds2 },
    { rel: 'start', href: v2(app, '/catalog'), type: TYPE.opds2, title: app.library.name },
    { rel: 'search', href: `${v2(app, '/search')}{?query}`, type: TYPE.opds2, templated: true },
    { rel: 'http://opds-spec.org/auth/document', href: `${app.base}/authentication`, type: TYPE.authentication },
  ];
}

function pagedLinks(app: AppRequest, path: string, page: number, total: number): Link2[] {
  const links: Link2[] = [];
  if (page > 1) links.push({ rel: 'previous', href: v2(app, `${path}?page=${page - 1}`), type: TYPE.opds2 });
  if (page * FEED_PAGE_SIZE < total) links.push({ rel: 'next', href: v2(app, `${path}?page=${page + 1}`), type: TYPE.opds2 });
  return links;
}

export function manifestUrl(base: string, issueId: number): string {
  return `${base}/issues/${issueId}/manifest`;
}

/** What a publication and a manifest both say of an issue (Readium Web Publication Manifest metadata). */
function issueMetadata(app: AppRequest, row: IssueEntry) {
  return {
    '@type': 'http://schema.org/PublicationIssue',
    title: `${row.magName}: ${row.issueName}`,
    identifier: `${app.base}/issues/${row.issueId}`,
    modified: row.updatedAt.toISOString(),
    published: row.issueDate,
    language: row.lang,
    ...(row.publisher ? { publisher: row.publisher } : {}),
  };
}

/** An issue as an OPDS 2 publication: its manifest (acquired as a DiViNa web publication), covers and facts. */
function publication(app: AppRequest, row: IssueEntry) {
  const manifest = manifestUrl(app.base, row.issueId);
  const pdf = pdfLink(app.library, row);
  return {
    metadata: {
      ...issueMetadata(app, row),
      ...(row.about ? { description: row.about.slice(0, 500) } : {}),
      subject: [{ name: row.catName, code: String(row.catId) }],
      belongsTo: { series: [{ name: row.magName }] },
      numberOfPages: row.pageCount,
    },
    links: [
      { rel: 'self', href: manifest, type: TYPE.manifest },
      { rel: 'http://opds-spec.org/acquisition', href: manifest, type: TYPE.manifest, title: 'Read page by page' },
      ...(pdf ? [{ rel: pdf.rel, href: pdf.href, type: pdf.type, title: pdf.title }] : []),
      { rel: REL.progression, href: `${app.base}/issues/${row.issueId}/progression`, type: TYPE.progression },
    ],
    images: [
      { href: coverUrl(row.coverPath, 2), type: 'image/jpeg' },
      { href: coverUrl(row.coverPath, 1), type: 'image/jpeg', rel: 'http://opds-spec.org/image/thumbnail' },
    ],
  };
}

function titleLink(app: AppRequest, hit: Pick<MagazineHit, 'mid' | 'magName'>): Link2 {
  return { href: v2(app, `/titles/${hit.mid}`), type: TYPE.opds2, title: hit.magName, rel: 'subsection' };
}

function feed(app: AppRequest, path: string, title: string, body: { navigation?: Link2[]; publications?: unknown[]; links?: Link2[]; paging?: { total: number; page: number } }) {
  return {
    metadata: {
      title,
      ...(body.paging ? { numberOfItems: body.paging.total, itemsPerPage: FEED_PAGE_SIZE, currentPage: body.paging.page } : {}),
    },
    links: [...feedLinks(app, v2(app, path)), ...(body.links ?? [])],
    ...(body.navigation ? { navigation: body.navigation } : {}),
    ...(body.publications ? { publications: body.publications } : {}),
  };
}

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional().default(1) });
const searchQuery = pageQuery.extend({ query: z.string().trim().min(1, 'query: words to search for are required').max(200) });
const langParams = z.object({ libraryId: z.coerce.number().int().positive(), lang: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language code') });

const RESPONSES = (mediaType: string): RouteResponses => appResponses(mediaType, 'The document');

/** A feed route: opens the request, builds the document, sends it as application/opds+json. */
function feedRoute<Q extends z.ZodType>(summary: string, operationId: string, query: Q, build: (app: AppRequest, query: z.output<Q>, params: Record<string, string>) => Promise<unknown>) {
  return appRoute({ summary, operationId, query, responses: RESPONSES(TYPE.opds2) }, async (app, { params, query: parsed, res }) =>
    sendJson(res, 200, `${TYPE.opds2}; charset=utf-8`, await build(app, parsed, params)),
  );
}

const noQuery = z.object({});

async function titleListing(app: AppRequest, path: string, title: string, filter: { categoryId?: number; language?: string }, page: number) {
  const listing = await cachedListing(app.member.viewer, { ...filter, includeGold: true, ageRating: app.rating, page, pageSize: FEED_PAGE_SIZE });
  return feed(app, page > 1 ? `${path}?page=${page}` : path, title, {
    navigation: listing.items.map((hit) => titleLink(app, hit)),
    links: pagedLinks(app, path, page, listing.total),
    paging: { total: listing.total, page },
  });
}

/** The page a progression names: a reference to a page of the reading order, else its share of the pages. */
export function pageOfProgression(body: { progression: number; references?: string[] }, pageCount: number): number {
  for (const reference of body.references ?? []) {
    const inOrder = /\/pages\/(\d{1,5})(?:[?#]|$)/.exec(reference);
    if (inOrder && Number(inOrder[1]) < pageCount) return Number(inOrder[1]) + 1;
    const fragment = /#page=(\d{1,5})$/.exec(reference);
    if (fragment && Number(fragment[1]) >= 1 && Number(fragment[1]) <= pageCount) return Number(fragment[1]);
  }
  return Math.min(pageCount, Math.max(1, Math.round(body.progression * pageCount)));
}

function deviceUri(id: string | null): string {
  if (!id) return `${siteOrigin()}/reader`;
  return /^[a-z][a-z0-9+.-]*:/i.test(id) ? id : `urn:device:${encodeURIComponent(id)}`;
}

const progressionBody = z.object({
  modified: z.string().datetime({ offset: true }),
  device: z.object({ id: z.string().min(1).max(300), name: z.string().min(1).max(200) }),
  progression: z.number().min(0).max(1),
  references: z.array(z.string().max(2000)).max(20).optional(),
  title: z.string().max(500).optional(),
});

async function progressionOf(app: AppRequest, row: IssueEntry) {
  const place = await readingPlace(app.member.user.id, row.issueId);
  if (!place) return null;
  const page = Math.min(place.page, Math.max(1, row.pageCount));
  return {
    modified: place.updatedAt.toISOString(),
    device: { id: deviceUri(place.deviceId), name: place.device ?? 'Web reader' },
    progression: row.pageCount > 0 ? page / row.pageCount : 0,
    references: [`${app.base}/issues/${row.issueId}/pages/${page - 1}`],
  };
}

export const opds2Routes: ServiceRoutes = {
  ':libraryId/v2/catalog': {
    GET: feedRoute('OPDS 2.0 catalogue root of a library for the member', 'getOpds2Catalog', noQuery, async (app) => {
      const latest = await issueEntries(app.member.viewer, app.rating, { regularOnly: true }, { limit: 10, offset: 0 });
      return {
        ...feed(app, '/catalog', app.library.name, {
          navigation: [
            { href: v2(app, '/latest'), type: TYPE.opds2, title: 'Latest issues', rel: REL.sortNew },
            { href: v2(app, '/categories'), type: TYPE.opds2, title: 'Categories', rel: 'subsection' },
            { href: v2(app, '/languages'), type: TYPE.opds2, title: 'Languages', rel: 'subsection' },
            { href: v2(app, '/favourites'), type: TYPE.opds2, title: 'My favourites', rel: 'subsection' },
          ],
        }),
        groups: [{ metadata: { title: 'Latest issues' }, links: [{ rel: 'self', href: v2(app, '/latest'), type: TYPE.opds2 }], publications: latest.map((row) => publication(app, row)) }],
      };
    }),
  },
  ':libraryId/v2/categories': {
    GET: feedRoute('OPDS 2.0 navigation feed of the categories the member’s library shows', 'getOpds2Categories', noQuery, async (app) => {
      const rows = await cachedCategories(app.member.viewer);
      return feed(app, '/categories', 'Categories', { navigation: rows.map((row) => ({ href: v2(app, `/categories/${row.category_id}`), type: TYPE.opds2, title: row.name, rel: 'subsection' })) });
    }),
  },
  ':libraryId/v2/categories/:categoryId': {
    GET: feedRoute('OPDS 2.0 navigation feed of a category’s titles (20 a page)', 'getOpds2Category', pageQuery, async (app, query, params) => {
      const categoryId = idOf(params, 'categoryId');
      const category = (await cachedCategories(app.member.viewer)).find((row) => row.category_id === categoryId);
      if (!category) throw new HttpError(404, 'No such category', { field: 'categoryId' });
      return titleListing(app, `/categories/${categoryId}`, category.name, { categoryId }, query.page);
    }),
  },
  ':libraryId/v2/languages': {
    GET: feedRoute('OPDS 2.0 navigation feed of the languages the member’s library has titles in', 'getOpds2Languages', noQuery, async (app) => {
      const rows = await cachedLanguages(app.member.viewer, app.rating);
      return feed(app, '/languages', 'Languages', { navigation: rows.map((row) => ({ href: v2(app, `/languages/${row.lang_code}`), type: TYPE.opds2, title: row.display_name || row.lang, rel: 'subsection' })) });
    }),
  },
  ':libraryId/v2/languages/:lang': {
    GET: {
      ...feedRoute('OPDS 2.0 navigation feed of the titles in one language (20 a page)', 'getOpds2Language', pageQuery, async (app, query, params) => {
        const { lang } = langParams.parse(params);
        return titleListing(app, `/languages/${lang}`, `Titles in ${lang}`, { language: lang }, query.page);
      }),
      paramsSchema: langParams,
    },
  },
  ':libraryId/v2/favourites': {
    GET: feedRoute('OPDS 2.0 navigation feed of the member’s favourite titles that the library shows', 'getOpds2Favourites', noQuery, async (app) => {
      const hits = await cachedFavouriteMagazines(app.member.viewer, app.member.user.id);
      return feed(app, '/favourites', 'My favourites', { navigation: hits.map((hit) => titleLink(app, hit)) });
    }),
  },
  ':libraryId/v2/latest': {
    GET: feedRoute('OPDS 2.0 feed of the newest issues the member may read (20 a page)', 'getOpds2Latest', pageQuery, async (app, query) => {
      const filter = { regularOnly: true };
      const [rows, total] = await issueEntryPage(app.member.viewer, app.rating, filter, query.page, FEED_PAGE_SIZE);
      return feed(app, query.page > 1 ? `/latest?page=${query.page}` : '/latest', 'Latest issues', {
        publications: rows.map((row) => publication(app, row)),
        links: pagedLinks(app, '/latest', query.page, total),
        paging: { total, page: query.page },
      });
    }),
  },
  ':libraryId/v2/titles/:mid': {
    GET: feedRoute('OPDS 2.0 feed of a title’s issues, newest first (20 a page)', 'getOpds2Title', pageQuery, async (app, query, params) => {
      const filter = { magazineId: idOf(params, 'mid') };
      const [rows, total] = await issueEntryPage(app.member.viewer, app.rating, filter, query.page, FEED_PAGE_SIZE);
      if (total === 0) throw new HttpError(404, 'No such title', { field: 'mid' });
      const path = `/titles/${filter.magazineId}`;
      return feed(app, query.page > 1 ? `${path}?page=${query.page}` : path, rows[0]?.magName ?? 'Issues', {
        publications: rows.map((row) => publication(app, row)),
        links: pagedLinks(app, path, query.page, total),
        paging: { total, page: query.page },
      });
    }),
  },
  ':libraryId/v2/search': {
    GET: feedRoute('OPDS 2.0 search: the latest issue of each title the site’s title search finds', 'getOpds2Search', searchQuery, async (app, query) => {
      const { found, rows } = await foundIssueEntries(app.member.viewer, app.rating, query.query, query.page);
      return feed(app, `/search?query=${encodeURIComponent(query.query)}`, `Search: ${query.query}`, {
        publications: rows.map((row) => publication(app, row)),
        paging: { total: found.nbHits, page: query.page },
      });
    }),
  },
  ':libraryId/issues/:issueId/manifest': {
    GET: appRoute({
      summary: 'Readium Web Publication Manifest of an issue (DiViNa): its reading order is the page images, with the Progression link',
      operationId: 'getOpdsIssueManifest',
      responses: RESPONSES(TYPE.manifest),
    }, async (app, { params, res }) => {
      const row = await issueOfApp(app, params);
      const pages = await pagesOfIssue(row.issueId);
      const self = manifestUrl(app.base, row.issueId);
      return sendJson(res, 200, `${TYPE.manifest}; charset=utf-8`, {
        '@context': 'https://readium.org/webpub-manifest/context.jsonld',
        metadata: {
          ...issueMetadata(app, row),
          conformsTo: 'https://readium.org/webpub-manifest/profiles/divina',
          readingProgression: 'ltr',
          numberOfPages: pages.length,
        },
        links: [
          { rel: 'self', href: self, type: TYPE.manifest },
          { rel: REL.progression, href: `${app.base}/issues/${row.issueId}/progression`, type: TYPE.progression },
        ],
        // The PSE page stream's addresses at 2x, with the 2x size (server/opds/routes/opds1.ts serves both).
        readingOrder: pages.map((page) => ({ href: `${app.base}/issues/${row.issueId}/pages/${page.pageNo - 1}`, type: 'image/jpeg', width: page.width * 2, height: page.height * 2, title: `Page ${page.pageNo}` })),
        resources: [{ rel: 'cover', href: coverUrl(row.coverPath, 2), type: 'image/jpeg' }],
      });
    }),
  },
  ':libraryId/issues/:issueId/progression': {
    GET: appRoute({
      summary: 'OPDS Progression 1.0: the member’s reading place in the issue, wherever it was saved (an empty payload when none)',
      operationId: 'getOpdsIssueProgression',
      responses: RESPONSES(TYPE.progression),
    }, async (app, { params, res }) => {
      const row = await issueOfApp(app, params);
      const progression = await progressionOf(app, row);
      return sendJson(res, 200, `${TYPE.progression}; charset=utf-8`, progression ?? undefined);
    }),
    PUT: appRoute({
      summary: 'OPDS Progression 1.0: saves the reading place unless the one kept is newer, and answers the one kept',
      operationId: 'putOpdsIssueProgression',
      body: progressionBody,
      responses: RESPONSES(TYPE.progression),
    }, async (app, { params, body, res }) => {
      const row = await issueOfApp(app, params);
      const kept = await readingPlace(app.member.user.id, row.issueId);
      if (!kept || kept.updatedAt.getTime() <= Date.parse(body.modified)) {
        await saveProgress(app.member.user.id, row.issueId, pageOfProgression(body, row.pageCount), { device: body.device.name, deviceId: body.device.id });
      }
      return sendJson(res, 200, `${TYPE.progression}; charset=utf-8`, await progressionOf(app, row));
    }),
  },
};
