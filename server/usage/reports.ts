import { sql } from 'drizzle-orm';
import { magazinePath } from '@/lib/catalogue-paths';
import { CATEGORY } from '@/lib/constants';
import {
  COUNTER_RELEASE,
  isItemMetric,
  lastDayOf,
  monthsBetween,
  REPORT_DEFINITIONS,
  rfc3339,
  type CounterReport,
  type CounterReportId,
  type CounterRow,
  type ItemMetricType,
  type Month,
} from '@/lib/counter-report';
import { storyHref } from '@/lib/story-routes';
import { getDb } from '../db/client';

/** How this platform names itself in reports: COUNTER_PLATFORM (name), COUNTER_PLATFORM_ID (namespace), COUNTER_REGISTRY_RECORD. */
export function counterPlatform() {
  return {
    name: process.env.COUNTER_PLATFORM?.trim() || 'Library Reading Site',
    id: process.env.COUNTER_PLATFORM_ID?.trim() || 'libraryreader',
    registryRecord: process.env.COUNTER_REGISTRY_RECORD?.trim() || '',
  };
}

/** The counts of one item (an issue or a story) in one month, with what the reports say about it. */
interface ItemMonth {
  titleId: number;
  titleName: string;
  publisher: string;
  issn: string | null;
  newspaper: boolean;
  storyId: number | null;
  storyTitle: string | null;
  storyUrl: string | null;
  month: Month;
  counts: Record<ItemMetricType, number>;
}

/**
 * Every counted item of a library in [begin, end] by month. An issue's page reads are investigations of the issue;
 * opening an issue or a story is a request (and an investigation). Unique counts are one per user-session and item,
 * where the session is COUNTER's for a logged-in user (Code of Practice 5.1, 7.3): the member (the day's hash), the
 * date and the hour of day. So they add up across items and hours, and every report sums these rows.
 */
async function itemMonths(libraryId: number, begin: Month, end: Month): Promise<ItemMonth[]> {
  const result = await getDb().execute<{
    title_id: number;
    title_name: string;
    publisher: string;
    issn: string | null;
    category_id: number;
    story_id: number | null;
    story_title: string | null;
    story_url: string | null;
    month: string;
    total_requests: string;
    unique_requests: string;
    total_investigations: string;
    unique_investigations: string;
  }>(sql`
    WITH counted AS (
      SELECT e.title_id, CASE WHEN e.kind = 'story' THEN e.story_id END AS story_id, to_char(e.day, 'YYYY-MM') AS month,
             e.kind <> 'page' AS is_request,
             to_char(e.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') || '|' || e.session_hash || '|' || CASE WHEN e.kind = 'story' THEN 's' || e.story_id ELSE 'i' || e.issue_id END AS use_key
      FROM usage_events e
      WHERE e.library_id = ${libraryId} AND e.day >= ${`${begin}-01`}::date AND e.day <= ${lastDayOf(end)}::date
    )
    SELECT c.title_id, m.name AS title_name, m.publisher, m.issn, m.category_id, c.story_id, s.title AS story_title,
           s.canon_url AS story_url, c.month,
           count(*) FILTER (WHERE c.is_request) AS total_requests,
           count(DISTINCT c.use_key) FILTER (WHERE c.is_request) AS unique_requests,
           count(*) AS total_investigations,
           count(DISTINCT c.use_key) AS unique_investigations
    FROM counted c
    JOIN magazines m ON m.id = c.title_id
    LEFT JOIN stories s ON s.id = c.story_id
    GROUP BY c.title_id, m.name, m.publisher, m.issn, m.category_id, c.story_id, s.title, s.canon_url, c.month
  `);
  return result.rows.map((row) => ({
    titleId: Number(row.title_id),
    titleName: row.title_name,
    publisher: row.publisher,
    issn: row.issn,
    newspaper: Number(row.category_id) === CATEGORY.newspapers,
    storyId: row.story_id === null ? null : Number(row.story_id),
    storyTitle: row.story_title,
    storyUrl: row.story_url,
    month: row.month,
    counts: {
      Total_Item_Requests: Number(row.total_requests),
      Unique_Item_Requests: Number(row.unique_requests),
      Total_Item_Investigations: Number(row.total_investigations),
      Unique_Item_Investigations: Number(row.unique_investigations),
    },
  }));
}

/** A library's searches (Searches_Platform) in each month of [begin, end]. */
async function searchesByMonth(libraryId: number, begin: Month, end: Month, months: Month[]): Promise<number[]> {
  const result = await getDb().execute<{ month: string; searches: string }>(sql`
    SELECT to_char(day, 'YYYY-MM') AS month, count(*) AS searches
    FROM usage_searches
    WHERE library_id = ${libraryId} AND day >= ${`${begin}-01`}::date AND day <= ${lastDayOf(end)}::date
    GROUP BY 1
  `);
  const byMonth = new Map(result.rows.map((row) => [row.month, Number(row.searches)]));
  return months.map((month) => byMonth.get(month) ?? 0);
}

/** Sums item-months into report rows keyed by their item columns; rows with no usage in the period are left out. */
function rowsOf(items: ItemMonth[], months: Month[], metrics: ItemMetricType[], itemColumns: (item: ItemMonth) => string[] | null): CounterRow[] {
  const grouped = new Map<string, { item: string[]; counts: Map<ItemMetricType, number[]> }>();
  for (const entry of items) {
    const item = itemColumns(entry);
    if (!item) continue;
    const key = JSON.stringify(item);
    let group = grouped.get(key);
    if (!group) {
      group = { item, counts: new Map(metrics.map((metric) => [metric, months.map(() => 0)])) };
      grouped.set(key, group);
    }
    const index = months.indexOf(entry.month);
    if (index < 0) continue;
    for (const metric of metrics) group.counts.get(metric)![index] += entry.counts[metric];
  }
  const rows: CounterRow[] = [];
  const ordered = [...grouped.values()].sort((a, b) => compareItems(a.item, b.item));
  for (const group of ordered) {
    for (const metric of metrics) {
      const counts = group.counts.get(metric)!;
      const total = counts.reduce((sum, count) => sum + count, 0);
      if (total > 0) rows.push({ item: group.item, metricType: metric, total, months: counts });
    }
  }
  return rows;
}

function compareItems(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const order = a[i].localeCompare(b[i], 'en');
    if (order !== 0) return order;
  }
  return 0;
}

export interface ReportRequest {
  reportId: CounterReportId;
  library: { id: number; name: string };
  begin: Month;
  end: Month;
  /** The site's public origin, for URI columns. */
  origin: string;
  now?: Date;
}

/** A COUNTER 5.1 report of one library's usage over a month range. */
export async function counterReport(request: ReportRequest): Promise<CounterReport> {
  const definition = REPORT_DEFINITIONS[request.reportId];
  const platform = counterPlatform();
  const months = monthsBetween(request.begin, request.end);
  const items = await itemMonths(request.library.id, request.begin, request.end);
  const proprietary = (value: string) => `${platform.id}:${value}`;
  const titleUri = (titleId: number) => `${request.origin}${magazinePath('', titleId)}`;
  const itemMetrics = definition.reported.filter(isItemMetric);
  let rows: CounterRow[];
  if (request.reportId === 'PR_P1') {
    // An aggregated full-content host reports at the title's Data_Type: magazines as journals, newspapers as such.
    rows = rowsOf(items, months, itemMetrics, (item) => [platform.name, item.newspaper ? 'Newspaper_or_Newsletter' : 'Journal']);
    // Searches are the platform's own, with Data_Type Platform; rows stay in the order of their item columns.
    const searches = await searchesByMonth(request.library.id, request.begin, request.end, months);
    const total = searches.reduce((sum, count) => sum + count, 0);
    if (total > 0) rows.push({ item: [platform.name, 'Platform'], metricType: 'Searches_Platform', total, months: searches });
    rows.sort((a, b) => compareItems(a.item, b.item));
  } else if (request.reportId === 'TR_J1') {
    rows = rowsOf(items, months, itemMetrics, (item) =>
      item.newspaper ? null : [item.titleName, item.publisher, '', platform.name, '', proprietary(`T${item.titleId}`), item.issn ?? '', '', titleUri(item.titleId)],
    );
  } else {
    rows = rowsOf(items, months, itemMetrics, (item) => {
      if (item.storyId === null) return null;
      const storyUri = item.storyUrl ? `${request.origin}${storyHref(item.storyUrl)}` : '';
      return [
        item.storyTitle ?? '',
        item.publisher,
        '',
        platform.name,
        '',
        proprietary(`S${item.storyId}`),
        '',
        '',
        '',
        storyUri,
        item.titleName,
        '',
        '',
        '',
        item.newspaper ? 'Newspaper_or_Newsletter' : 'Journal',
        '',
        proprietary(`T${item.titleId}`),
        '',
        item.issn ?? '',
        '',
        titleUri(item.titleId),
        item.newspaper ? 'News_Item' : 'Article',
        'Controlled',
      ];
    });
  }
  return {
    reportId: request.reportId,
    reportName: definition.name,
    release: COUNTER_RELEASE,
    institutionName: request.library.name,
    institutionId: proprietary(String(request.library.id)),
    metricTypes: definition.metricTypes,
    reportFilters: definition.filters,
    reportAttributes: definition.attributes,
    exceptions: '',
    beginDate: `${request.begin}-01`,
    endDate: lastDayOf(request.end),
    created: rfc3339(request.now ?? new Date()),
    createdBy: platform.name,
    registryRecord: platform.registryRecord,
    itemColumns: definition.itemColumns,
    months,
    rows,
  };
}
