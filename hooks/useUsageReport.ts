import useSWR from 'swr';
import type { CounterReportId, Month } from '@/lib/counter-report';
import { getUsageReport, usageKeys } from '@/services/usage';

/** One usage report of a library over a month range; the page's server-loaded report fills the first paint. */
export function useUsageReport(libraryId: number, reportId: CounterReportId, begin: Month, end: Month) {
  const key = usageKeys.report(libraryId, reportId, begin, end);
  const { data, error, isLoading, mutate } = useSWR(key, () => getUsageReport(libraryId, reportId, begin, end), { keepPreviousData: false });
  return { report: data ?? null, error: error as Error | undefined, isLoading, retry: () => void mutate() };
}
