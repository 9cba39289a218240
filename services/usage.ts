import type { CounterReport, CounterReportId, Month } from '@/lib/counter-report';
import { withParams } from './keys';

/** The console's calls: always this app's (the console has no upstream service to point at). */
const ADMIN_URL = '/api/admin';

export interface UsageReportAnswer {
  status: string;
  report: CounterReport;
}

/** SWR keys and download addresses of a library's usage reports; a key is also the request URL. */
export const usageKeys = {
  report: (libraryId: number, reportId: CounterReportId, begin: Month, end: Month) =>
    withParams(`${ADMIN_URL}/libraries/${libraryId}/reports/${reportId}`, { begin, end }),
  tsv: (libraryId: number, reportId: CounterReportId, begin: Month, end: Month) =>
    withParams(`${ADMIN_URL}/libraries/${libraryId}/reports/${reportId}`, { begin, end, format: 'tsv' }),
  kbart: (libraryId: number) => `${ADMIN_URL}/libraries/${libraryId}/kbart`,
};

/** A COUNTER 5.1 report of a library as JSON. */
export async function getUsageReport(libraryId: number, reportId: CounterReportId, begin: Month, end: Month): Promise<CounterReport> {
  const { http } = await import('./http');
  return (await http.get<UsageReportAnswer>(usageKeys.report(libraryId, reportId, begin, end))).data.report;
}
