import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { COUNTER_REPORT_IDS, counterTsv, isMonth, kbartTsv, type CounterReportId } from '@/lib/counter-report';
import { iso2709File, marcXmlCollection } from '@/lib/marc';
import { counterKeySummary, feedKeyView } from '@/lib/wire';
import { id } from '../../admin/schemas';
import { HttpError } from '../../http/errors';
import type { Library } from '../../db/schema';
import { route, type ServiceRoutes } from '../../http/handler';
import { siteOrigin } from '../../http/origin';
import { findLibrary } from '../../user/queries';
import { collectionTitles } from '../collection';
import { counterException } from '../counter-exceptions';
import { createCounterKey, listCounterKeys, revokeCounterKey } from '../counter-keys';
import { monthOfDate } from '../counter-request';
import { createFeedKey, feedKeysOf, libraryOfFeedKey, revokeFeedKey } from '../feed-keys';
import { kbartFileName, kbartProviderName, kbartRows } from '../kbart';
import { libraryMarcRecords } from '../marc-records';
import { counterReport, type ReportOptions } from '../reports';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET libraries/:libraryId/reports/:reportId */
const getLibrariesLibraryIdReportsReportIdBody = z.object({
  status: z.string(),
  report: z.object({
    reportId: z.enum(["PR", "PR_P1", "TR", "TR_J1", "TR_J3", "TR_J4", "IR"]),
    reportName: z.string(),
    release: z.literal("5.1"),
    institutionName: z.string(),
    institutionId: z.string(),
    metricTypes: z.array(z.string()),
    reportFilters: z.string(),
    reportAttributes: z.string(),
    exceptions: z.string(),
    beginDate: z.string(),
    endDate: z.string(),
    created: z.string(),
    createdBy: z.string(),
    registryRecord: z.string(),
    itemColumns: z.array(z.string()),
    months: z.array(z.string()),
    monthlyDetails: z.boolean().optional(),
    rows: z.array(z.object({
      item: z.array(z.string()),
      metricType: z.enum(["Total_Item_Investigations", "Total_Item_Requests", "Unique_Item_Investigations", "Unique_Item_Requests", "Searches_Platform", "Unique_Title_Investigations", "Unique_Title_Requests"]),
      total: z.number(),
      months: z.array(z.number()),
    })),
  }),
}).nullable();

/** GET libraries/:libraryId/counter-keys */
const getLibrariesLibraryIdCounterKeysBody = z.object({
  status: z.string(),
  customerId: z.string(),
  keys: z.array(counterKeySummary),
});

/** POST libraries/:libraryId/counter-keys */
const postLibrariesLibraryIdCounterKeysBody = z.object({
  key: counterKeySummary,
  apiKey: z.string(),
  status: z.string(),
  customerId: z.string(),
});

/** DELETE libraries/:libraryId/counter-keys/:keyId */
const deleteLibrariesLibraryIdCounterKeysKeyIdBody = z.object({
  status: z.string(),
  key: counterKeySummary,
});

const month = z.string().trim().refine(isMonth, 'must be a month, yyyy-mm');

/** A report's month range: at most five years, end not before begin nor after the month in progress. */
export const reportQuery = z
  .object({
    begin: month,
    end: month,
    format: z.enum(['json', 'tsv']).optional().default('json'),
    // The Code's Exclude_Monthly_Details for the COUNTER Reports (PR, TR, IR): only the Reporting_Period_Total.
    exclude_monthly_details: z.enum(['True', 'False']).optional(),
  })
  .refine((query) => query.end >= query.begin, { message: 'must not be before begin', path: ['end'] })
  .refine((query) => query.end <= monthOfDate(new Date()), { message: 'must not be after the month in progress', path: ['end'] })
  .refine((query) => Number(query.end.slice(0, 4)) - Number(query.begin.slice(0, 4)) <= 5, { message: 'must be at most five years after begin', path: ['end'] });
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportParams = z.object({
  libraryId: id,
  reportId: z.enum(COUNTER_REPORT_IDS as [CounterReportId, ...CounterReportId[]]),
});
export const libraryParams = z.object({ libraryId: id });
export const counterKeyParams = z.object({ libraryId: id, keyId: id });

/** A new COUNTER API key: what staff call the harvester it is for. */
export const counterKeyBody = z.object({
  label: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
});

/** The library a usage route is about (its staff were checked by the route: 403 before saying whether it exists), 404 for none. */
async function libraryInReach(libraryId: number) {
  const library = await findLibrary(libraryId);
  if (!library) throw new HttpError(404, 'No such library', { field: 'libraryId' });
  return library;
}

/**
 * What the console adds to a report request: the month in progress may be shown, its usage still being counted, so
 * it carries Exception 3031; Exclude_Monthly_Details as asked.
 */
function consoleRange(reportId: CounterReportId, query: ReportQuery) {
  const current = monthOfDate(new Date());
  // The console's Item Report names each story's magazine or newspaper and its Access_Type.
  const items: ReportOptions = reportId === 'IR' ? { includeParentDetails: true, attributesToShow: ['Access_Type'] } : {};
  return {
    options: { ...items, excludeMonthlyDetails: query.exclude_monthly_details === 'True' },
    exceptions: query.end >= current ? [counterException(3031, `usage for ${current} is still being counted`)] : [],
  };
}

/** A file download, never cached (it holds the library's current collection). */
function sendFile(res: ServerResponse, type: string, filename: string, body: string | Buffer): null {
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(body);
  return null;
}

/** A tab-separated download. */
function sendTsv(res: ServerResponse, filename: string, body: string): null {
  return sendFile(res, 'text/tab-separated-values; charset=utf-8', filename, body);
}

const since = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)), 'must be a date, yyyy-mm-dd, or a date and time (ISO 8601)')
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() <= Date.now(), 'must not be in the future');

/** Which MARC carrier, and optionally the date changes are wanted from. */
export const marcQuery = z.object({ format: z.enum(['xml', 'mrc']).optional().default('xml'), since: since.optional() });
type MarcQuery = z.output<typeof marcQuery>;
const feedKeyBody = z.object({ label: z.string().trim().min(1, 'is required').max(80) });
const feedKeyParams = z.object({ libraryId: id, keyId: id });

async function sendKbart(res: ServerResponse, library: Library, origin: string): Promise<null> {
  const date = new Date().toISOString().slice(0, 10);
  return sendTsv(res, kbartFileName(library, date), kbartTsv(kbartRows(await collectionTitles(library, origin))));
}

async function sendMarc(res: ServerResponse, library: Library, origin: string, query: MarcQuery): Promise<null> {
  const records = await libraryMarcRecords(library, await collectionTitles(library, origin), query.since ?? null);
  const date = new Date().toISOString().slice(0, 10);
  const name = `${kbartProviderName()}_${library.id}_${query.since ? `changes-since-${query.since.toISOString().slice(0, 10)}` : 'AllTitles'}_${date}`;
  if (query.format === 'mrc') return sendFile(res, 'application/marc', `${name}.mrc`, iso2709File(records));
  return sendFile(res, 'application/marcxml+xml; charset=utf-8', `${name}.xml`, marcXmlCollection(records));
}

const KBART_FILE = { 200: { description: 'The KBART title list (tab-separated, UTF-8)', mediaTypes: ['text/tab-separated-values'] } };
const MARC_FILE = { 200: { description: 'MARC 21 records: MARCXML, or ISO 2709 with format=mrc', mediaTypes: ['application/marcxml+xml', 'application/marc'] } };
const NO_LIBRARY = { 404: { description: 'No such library' } };
/** What a keyed fetch answers besides the file. */
const KEYED = { 401: { description: 'No feed key, or one unknown or revoked' }, 403: { description: 'A feed key of another library' }, ...NO_LIBRARY };
const feedKeyList = z.object({ status: z.literal('success'), feedKeys: z.array(feedKeyView) });
const newFeedKey = z.object({ status: z.literal('success'), key: z.string(), feedKey: feedKeyView });
const oneFeedKey = z.object({ status: z.literal('success'), feedKey: feedKeyView });

/** COUNTER 5.1 reports, the KBART title list, MARC records and feed keys of one library, for its staff and the site operators. */
export const usageRoutes: ServiceRoutes = {
  'libraries/:libraryId/reports/:reportId': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'A COUNTER 5.1 report (PR, PR_P1, TR, TR_J1, TR_J3, TR_J4 or IR) of a library over a month range in its tabular form: JSON for the console, or the TSV (format=tsv)',
      responses: { 200: { description: 'The report in its tabular form as JSON, or the TSV file with format=tsv', body: getLibrariesLibraryIdReportsReportIdBody, mediaTypes: ['text/tab-separated-values'] }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      params: reportParams,
      query: reportQuery,
      async handler({ params, query, res, libraryId }) {
        const { reportId } = reportParams.parse(params);
        const library = await libraryInReach(libraryId);
        const report = await counterReport({ reportId, library, begin: query.begin, end: query.end, origin: siteOrigin(), ...consoleRange(reportId, query) });
        if (query.format === 'tsv') return sendTsv(res, `${reportId}_${library.id}_${query.begin}_${query.end}.tsv`, counterTsv(report));
        res.setHeader('Cache-Control', 'no-store');
        return { status: 'success', report };
      },
    }),
  },
  'libraries/:libraryId/kbart': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'The KBART title list (Phase II columns) of a library’s collection, for its discovery service',
      params: libraryParams,
      responses: { ...KBART_FILE, ...NO_LIBRARY },
      async handler({ res, libraryId }) {
        const library = await libraryInReach(libraryId);
        return sendKbart(res, library, siteOrigin());
      },
    }),
  },
  'libraries/:libraryId/marc': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'MARC 21 records of a library’s collection, one per title: MARCXML (format=xml) or ISO 2709 (format=mrc); with since, only titles added, changed or withdrawn from then on',
      params: libraryParams,
      query: marcQuery,
      responses: { ...MARC_FILE, ...NO_LIBRARY },
      async handler({ query, res, libraryId }) {
        const library = await libraryInReach(libraryId);
        return sendMarc(res, library, siteOrigin(), query);
      },
    }),
  },
  'libraries/:libraryId/feed-keys': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'The keys a library’s discovery service or catalogue fetches its KBART list and MARC records with (never the keys themselves)',
      params: libraryParams,
      responses: { 200: { description: 'The library’s feed keys, newest first', body: feedKeyList }, ...NO_LIBRARY },
      async handler({ libraryId }): Promise<z.infer<typeof feedKeyList>> {
        await libraryInReach(libraryId);
        return { status: 'success', feedKeys: await feedKeysOf(libraryId) };
      },
    }),
    POST: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Creates a feed key for the library; the key is in this answer only (only its hash is kept)',
      params: libraryParams,
      body: feedKeyBody,
      responses: { 200: { description: 'The new key, shown this once', body: newFeedKey }, ...NO_LIBRARY },
      async handler({ body, staff, libraryId }): Promise<z.infer<typeof newFeedKey>> {
        await libraryInReach(libraryId);
        return { status: 'success', ...(await createFeedKey(staff, libraryId, body.label)) };
      },
    }),
  },
  'libraries/:libraryId/feed-keys/:keyId': {
    DELETE: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Revokes a feed key: fetches with it are refused from then on',
      params: feedKeyParams,
      responses: { 200: { description: 'The key, revoked', body: oneFeedKey }, 404: { description: 'No such library, or no such key in it' }, 403: { description: 'Refused: not allowed for this person or library' } },
      async handler({ params, staff, libraryId }): Promise<z.infer<typeof oneFeedKey>> {
        const { keyId } = feedKeyParams.parse(params);
        await libraryInReach(libraryId);
        return { status: 'success', feedKey: await revokeFeedKey(staff, libraryId, keyId) };
      },
    }),
  },
  'libraries/:libraryId/counter-keys': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'The COUNTER API keys of a library (requestor ids, labels, allow-lists; never the keys)',
      responses: { 200: { description: 'OK', body: getLibrariesLibraryIdCounterKeysBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      async handler({ libraryId }) {
        const library = await libraryInReach(libraryId);
        return { status: 'success', customerId: String(library.id), keys: await listCounterKeys(library.id) };
      },
    }),
    POST: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Makes a COUNTER API key for a harvester: the API key is in this answer only',
      responses: { 200: { description: 'OK', body: postLibrariesLibraryIdCounterKeysBody }, 404: { description: 'No such library' } },
      body: counterKeyBody,
      async handler({ body, staff, libraryId }) {
        const library = await libraryInReach(libraryId);
        const made = await createCounterKey(staff, library.id, body.label);
        return { status: 'success', customerId: String(library.id), ...made };
      },
    }),
  },
  'libraries/:libraryId/counter-keys/:keyId': {
    DELETE: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Revokes a COUNTER API key of a library',
      responses: { 200: { description: 'OK', body: deleteLibrariesLibraryIdCounterKeysKeyIdBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      async handler({ params, staff, libraryId }) {
        const { keyId } = counterKeyParams.parse(params);
        const library = await libraryInReach(libraryId);
        return { status: 'success', key: await revokeCounterKey(staff, library.id, keyId) };
      },
    }),
  },
};

const keyQuery = z.object({ key: z.string().max(200).optional() });

/**
 * What a library's discovery service and catalogue fetch with the library's feed key (the `key` query parameter, as
 * such services take a URL): the same KBART list and MARC records as the console's, of that library only.
 */
export const feedRoutes: ServiceRoutes = {
  'libraries/:libraryId/kbart': {
    GET: route({
      summary: 'The KBART title list of a library, fetched with one of its feed keys',
      auth: 'none',
      params: libraryParams,
      query: keyQuery,
      responses: { ...KBART_FILE, ...KEYED },
      async handler({ params, query, res }) {
        const { libraryId } = libraryParams.parse(params);
        return sendKbart(res, await libraryOfFeedKey(query.key, libraryId), siteOrigin());
      },
    }),
  },
  'libraries/:libraryId/marc': {
    GET: route({
      summary: 'MARC 21 records of a library (format=xml or mrc; since for changes), fetched with one of its feed keys',
      auth: 'none',
      params: libraryParams,
      query: keyQuery.extend(marcQuery.shape),
      responses: { ...MARC_FILE, ...KEYED },
      async handler({ params, query, res }) {
        const { libraryId } = libraryParams.parse(params);
        const library = await libraryOfFeedKey(query.key, libraryId);
        return sendMarc(res, library, siteOrigin(), query);
      },
    }),
  },
};
