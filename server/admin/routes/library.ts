import { z } from 'zod';
import { librarySettings } from '@/lib/wire';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { correctIssue, correctTitle, findTitles, issuesOfTitle, redrawIssue, setWithdrawn } from '../content';
import { originalForStaff, sendOriginal } from '../originals';
import { collectionOf, createLibrary, IMAGE_SLOTS, IMAGE_UPLOAD_LIMIT, libraryOrNotFound, presentLibrary, setCollection, SIGN_IN_METHODS, updateLibrary, uploadLibraryImage, type ImageSlot } from '../libraries';
import { emailField, id, listPageFields, pageField, pageSizeField, searchField } from '../schemas';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET libraries/:libraryId */
const getLibrariesLibraryIdBody = z.object({
  status: z.string(),
  library: librarySettings,
  collection: z.object({
    mode: z.string(),
    titles: z.array(z.object({ id: z.number(), name: z.string() })),
    categories: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});

/** PUT libraries/:libraryId */
const putLibrariesLibraryIdBody = z.object({
  status: z.string(),
  library: librarySettings,
});

/** POST library-create: the same answer as putLibrariesLibraryIdBody. */
const postLibraryCreateBody = putLibrariesLibraryIdBody;

/** PUT libraries/:libraryId/collection */
const putLibrariesLibraryIdCollectionBody = z.object({
  status: z.string(),
  collection: z.object({ mode: z.enum(["all", "chosen"]), titleIds: z.array(z.number()), categoryIds: z.array(z.number()) }),
});

/** PUT libraries/:libraryId/images/:slot: the same answer as putLibrariesLibraryIdBody. */
const putLibrariesLibraryIdImagesSlotBody = putLibrariesLibraryIdBody;

/** GET titles */
const getTitlesBody = z.object({
  titles: z.array(z.object({
    id: z.number(),
    name: z.string(),
    publisher: z.string(),
    categoryId: z.number(),
    categoryName: z.string(),
    languageCode: z.string(),
    ageRating: z.number(),
    issn: z.string().nullable(),
    onlineIssn: z.string().nullable(),
    about: z.string(),
  })),
  ...listPageFields,
});

/** PUT titles/:magazineId */
const putTitlesMagazineIdBody = z.object({
  status: z.string(),
  title: z.object({
    createdAt: z.string(),
    updatedAt: z.string(),
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    about: z.string(),
    publisher: z.string(),
    categoryId: z.number(),
    languageCode: z.string(),
    storeId: z.number(),
    isGold: z.boolean(),
    ageRating: z.number(),
    popularity: z.number(),
    issn: z.string().nullable(),
    onlineIssn: z.string().nullable(),
  }),
});

/** An issue as the console's content screen shows it (server/admin/content.ts presentIssue), with how far its pages are drawn. */
export const adminIssue = z.object({
  id: z.number().int(),
  magazineId: z.number().int(),
  name: z.string(),
  issueDate: z.string(),
  issueNumber: z.string().nullable(),
  isSpecial: z.boolean(),
  pageCount: z.number().int(),
  withdrawnAt: z.string().nullable(),
  dateNote: z.string().nullable(),
  pagesDrawn: z.number().int().nullable(),
  hasOriginal: z.boolean(),
});

/** GET titles/:magazineId/issues */
const getTitlesMagazineIdIssuesBody = z.object({
  issues: z.array(adminIssue),
  ...listPageFields,
});

/** PUT issues/:issueId */
const putIssuesIssueIdBody = z.object({
  status: z.string(),
  issue: adminIssue,
});

/** POST issues/:issueId/withdraw: the same answer as putIssuesIssueIdBody. */
const postIssuesIssueIdWithdrawBody = putIssuesIssueIdBody;

/** POST issues/:issueId/restore: the same answer as putIssuesIssueIdBody. */
const postIssuesIssueIdRestoreBody = putIssuesIssueIdBody;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional().transform((value) => (value === '' ? null : value));

export const librarySettingsBody = z.object({
  name: z.string().trim().min(1, 'is required').max(120).optional(),
  supportEmail: z.union([emailField, z.literal('')]).optional(),
  guestAccess: z.boolean().optional(),
  guestDays: z.number().int().min(1).max(3650).optional(),
  ageRate: z.number().int().min(0).max(9).optional(),
  excludeCategories: z.array(z.string().trim().min(1).max(60).regex(/^[^,]+$/, 'must not hold a comma')).max(200).optional(),
  isNewspaper: z.boolean().optional(),
  isJournal: z.boolean().optional(),
  /** Hide-profile mode: no profile menu in the header, and the logo leads to /q/temp/magazines/21. */
  hideProfile: z.boolean().optional(),
  /** Alternate routes (SPEC §6): the library's members read the catalogue under /q/temp. */
  tempRoutes: z.boolean().optional(),
  /** After a guest sign-in, back to the stored callback address instead of home (SPEC §4). */
  callbackAfterGuest: z.boolean().optional(),
  /** Visitors who are not signed in read the open /q/temp catalogue under this library (operators only; one library at most). */
  openCatalogue: z.boolean().optional(),
  /** Members may download issues' original PDFs from the library's OPDS catalogues (off by default). */
  pdfDownload: z.boolean().optional(),
  signInMethods: z.array(z.enum(SIGN_IN_METHODS)).max(3).optional(),
  cardMode: z.enum(['none', 'list', 'sip2']).optional(),
  sip2Host: optionalText(253),
  sip2Port: z.number().int().min(1).max(65535).nullable().optional(),
  sip2Institution: optionalText(60),
  oidcIssuer: z.url({ protocol: /^https?$/ }).max(500).nullable().optional().or(z.literal('').transform(() => null)),
  oidcClientId: optionalText(200),
  oidcClientSecret: optionalText(500),
});
export const newLibraryBody = librarySettingsBody.extend({ id: id.optional(), name: z.string().trim().min(1, 'is required').max(120) });
export const collectionBody = z.object({
  mode: z.enum(['all', 'chosen']),
  titleIds: z.array(id).max(20_000).default([]),
  categoryIds: z.array(id).max(1_000).default([]),
});
export const titleChangesBody = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  publisher: z.string().trim().max(200).optional(),
  about: z.string().trim().max(5000).optional(),
  categoryId: id.optional(),
  languageCode: z.string().trim().min(2).max(10).optional(),
  ageRating: z.number().int().min(1).max(9).optional(),
  issn: z
    .string()
    .trim()
    .regex(/^\d{4}-?\d{3}[\dXx]$/, 'must be an ISSN (1234-567X)')
    .nullable()
    .optional(),
  /** The online edition's own ISSN, when it has one (KBART online_identifier, MARC 022). */
  onlineIssn: z
    .string()
    .trim()
    .regex(/^\d{4}-?\d{3}[\dXx]$/, 'must be an ISSN (1234-567X)')
    .nullable()
    .optional(),
});
export const issueChangesBody = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  issueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'is not a real date')
    .optional(),
  issueNumber: z.string().trim().max(40).nullable().optional(),
  isSpecial: z.boolean().optional(),
});

const ORIGINAL_RESPONSES = {
  200: { description: 'The PDF the issue was imported from', mediaTypes: ['application/pdf'] },
  404: { description: 'No such library or issue, or no original kept for it' },
};

function paramId(params: Record<string, string>, name: string): number {
  const parsed = id.safeParse(params[name]);
  if (!parsed.success) throw new HttpError(400, `${name}: must be a positive whole number`, { field: name });
  return parsed.data;
}

/** Libraries (settings, images, collection) and content (titles, issues). */
export const libraryRoutes: ServiceRoutes = {
  'libraries/:libraryId': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'A library’s settings (secrets only as “set”) and collection',
      responses: { 200: { description: 'OK', body: getLibrariesLibraryIdBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      async handler({ libraryId }) {
        return { status: 'success', library: presentLibrary(await libraryOrNotFound(libraryId)), collection: await collectionOf(libraryId) };
      },
    }),
    PUT: route({
      auth: 'staff',
      library: 'libraryId',
      summary:
        'Edits a library: name, support email, guests, age rate, excluded categories, newspapers and journals, hide profile, /q/temp routes, guest callback, the open catalogue (operators), PDF download in the OPDS catalogues, sign-in ways',
      responses: { 200: { description: 'OK', body: putLibrariesLibraryIdBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      body: librarySettingsBody,
      async handler({ body, staff, libraryId }) {
        // The open catalogue is the whole site's: library staff may not take it for their library, nor give it up.
        if (body.openCatalogue !== undefined && !staff.operator) {
          throw new HttpError(403, 'openCatalogue: only a site operator chooses the open /q/temp catalogue’s library', { field: 'openCatalogue' });
        }
        return { status: 'success', library: await updateLibrary(staff, libraryId, body) };
      },
    }),
  },
  'library-create': {
    POST: route({
      auth: 'staff',
      summary: 'Creates a library (operators only)',
      responses: { 200: { description: 'OK', body: postLibraryCreateBody }, 409: { description: 'In conflict with what is already stored' } },
      body: newLibraryBody,
      operator: true,
      async handler({ body, staff }) {
        return { status: 'success', library: await createLibrary(staff, body) };
      },
    }),
  },
  'libraries/:libraryId/collection': {
    PUT: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Sets the titles a library licenses: all, or chosen titles and categories (the rest is invisible to its members)',
      responses: { 200: { description: 'OK', body: putLibrariesLibraryIdCollectionBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      body: collectionBody,
      async handler({ body, staff, libraryId }) {
        return { status: 'success', collection: await setCollection(staff, libraryId, body) };
      },
    }),
  },
  'libraries/:libraryId/images/:slot': {
    PUT: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Uploads a logo or banner (the image bytes as the body; type read from the content; 5 MB at most), drawn at the header’s sizes',
      responses: { 200: { description: 'OK', body: putLibrariesLibraryIdImagesSlotBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      binaryBody: true,
      bodyLimit: IMAGE_UPLOAD_LIMIT,
      async handler({ params, bytes, staff, libraryId }) {
        if (!(IMAGE_SLOTS as readonly string[]).includes(params.slot)) throw new HttpError(400, `slot: must be one of ${IMAGE_SLOTS.join(', ')}`, { field: 'slot' });
        return { status: 'success', library: await uploadLibraryImage(staff, libraryId, params.slot as ImageSlot, bytes ?? Buffer.alloc(0)) };
      },
    }),
  },
  titles: {
    GET: route({
      auth: 'staff',
      summary: 'A page of titles, found by name, publisher or ISSN',
      responses: { 200: { description: 'OK', body: getTitlesBody } },
      query: z.object({ q: searchField, page: pageField, pageSize: pageSizeField }),
      async handler({ query }) {
        return { status: 'success', ...(await findTitles(query.q, query.page, query.pageSize)) };
      },
    }),
  },
  'titles/:magazineId': {
    PUT: route({
      auth: 'staff',
      summary: 'Corrects a title’s metadata (operators only)',
      responses: { 200: { description: 'OK', body: putTitlesMagazineIdBody }, 404: { description: 'Not found, or not one this person may see' }, 409: { description: 'In conflict with what is already stored' } },
      body: titleChangesBody,
      operator: true,
      async handler({ params, body, staff }) {
        return { status: 'success', title: await correctTitle(staff, paramId(params, 'magazineId'), body) };
      },
    }),
  },
  'titles/:magazineId/issues': {
    GET: route({
      auth: 'staff',
      summary: 'A page of a title’s issues, withdrawn ones included',
      responses: { 200: { description: 'OK', body: getTitlesMagazineIdIssuesBody } },
      query: z.object({ withdrawn: z.enum(['0', '1']).default('0'), page: pageField, pageSize: pageSizeField }),
      async handler({ params, query }) {
        return { status: 'success', ...(await issuesOfTitle(paramId(params, 'magazineId'), query.withdrawn === '1', query.page, query.pageSize)) };
      },
    }),
  },
  'issues/:issueId': {
    PUT: route({
      auth: 'staff',
      summary: 'Corrects an issue’s metadata (operators only)',
      responses: { 200: { description: 'OK', body: putIssuesIssueIdBody }, 404: { description: 'Not found, or not one this person may see' } },
      body: issueChangesBody,
      operator: true,
      async handler({ params, body, staff }) {
        return { status: 'success', issue: await correctIssue(staff, paramId(params, 'issueId'), body) };
      },
    }),
  },
  'issues/:issueId/redraw': {
    POST: route({
      auth: 'staff',
      summary: 'Draws an issue’s pages again from its original PDF, in the background: its id, favourites, reading places and links stay, only its images change (operators only)',
      operationId: 'redrawIssue',
      operator: true,
      responses: {
        200: { description: 'The issue, marked as drawing', body: z.object({ status: z.literal('success'), issue: adminIssue }) },
        404: { description: 'No such issue' },
        409: { description: 'The issue has no original PDF kept' },
      },
      async handler({ params, staff }) {
        return { status: 'success', issue: await redrawIssue(staff, paramId(params, 'issueId')) };
      },
    }),
  },
  'libraries/:libraryId/issues/:issueId/original': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'The original PDF of an imported issue, for the staff of a library whose collection holds it',
      operationId: 'downloadLibraryIssueOriginal',
      responses: ORIGINAL_RESPONSES,
      async handler({ params, staff, libraryId, req, res }) {
        await sendOriginal(req, res, await originalForStaff(staff, libraryId, paramId(params, 'issueId')));
        return null;
      },
    }),
  },
  'issues/:issueId/original': {
    GET: route({
      auth: 'staff',
      summary: 'The original PDF of an imported issue (operators only: the console’s content screen)',
      operationId: 'downloadIssueOriginal',
      operator: true,
      responses: ORIGINAL_RESPONSES,
      async handler({ params, staff, req, res }) {
        await sendOriginal(req, res, await originalForStaff(staff, null, paramId(params, 'issueId')));
        return null;
      },
    }),
  },
  'issues/:issueId/withdraw': {
    POST: route({
      auth: 'staff',
      summary: 'Withdraws an issue: hidden at once everywhere, reader codes refused (operators only)',
      operator: true,
      responses: { 200: { description: 'OK', body: postIssuesIssueIdWithdrawBody }, 404: { description: 'Not found, or not one this person may see' } },
      async handler({ params, staff }) {
        return { status: 'success', issue: await setWithdrawn(staff, paramId(params, 'issueId'), true) };
      },
    }),
  },
  'issues/:issueId/restore': {
    POST: route({
      auth: 'staff',
      summary: 'Restores a withdrawn issue (operators only)',
      operator: true,
      responses: { 200: { description: 'OK', body: postIssuesIssueIdRestoreBody }, 404: { description: 'Not found, or not one this person may see' } },
      async handler({ params, staff }) {
        return { status: 'success', issue: await setWithdrawn(staff, paramId(params, 'issueId'), false) };
      },
    }),
  },
};
