import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { COUNTER_REPORT_IDS, counterTsv, isMonth, kbartTsv, type CounterReportId } from '@/lib/counter-report';
import { adminRoute, requireLibrary } from '../admin/access';
import { id } from '../admin/schemas';
import { HttpError } from '../http/errors';
import type { ServiceRoutes } from '../http/handler';
import { siteOrigin } from '../http/origin';
import { findLibrary } from '../user/queries';
import { counterException } from './counter-exceptions';
import { createCounterKey, isAllowListEntry, listCounterKeys, revokeCounterKey } from './counter-keys';
import { monthOfDate } from './counter-request';
import { kbartRows } from './kbart';
import { counterReport, type ReportOptions } from './reports';

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

/** A new COUNTER API key: what staff call it, and the addresses it may be used from (none: any). */
export const counterKeyBody = z.object({
  label: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  ipAllowList: z
    .array(z.string().trim().refine(isAllowListEntry, 'must be IP addresses or CIDR ranges, like 192.0.2.10 or 192.0.2.0/24'))
    .max(20, 'must have at most 20 entries')
    .optional()
    .default([]),
});

/** The library a usage route is about: 403 for staff of another library (before saying whether it exists), 404 for none. */
async function libraryInReach(staff: Parameters<typeof requireLibrary>[0], libraryId: number) {
  requireLibrary(staff, libraryId);
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

/** A tab-separated download. */
function sendTsv(res: ServerResponse, filename: string, body: string): null {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/tab-separated-values; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(body);
  return null;
}

/** COUNTER 5.1 reports and the KBART title list of one library, for its staff and the site operators. */
export const usageRoutes: ServiceRoutes = {
  'libraries/:libraryId/reports/:reportId': {
    GET: adminRoute({
      summary: 'A COUNTER 5.1 report (PR, PR_P1, TR, TR_J1, TR_J3, TR_J4 or IR) of a library over a month range in its tabular form: JSON for the console, or the TSV (format=tsv)',
      query: reportQuery,
      async handler({ params, query, staff, res }) {
        const { libraryId, reportId } = reportParams.parse(params);
        const library = await libraryInReach(staff, libraryId);
        const report = await counterReport({ reportId, library, begin: query.begin, end: query.end, origin: siteOrigin(), ...consoleRange(reportId, query) });
        if (query.format === 'tsv') return sendTsv(res, `${reportId}_${library.id}_${query.begin}_${query.end}.tsv`, counterTsv(report));
        res.setHeader('Cache-Control', 'no-store');
        return { status: 'success', report };
      },
    }),
  },
  'libraries/:libraryId/kbart': {
    GET: adminRoute({
      summary: 'The KBART title list (Phase II columns) of a library’s collection, for its discovery service',
      async handler({ params, staff, res }) {
        const { libraryId } = libraryParams.parse(params);
        const library = await libraryInReach(staff, libraryId);
        const date = new Date().toISOString().slice(0, 10);
        return sendTsv(res, `library-${library.id}_AllTitles_${date}.txt`, kbartTsv(await kbartRows(library, siteOrigin())));
      },
    }),
  },
  'libraries/:libraryId/counter-keys': {
    GET: adminRoute({
      summary: 'The COUNTER API keys of a library (requestor ids, labels, allow-lists; never the keys)',
      async handler({ params, staff }) {
        const { libraryId } = libraryParams.parse(params);
        const library = await libraryInReach(staff, libraryId);
        return { status: 'success', customerId: String(library.id), keys: await listCounterKeys(library.id) };
      },
    }),
    POST: adminRoute({
      summary: 'Makes a COUNTER API key for a harvester: the API key is in this answer only',
      body: counterKeyBody,
      async handler({ params, body, staff }) {
        const { libraryId } = libraryParams.parse(params);
        const library = await libraryInReach(staff, libraryId);
        const made = await createCounterKey(staff, library.id, body.label, body.ipAllowList);
        return { status: 'success', customerId: String(library.id), ...made };
      },
    }),
  },
  'libraries/:libraryId/counter-keys/:keyId': {
    DELETE: adminRoute({
      summary: 'Revokes a COUNTER API key of a library',
      async handler({ params, staff }) {
        const { libraryId, keyId } = counterKeyParams.parse(params);
        const library = await libraryInReach(staff, libraryId);
        return { status: 'success', key: await revokeCounterKey(staff, library.id, keyId) };
      },
    }),
  },
};
