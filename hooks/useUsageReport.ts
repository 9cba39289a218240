import useSWR from 'swr';
import type { CounterReport, CounterReportId, Month } from '@/lib/counter-report';
import { getUsageReport, usageKeys } from '@/services/usage';

/** One usage report of a library over a month range; `initial` (the page's server-loaded report) fills the first paint. */
export function useUsageReport(libraryId: number, reportId: CounterReportId, begin: Month, end: Month, initial?: CounterReport) {
  const key = usageKeys.report(libraryId, reportId, begin, end);
  const matches = initial && initial.reportId === reportId && initial.months[0] === begin && initial.months[initial.months.length - 1] === end;
  const { data, error, isLoading, mutate } = useSWR(key, () => getUsageReport(libraryId, reportId, begin, end), {
    fallbackData: matches ? initial : undefined,
    revalidateOnMount: !matches,
  });
  return { report: data ?? null, error: error as Error | undefined, isLoading, retry: () => void mutate() };
}
