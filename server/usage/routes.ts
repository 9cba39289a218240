import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { COUNTER_REPORT_IDS, counterTsv, isMonth, kbartTsv, type CounterReportId } from '@/lib/counter-report';
import { adminRoute, requireLibrary } from '../admin/access';
import { id } from '../admin/schemas';
import { HttpError } from '../http/errors';
import type { ServiceRoutes } from '../http/handler';
import { siteOrigin } from '../http/origin';
import { findLibrary } from '../user/queries';
import { kbartRows } from './kbart';
import { counterReport } from './reports';

const month = z.string().trim().refine(isMonth, 'must be a month, yyyy-mm');

/** A report's month range: at most five years, end not before begin. */
export const reportQuery = z
  .object({ begin: month, end: month, format: z.enum(['json', 'tsv']).optional().default('json') })
  .refine((query) => query.end >= query.begin, { message: 'must not be before begin', path: ['end'] })
  .refine((query) => Number(query.end.slice(0, 4)) - Number(query.begin.slice(0, 4)) <= 5, { message: 'must be at most five years after begin', path: ['end'] });
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportParams = z.object({
  libraryId: id,
  reportId: z.enum(COUNTER_REPORT_IDS as [CounterReportId, ...CounterReportId[]]),
});
export const libraryParams = z.object({ libraryId: id });

/** The library a usage route is about: 403 for staff of another library (before saying whether it exists), 404 for none. */
async function libraryInReach(staff: Parameters<typeof requireLibrary>[0], libraryId: number) {
  requireLibrary(staff, libraryId);
  const library = await findLibrary(libraryId);
  if (!library) throw new HttpError(404, 'No such library', { field: 'libraryId' });
  return library;
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
      summary: 'A COUNTER 5.1 report (PR_P1, TR_J1 or IR) of a library over a month range: JSON for the console, or the tabular TSV (format=tsv)',
      query: reportQuery,
      async handler({ params, query, staff, res }) {
        const { libraryId, reportId } = reportParams.parse(params);
        const library = await libraryInReach(staff, libraryId);
        const report = await counterReport({ reportId, library, begin: query.begin, end: query.end, origin: siteOrigin() });
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
};
