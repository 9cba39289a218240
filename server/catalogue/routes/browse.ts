import { z } from 'zod';
import { editionTile } from '@/lib/catalogue-tiles';
import { CATEGORY_PAGE_SIZE, DEFAULT_COUNTRY, DEFAULT_STORE_ID } from '@/lib/constants';
import { cataloguePage, languageRow, libraryDetailsBody } from '@/lib/wire';
import { libraryDetails } from '../../user/present';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { cachedLibrary, type Viewer } from '../../context/viewer';
import { cachedEditions, cachedIssueList, cachedLanguages, magazineScope } from '../browse';
import { COUNTRIES, flagOf } from '../countries';
import { isTopList } from '../queries';
import { allStoreCountries, findIssue, findMagazine, listIssues, storeForCountry, type IssueHit, type MagazineMeta } from '../titles';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** One issue of a title, as getIssuesByMag lists it (server/catalogue/titles.ts). */
const issueHit = z.object({
  mid: z.number(),
  magName: z.string(),
  isGold: z.number(),
  issueId: z.number(),
  issueName: z.string(),
  issueDate: z.string(),
  isSpecial: z.number(),
  pageCount: z.number(),
  img: z.string(),
  width: z.number(),
  height: z.number(),
}) satisfies z.ZodType<IssueHit>;

/** GET magazine-meta */
const getMagazineMetaBody = z.object({
  status: z.string(),
  data: z.object({
    latestIssue: issueHit.nullable(),
    mid: z.number(),
    magName: z.string(),
    slug: z.string(),
    about: z.string(),
    publisher: z.string(),
    catId: z.number(),
    catName: z.string(),
    cat_slug: z.string(),
    lang: z.string(),
    langName: z.string(),
    isGold: z.number(),
    ageRating: z.number(),
  }),
});

/** GET magMeta: the same answer as getMagazineMetaBody. */
const getMagMetaBody = getMagazineMetaBody;

/** GET getIssuesByMag */
const getIssuesByMagBody = z.object({
  status: z.string(),
  mid: z.number(),
  isSpecialIssue: z.number(),
  lst_dt: z.string().nullable(),
  data: z.array(issueHit),
});

/** GET getIssueDetails */
const getIssueDetailsBody = z.object({
  status: z.string(),
  data: issueHit.extend({ catId: z.number(), catName: z.string(), lang: z.string(), about: z.string() }),
});

/** GET getOrgDetails */
const getOrgDetailsBody = z.object({
  status: z.string(),
  data: libraryDetailsBody.extend({ isNewspaper: z.number(), isJournal: z.number(), ageRate: z.number(), con_code: z.string(), store_id: z.number() }),
});

/** GET editions */
const getEditionsBody = cataloguePage(z.object({ editionId: z.number(), magName: z.string(), editionPublished: z.string() }));

/** GET issues */
const getIssuesBody = cataloguePage(
  z.object({
    mid: z.number().optional(),
    name: z.string(),
    editionId: z.union([z.string(), z.number()]),
    imageSrc: z.string(),
    imageSrcSet: z.string(),
    floatingImgSrc: z.string().optional(),
    floatingImgAltText: z.string().optional(),
    showFloatingIcon: z.boolean().optional(),
    browserLinkUrl: z.string(),
    appLinkUrl: z.string().optional(),
  }),
);

/** GET languageList */
const getLanguageListBody = z.object({ status: z.string(), data: z.array(languageRow) });

/** GET countryCodes */
const getCountryCodesBody = z.object({
  status: z.string(),
  data: z.array(z.object({ mobileCode: z.string(), flag: z.string(), store_id: z.number(), country: z.string(), name: z.string() })),
});

const MAX_ID = 2_147_483_647;
const id = z.coerce.number().int().positive().max(MAX_ID);
const libid = z.coerce.number().int().min(0).max(MAX_ID).optional();
const ageRate = z.coerce.number().int().min(0).max(99).optional();
const page = z.coerce.number().int().min(1).max(10_000).optional().default(1);
const specialFlag = z.enum(['0', '1']);

/** YYYY-MM-DD that is a real day (a bad date must be a 400, never a database error). */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, 'must be a real date');

/** Editions come 50 to a page: a list to pick from, not covers to scroll. */
export const EDITION_PAGE_SIZE = 50;

export const magazineMetaQuery = z.object({ magName: z.string().trim().min(1).max(300), libid, age_rate: ageRate });
export const magMetaQuery = z.object({ mid: id, libid, age_rate: ageRate });
export const issuesByMagQuery = z.object({ mid: id, isSpecialIssue: specialFlag.optional().default('0'), lst_dt: day.optional(), libid, age_rate: ageRate });
export const issueDetailsQuery = z.object({ issid: id, libid, age_rate: ageRate });
export const orgDetailsQuery = z.object({
  con_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .optional(),
  libid,
});
export const editionsQuery = z.object({ mid: id, page, libid, age_rate: ageRate });
export const issueListQuery = z.object({ mid: id, isSpecialIssue: specialFlag.optional(), page, libid, age_rate: ageRate });
export const languageListQuery = z.object({
  categoryID: z
    .string()
    .trim()
    .regex(/^(BS|F|IF|TF|NA|\d{1,9})$/, 'must be a category id or one of BS, F, IF, TF, NA')
    .optional(),
  libid,
  age_rate: ageRate,
});

/** A url-safe base64 name ('-' and '_', padding optional) decoded, or null when it is not one. */
export function fromBase64Url(value: string): string | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const decoded = Buffer.from(value, 'base64url').toString('utf8');
  if (!decoded || decoded.includes('\uFFFD') || /[\u0000-\u001f]/.test(decoded)) return null;
  return Buffer.from(decoded, 'utf8').toString('base64url') === value.replace(/=+$/, '') ? decoded : null;
}

async function magazineOr404(viewer: Viewer, ageRating: number | null, mid: number): Promise<MagazineMeta> {
  const meta = await findMagazine(viewer, ageRating, { mid });
  if (!meta) throw new HttpError(404, 'Magazine not found', { field: 'mid' });
  return meta;
}

async function withLatestIssue(viewer: Viewer, ageRating: number | null, meta: MagazineMeta) {
  const [latest] = await listIssues(viewer, ageRating, { mid: meta.mid, special: false, limit: 1 });
  return { ...meta, latestIssue: latest ?? null };
}

export const browseRoutes: ServiceRoutes = {
  'magazine-meta': {
    GET: route({
      auth: 'optional',
      summary: 'A title by its name (or slug), also given as url-safe base64, with its latest issue',
      responses: { 200: { description: 'OK', body: getMagazineMetaBody }, 404: { description: 'Not found, or not one this person may see' } },
      query: magazineMetaQuery,
      async handler(ctx) {
        const { query } = ctx;
        const { viewer, rating } = await magazineScope(ctx);
        const decoded = fromBase64Url(query.magName);
        const meta =
          (await findMagazine(viewer, rating, { name: query.magName })) ?? (decoded ? await findMagazine(viewer, rating, { name: decoded }) : null);
        if (!meta) throw new HttpError(404, 'Magazine not found', { field: 'magName' });
        return { status: 'success', data: await withLatestIssue(viewer, rating, meta) };
      },
    }),
  },
  magMeta: {
    GET: route({
      auth: 'optional',
      summary: 'A title by id, with its latest issue (404 when unknown or hidden from the viewer)',
      responses: { 200: { description: 'OK', body: getMagMetaBody }, 404: { description: 'Not found, or not one this person may see' } },
      query: magMetaQuery,
      async handler(ctx) {
        const { query } = ctx;
        const { viewer, rating } = await magazineScope(ctx);
        return { status: 'success', data: await withLatestIssue(viewer, rating, await magazineOr404(viewer, rating, query.mid)) };
      },
    }),
  },
  getIssuesByMag: {
    GET: route({
      auth: 'optional',
      summary: 'Issues of a title, newest first, 20 at a time before lst_dt (the next lst_dt is in the answer)',
      responses: { 200: { description: 'OK', body: getIssuesByMagBody }, 404: { description: 'Not found, or not one this person may see' } },
      query: issuesByMagQuery,
      async handler(ctx) {
        const { query } = ctx;
        const { viewer, rating } = await magazineScope(ctx);
        const [, rows] = await Promise.all([
          magazineOr404(viewer, rating, query.mid),
          listIssues(viewer, rating, { mid: query.mid, special: query.isSpecialIssue === '1', before: query.lst_dt, limit: CATEGORY_PAGE_SIZE + 1 }),
        ]);
        const data = rows.slice(0, CATEGORY_PAGE_SIZE);
        const more = rows.length > CATEGORY_PAGE_SIZE;
        return { status: 'success', mid: query.mid, isSpecialIssue: Number(query.isSpecialIssue), lst_dt: more ? data[data.length - 1].issueDate : null, data };
      },
    }),
  },
  getIssueDetails: {
    GET: route({
      auth: 'optional',
      summary: 'One issue with its title (404 when unknown or hidden from the viewer)',
      responses: { 200: { description: 'OK', body: getIssueDetailsBody }, 404: { description: 'Not found, or not one this person may see' } },
      query: issueDetailsQuery,
      async handler(ctx) {
        const { viewer, rating } = await magazineScope(ctx);
        const issue = await findIssue(viewer, rating, ctx.query.issid);
        if (!issue) throw new HttpError(404, 'Issue not found', { field: 'issid' });
        return { status: 'success', data: issue };
      },
    }),
  },
  getOrgDetails: {
    GET: route({
      auth: 'optional',
      summary: 'The organisation (library) the viewer reads through, with the store serving con_code (default IN)',
      responses: { 200: { description: 'OK', body: getOrgDetailsBody }, 404: { description: 'Not found, or not one this person may see' } },
      query: orgDetailsQuery,
      async handler({ query, context }) {
        const viewer = await context.viewer(query.libid);
        const library = viewer.libraryId ? await cachedLibrary(viewer.libraryId) : null;
        if (!library) throw new HttpError(404, 'Organisation not found', { field: 'libid' });
        const country = (query.con_code ?? DEFAULT_COUNTRY).toUpperCase();
        const store = await storeForCountry(country);
        return {
          status: 'success',
          data: {
            ...libraryDetails(library),
            isNewspaper: library.isNewspaper,
            isJournal: library.isJournal,
            ageRate: library.ageRate,
            con_code: country,
            store_id: store?.id ?? DEFAULT_STORE_ID,
          },
        };
      },
    }),
  },
  editions: {
    GET: route({
      auth: 'optional',
      summary: 'Edition list of a title (SPEC §3 Edition: editionId, magName, editionPublished), 50 to a page',
      responses: { 200: { description: 'OK', body: getEditionsBody }, 404: { description: 'Not found, or not one this person may see' } },
      query: editionsQuery,
      async handler(ctx) {
        const { query } = ctx;
        const { viewer, rating } = await magazineScope(ctx);
        const list = await cachedEditions(viewer, rating, query.mid, query.page, EDITION_PAGE_SIZE);
        if (!list) throw new HttpError(404, 'Magazine not found', { field: 'mid' });
        return { status: 'success', page: query.page, nbPages: Math.ceil(list.total / EDITION_PAGE_SIZE), total: list.total, data: list.rows };
      },
    }),
  },
  issues: {
    GET: route({
      auth: 'optional',
      summary: 'Issue list of a title as SPEC §3 Issue tiles, newest first, pages of 20',
      responses: { 200: { description: 'OK', body: getIssuesBody }, 404: { description: 'Not found, or not one this person may see' } },
      query: issueListQuery,
      async handler(ctx) {
        const { query } = ctx;
        const { viewer, rating } = await magazineScope(ctx);
        const special = query.isSpecialIssue === undefined ? undefined : query.isSpecialIssue === '1';
        const list = await cachedIssueList(viewer, rating, { mid: query.mid, special, page: query.page, pageSize: CATEGORY_PAGE_SIZE });
        if (!list) throw new HttpError(404, 'Magazine not found', { field: 'mid' });
        const { base } = viewer;
        return {
          status: 'success',
          page: query.page,
          nbPages: Math.ceil(list.total / CATEGORY_PAGE_SIZE),
          total: list.total,
          data: list.rows.map((row) => editionTile(row, base)),
        };
      },
    }),
  },
  languageList: {
    GET: route({
      auth: 'optional',
      summary: 'Languages that have titles the viewer may see, in a top list or category when given (SPEC §3 Language)',
      responses: { 200: { description: 'OK', body: getLanguageListBody } },
      query: languageListQuery,
      async handler(ctx) {
        const { query } = ctx;
        const { viewer, rating } = await magazineScope(ctx);
        const category = query.categoryID;
        const filter = !category ? {} : isTopList(category) ? { list: category } : { categoryId: Number(category) };
        return { status: 'success', data: await cachedLanguages(viewer, rating, filter) };
      },
    }),
  },
  countryCodes: {
    GET: route({
      summary: 'Country codes for mobile numbers (SPEC §3: mobileCode, flag, store_id), India first',
      responses: { 200: { description: 'OK', body: getCountryCodesBody } },
      auth: 'none',
      async handler() {
        const stores = await allStoreCountries();
        return {
          status: 'success',
          data: COUNTRIES.map(([iso, name, dial]) => ({ mobileCode: dial, flag: flagOf(iso), store_id: stores.get(iso) ?? DEFAULT_STORE_ID, country: iso, name })),
        };
      },
    }),
  },
};
