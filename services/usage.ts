import type { CounterReport, CounterReportId, Month } from '@/lib/counter-report';
import type { CounterKeySummary, FeedKeyView } from '@/lib/wire';
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
  /** MARC records, all titles or (since, yyyy-mm-dd) the changes from then on. */
  marc: (libraryId: number, format: 'xml' | 'mrc', since?: string) => withParams(`${ADMIN_URL}/libraries/${libraryId}/marc`, { format, since }),
  feedKeys: (libraryId: number) => `${ADMIN_URL}/libraries/${libraryId}/feed-keys`,
};

/** The addresses a discovery service or catalogue fetches with a feed key (absolute, to paste into its settings). */
export function feedUrls(origin: string, libraryId: number, key: string) {
  return {
    kbart: withParams(`${origin}/api/feeds/libraries/${libraryId}/kbart`, { key }),
    marcXml: withParams(`${origin}/api/feeds/libraries/${libraryId}/marc`, { format: 'xml', key }),
    marc: withParams(`${origin}/api/feeds/libraries/${libraryId}/marc`, { format: 'mrc', key }),
  };
}

export async function listFeedKeys(libraryId: number): Promise<FeedKeyView[]> {
  const { http } = await import('./http');
  return (await http.get<{ feedKeys: FeedKeyView[] }>(usageKeys.feedKeys(libraryId))).data.feedKeys;
}

export async function createFeedKey(libraryId: number, label: string): Promise<{ key: string; feedKey: FeedKeyView }> {
  const { http } = await import('./http');
  return (await http.post<{ key: string; feedKey: FeedKeyView }>(usageKeys.feedKeys(libraryId), { label })).data;
}

export async function revokeFeedKey(libraryId: number, keyId: number): Promise<FeedKeyView> {
  const { http } = await import('./http');
  return (await http.delete<{ feedKey: FeedKeyView }>(`${usageKeys.feedKeys(libraryId)}/${keyId}`)).data.feedKey;
}

/** A COUNTER 5.1 report of a library as JSON. */
export async function getUsageReport(libraryId: number, reportId: CounterReportId, begin: Month, end: Month): Promise<CounterReport> {
  const { http } = await import('./http');
  return (await http.get<UsageReportAnswer>(usageKeys.report(libraryId, reportId, begin, end))).data.report;
}

/** A COUNTER API key as the console lists it: never the key itself. */
export type CounterKeyRow = CounterKeySummary;

export const counterKeysUrl = (libraryId: number) => `${ADMIN_URL}/libraries/${libraryId}/counter-keys`;

export async function listCounterKeys(libraryId: number) {
  const { http } = await import('./http');
  return (await http.get<{ customerId: string; keys: CounterKeyRow[] }>(counterKeysUrl(libraryId))).data;
}

/** Makes a key: the answer holds the API key, shown this once. */
export async function createCounterKey(libraryId: number, body: { label: string }) {
  const { http } = await import('./http');
  return (await http.post<{ customerId: string; apiKey: string; key: CounterKeyRow }>(counterKeysUrl(libraryId), body)).data;
}

export async function revokeCounterKey(libraryId: number, keyId: number) {
  const { http } = await import('./http');
  return (await http.delete<{ key: CounterKeyRow }>(`${counterKeysUrl(libraryId)}/${keyId}`)).data.key;
}
