import { sql } from 'drizzle-orm';
import { magazinePath } from '@/lib/catalogue-paths';
import { CATEGORY } from '@/lib/constants';
import {
  COUNTER_RELEASE,
  ITEM_COLUMNS,
  lastDayOf,
  monthsBetween,
  PARENT_COLUMNS,
  REPORT_DEFINITIONS,
  rfc3339,
  type CounterReport,
  type CounterReportId,
  type CounterRow,
  type ItemDataType,
  type ItemMetricType,
  type MetricType,
  type Month,
  type ShownAttribute,
  type TitleDataType,
} from '@/lib/counter-report';
import { storyHref } from '@/lib/story-paths';
import { getDb } from '../db/client';
import { counterException, exceptionsText, type CounterException } from './counter-exceptions';

/** A COUNTER Registry record's address, as the COUNTER API 5.1 document's Registry_Record pattern allows it. */
const REGISTRY_RECORD = /^https:\/\/registry\.countermetrics\.org\/(platform|usage-data-host)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * How this platform names itself in reports: COUNTER_PLATFORM (name), COUNTER_PLATFORM_ID (namespace),
 * COUNTER_REGISTRY_RECORD (blank unless it is a Registry record's address: a platform without one leaves it blank).
 */
export function counterPlatform() {
  const registryRecord = process.env.COUNTER_REGISTRY_RECORD?.trim() ?? '';
  return {
    name: process.env.COUNTER_PLATFORM?.trim() || 'Library Reading Site',
    id: process.env.COUNTER_PLATFORM_ID?.trim() || 'libraryreader',
    registryRecord: REGISTRY_RECORD.test(registryRecord) ? registryRecord : '',
  };
}

/** A title's Data_Type: the journals category holds journals; every magazine and newspaper is a Newspaper_or_Newsletter. */
function titleDataType(categoryId: number): TitleDataType {
  return categoryId === CATEGORY.journals ? 'Journal' : 'Newspaper_or_Newsletter';
}

/** A story's Data_Type: an article of a journal, else an article of a newspaper or magazine (News_Item). */
function itemDataType(title: TitleDataType): ItemDataType {
  return title === 'Journal' ? 'Article' : 'News_Item';
}

/** The counts of one item (an issue or a story) in one month, with what the reports say about it. */
interface ItemMonth {
  titleId: number;
  titleName: string;
  publisher: string;
  issn: string | null;
  dataType: TitleDataType;
  /** The year the issue was published (COUNTER's YOP). */
  yop: string;
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
    yop: string | null;
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
      SELECT e.title_id, e.issue_id, CASE WHEN e.kind = 'story' THEN e.story_id END AS story_id, to_char(e.day, 'YYYY-MM') AS month,
             e.kind <> 'page' AS is_request,
             to_char(e.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') || '|' || e.session_hash || '|' || CASE WHEN e.kind = 'story' THEN 's' || e.story_id ELSE 'i' || e.issue_id END AS use_key
      FROM usage_events e
      WHERE e.library_id = ${libraryId} AND e.day >= ${`${begin}-01`}::date AND e.day <= ${lastDayOf(end)}::date
    )
    SELECT c.title_id, m.name AS title_name, m.publisher, m.issn, m.category_id, to_char(i.issue_date, 'YYYY') AS yop,
           c.story_id, s.title AS story_title, s.canon_url AS story_url, c.month,
           count(*) FILTER (WHERE c.is_request) AS total_requests,
           count(DISTINCT c.use_key) FILTER (WHERE c.is_request) AS unique_requests,
           count(*) AS total_investigations,
           count(DISTINCT c.use_key) AS unique_investigations
    FROM counted c
    JOIN magazines m ON m.id = c.title_id
    LEFT JOIN issues i ON i.id = c.issue_id
    LEFT JOIN stories s ON s.id = c.story_id
    GROUP BY c.title_id, m.name, m.publisher, m.issn, m.category_id, 6, c.story_id, s.title, s.canon_url, c.month
  `);
  return result.rows.map((row) => ({
    titleId: Number(row.title_id),
    titleName: row.title_name,
    publisher: row.publisher,
    issn: row.issn,
    dataType: titleDataType(Number(row.category_id)),
    // An issue removed since it was read has no date left: COUNTER's value for an unknown YOP.
    yop: row.yop ?? '0001',
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

/** The first month a library has any counted use in, or null. */
export async function firstUsageMonth(libraryId: number): Promise<Month | null> {
  const result = await getDb().execute<{ first: string | null }>(sql`
    SELECT to_char(least((SELECT min(day) FROM usage_events WHERE library_id = ${libraryId}), (SELECT min(day) FROM usage_searches WHERE library_id = ${libraryId})), 'YYYY-MM') AS first
  `);
  return result.rows[0]?.first ?? null;
}

/** What a request chose of a COUNTER Report's filters and attributes (a Standard View has them fixed). */
export interface ReportOptions {
  metricTypes?: MetricType[];
  dataTypes?: string[];
  accessTypes?: string[];
  accessMethods?: string[];
  /** Year-of-publication ranges, inclusive. */
  yop?: [number, number][];
  attributesToShow?: ShownAttribute[];
  includeParentDetails?: boolean;
  /** Tabular only: the Reporting_Period_Total without the month columns. */
  excludeMonthlyDetails?: boolean;
}

export interface ReportRequest {
  reportId: CounterReportId;
  library: { id: number; name: string };
  begin: Month;
  end: Month;
  /** The site's public origin, for URI columns. */
  origin: string;
  options?: ReportOptions;
  /** Exceptions found in the request already (unknown parameters, unsupported values). */
  exceptions?: CounterException[];
  now?: Date;
}

/** One line of usage under an item: the values of the shown attributes, and each metric's counts by month. */
export interface AttributePerformance {
  attributes: Partial<Record<ShownAttribute, string>>;
  performance: Partial<Record<MetricType, number[]>>;
}

/** A report item with its identifiers, in the terms of the COUNTER_SUSHI schema. */
export interface ReportItem {
  /** Title (TR), Item (IR) or Platform (PR). */
  name: string;
  publisher: string;
  itemId: { Proprietary?: string; Print_ISSN?: string; URI?: string };
  /** The item's title, for an Item Report with Include_Parent_Details. */
  parent?: { title: string; dataType: TitleDataType; itemId: { Proprietary: string; Print_ISSN?: string; URI: string } };
  lines: AttributePerformance[];
}

/** A COUNTER 5.1 report as data: the header, and the items with their usage. Both the JSON and the tabular form come from it. */
export interface CounterReportData {
  reportId: CounterReportId;
  reportName: string;
  institutionName: string;
  institutionId: string;
  metricTypes: MetricType[];
  /** Whether the request filtered the metrics (a Standard View always does). */
  metricTypesFiltered: boolean;
  filters: [string, string[]][];
  attributesToShow: ShownAttribute[];
  includeParentDetails: boolean;
  excludeMonthlyDetails: boolean;
  exceptions: CounterException[];
  begin: Month;
  end: Month;
  months: Month[];
  created: string;
  createdBy: string;
  registryRecord: string;
  platform: string;
  items: ReportItem[];
}

/** The attribute columns a report shows, in the Code's column order. */
const ATTRIBUTE_ORDER: ShownAttribute[] = ['Data_Type', 'YOP', 'Access_Type', 'Access_Method'];

function inYop(yop: string, ranges: [number, number][] | undefined): boolean {
  if (!ranges || ranges.length === 0) return true;
  const year = Number(yop);
  return ranges.some(([from, to]) => year >= from && year <= to);
}

function allowed(value: string, filter: string[] | undefined): boolean {
  return !filter || filter.includes(value);
}

/** A COUNTER 5.1 report of one library's usage over a month range, as data. */
export async function counterReportData(request: ReportRequest): Promise<CounterReportData> {
  const definition = REPORT_DEFINITIONS[request.reportId];
  const platform = counterPlatform();
  const options = definition.customizable ? (request.options ?? {}) : {};
  const fixed = definition.fixedFilters;
  const dataTypes = fixed.Data_Type ?? options.dataTypes;
  const accessTypes = fixed.Access_Type ?? options.accessTypes;
  const accessMethods = fixed.Access_Method ?? options.accessMethods;
  const metricTypes = definition.metricTypes.filter((metric) => !options.metricTypes || options.metricTypes.includes(metric));
  const shown = new Set<ShownAttribute>(definition.customizable ? (options.attributesToShow ?? []).filter((name) => definition.showable.includes(name)) : definition.fixedAttributes);
  // In Release 5.1 every line of a PR, TR or IR names its Data_Type (a Standard View has its own fixed attributes).
  if (definition.customizable) shown.add('Data_Type');
  const attributesToShow = ATTRIBUTE_ORDER.filter((name) => shown.has(name));
  const includeParentDetails = definition.base === 'IR' && options.includeParentDetails === true;
  const months = monthsBetween(request.begin, request.end);
  const proprietary = (value: string) => `${platform.id}:${value}`;
  const titleUri = (titleId: number) => `${request.origin}${magazinePath('', titleId)}`;

  // Every use here is Controlled (read under the library's licence) and Regular (a person reading, not TDM).
  const controlled = allowed('Controlled', accessTypes) && allowed('Regular', accessMethods);
  const facts = controlled ? await itemMonths(request.library.id, request.begin, request.end) : [];
  const kept = facts.filter((fact) => {
    if (!inYop(fact.yop, options.yop)) return false;
    if (definition.base === 'IR') return fact.storyId !== null && allowed(itemDataType(fact.dataType), dataTypes);
    return allowed(fact.dataType, dataTypes);
  });

  const items = new Map<string, { item: ReportItem; lines: Map<string, AttributePerformance> }>();
  const add = (key: string, make: () => ReportItem, attributes: AttributePerformance['attributes'], month: Month, counts: Partial<Record<MetricType, number>>) => {
    let entry = items.get(key);
    if (!entry) {
      entry = { item: make(), lines: new Map() };
      items.set(key, entry);
    }
    const lineKey = JSON.stringify(attributes);
    let line = entry.lines.get(lineKey);
    if (!line) {
      line = { attributes, performance: {} };
      entry.lines.set(lineKey, line);
    }
    const index = months.indexOf(month);
    if (index < 0) return;
    for (const metric of metricTypes) {
      const count = counts[metric];
      if (count === undefined) continue;
      const series = (line.performance[metric] ??= months.map(() => 0));
      series[index] += count;
    }
  };
  const attributesOf = (dataType: string, yop: string): AttributePerformance['attributes'] => {
    const values: AttributePerformance['attributes'] = {};
    if (shown.has('Data_Type')) values.Data_Type = dataType;
    if (shown.has('YOP')) values.YOP = yop;
    if (shown.has('Access_Type')) values.Access_Type = 'Controlled';
    if (shown.has('Access_Method')) values.Access_Method = 'Regular';
    return values;
  };
  const platformItem = (): ReportItem => ({ name: platform.name, publisher: '', itemId: {}, lines: [] });

  for (const fact of kept) {
    if (definition.base === 'PR') {
      add('platform', platformItem, attributesOf(fact.dataType, fact.yop), fact.month, fact.counts);
    } else if (definition.base === 'TR') {
      add(`T${fact.titleId}`, () => ({ name: fact.titleName, publisher: fact.publisher, itemId: { Proprietary: proprietary(`T${fact.titleId}`), ...(fact.issn ? { Print_ISSN: fact.issn } : {}), URI: titleUri(fact.titleId) }, lines: [] }), attributesOf(fact.dataType, fact.yop), fact.month, fact.counts);
    } else {
      add(
        `S${fact.storyId}`,
        () => ({
          name: fact.storyTitle ?? '',
          publisher: fact.publisher,
          itemId: { Proprietary: proprietary(`S${fact.storyId}`), ...(fact.storyUrl ? { URI: `${request.origin}${storyHref(fact.storyUrl)}` } : {}) },
          parent: { title: fact.titleName, dataType: fact.dataType, itemId: { Proprietary: proprietary(`T${fact.titleId}`), ...(fact.issn ? { Print_ISSN: fact.issn } : {}), URI: titleUri(fact.titleId) } },
          lines: [],
        }),
        attributesOf(itemDataType(fact.dataType), fact.yop),
        fact.month,
        fact.counts,
      );
    }
  }

  // Searches are the platform's own, with Data_Type Platform.
  if (definition.base === 'PR' && metricTypes.includes('Searches_Platform') && allowed('Platform', dataTypes) && allowed('Regular', accessMethods)) {
    const searches = await searchesByMonth(request.library.id, request.begin, request.end, months);
    if (searches.some((count) => count > 0)) {
      const entry = items.get('platform') ?? { item: platformItem(), lines: new Map<string, AttributePerformance>() };
      items.set('platform', entry);
      const attributes = attributesOf('Platform', '');
      delete attributes.YOP;
      const key = JSON.stringify(attributes);
      const line = entry.lines.get(key) ?? { attributes, performance: {} };
      line.performance.Searches_Platform = searches;
      entry.lines.set(key, line);
    }
  }

  // Zero usage is left out (Code of Practice 3.3.9): metrics with no counts, lines with no metrics, items with no lines.
  const reportItems: ReportItem[] = [];
  for (const { item, lines } of items.values()) {
    for (const line of lines.values()) {
      for (const metric of Object.keys(line.performance) as MetricType[]) {
        if (!line.performance[metric]!.some((count) => count > 0)) delete line.performance[metric];
      }
      if (Object.keys(line.performance).length > 0) item.lines.push(line);
    }
    item.lines.sort((a, b) => compareAttributes(a.attributes, b.attributes));
    if (item.lines.length > 0) reportItems.push(item);
  }
  reportItems.sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.itemId.Proprietary ?? '').localeCompare(b.itemId.Proprietary ?? '', 'en'));

  const exceptions = [...(request.exceptions ?? [])];
  if (reportItems.length === 0) exceptions.push(counterException(3030));
  const filters: [string, string[]][] = [];
  if (dataTypes) filters.push(['Data_Type', dataTypes]);
  if (accessTypes) filters.push(['Access_Type', accessTypes]);
  if (accessMethods) filters.push(['Access_Method', accessMethods]);
  if (options.yop && options.yop.length > 0) filters.push(['YOP', options.yop.map(([from, to]) => (from === to ? String(from) : `${from}-${to}`))]);
  return {
    reportId: request.reportId,
    reportName: definition.name,
    institutionName: request.library.name,
    institutionId: proprietary(String(request.library.id)),
    metricTypes,
    metricTypesFiltered: !definition.customizable || options.metricTypes !== undefined,
    filters,
    // Data_Type is always shown, so it is no value of Attributes_To_Show.
    attributesToShow: definition.customizable ? attributesToShow.filter((name) => name !== 'Data_Type') : [],
    includeParentDetails,
    excludeMonthlyDetails: definition.customizable && options.excludeMonthlyDetails === true,
    exceptions: exceptions.sort((a, b) => a.Code - b.Code),
    begin: request.begin,
    end: request.end,
    months,
    created: rfc3339(request.now ?? new Date()),
    createdBy: platform.name,
    registryRecord: platform.registryRecord,
    platform: platform.name,
    items: reportItems,
  };
}

function compareAttributes(a: AttributePerformance['attributes'], b: AttributePerformance['attributes']): number {
  for (const name of ATTRIBUTE_ORDER) {
    const order = (a[name] ?? '').localeCompare(b[name] ?? '', 'en');
    if (order !== 0) return order;
  }
  return 0;
}

/** The tabular form's item columns of a report: the item's, the parent's (IR with parent details), then the attributes shown. */
function tabularColumns(data: CounterReportData): string[] {
  const base = REPORT_DEFINITIONS[data.reportId].base;
  const shown = ATTRIBUTE_ORDER.filter((name) => data.items.some((item) => item.lines.some((line) => line.attributes[name] !== undefined)) || (base === 'IR' && name === 'Data_Type') || REPORT_DEFINITIONS[data.reportId].fixedAttributes.includes(name) || data.attributesToShow.includes(name));
  return [...ITEM_COLUMNS[base], ...(data.includeParentDetails ? PARENT_COLUMNS : []), ...shown];
}

function itemCells(data: CounterReportData, item: ReportItem): string[] {
  const base = REPORT_DEFINITIONS[data.reportId].base;
  if (base === 'PR') return [item.name];
  const own = [item.name, item.publisher, '', data.platform, '', item.itemId.Proprietary ?? '', ...(base === 'IR' ? [''] : []), item.itemId.Print_ISSN ?? '', '', item.itemId.URI ?? ''];
  if (!data.includeParentDetails || !item.parent) return own;
  const parent = item.parent;
  return [...own, parent.title, '', '', '', parent.dataType, '', parent.itemId.Proprietary, '', parent.itemId.Print_ISSN ?? '', '', parent.itemId.URI];
}

/** The tabular form (and the console's view) of a report's data. */
export function tabularReport(data: CounterReportData): CounterReport {
  const columns = tabularColumns(data);
  const shown = columns.filter((name): name is ShownAttribute => (ATTRIBUTE_ORDER as string[]).includes(name));
  const rows: CounterRow[] = [];
  for (const item of data.items) {
    for (const line of item.lines) {
      for (const metric of data.metricTypes) {
        const counts = line.performance[metric];
        if (!counts) continue;
        rows.push({ item: [...itemCells(data, item), ...shown.map((name) => line.attributes[name] ?? '')], metricType: metric, total: counts.reduce((sum, count) => sum + count, 0), months: counts });
      }
    }
  }
  const attributes: string[] = [];
  if (data.attributesToShow.length > 0) attributes.push(`Attributes_To_Show=${data.attributesToShow.join('|')}`);
  if (data.includeParentDetails) attributes.push('Include_Parent_Details=True');
  if (data.excludeMonthlyDetails) attributes.push('Exclude_Monthly_Details=True');
  return {
    reportId: data.reportId,
    reportName: data.reportName,
    release: COUNTER_RELEASE,
    institutionName: data.institutionName,
    institutionId: data.institutionId,
    metricTypes: data.metricTypes,
    reportFilters: data.filters.map(([name, values]) => `${name}=${values.join('|')}`).join('; '),
    reportAttributes: attributes.join('; '),
    exceptions: exceptionsText(data.exceptions),
    beginDate: `${data.begin}-01`,
    endDate: lastDayOf(data.end),
    created: data.created,
    createdBy: data.createdBy,
    registryRecord: data.registryRecord,
    itemColumns: columns,
    months: data.months,
    monthlyDetails: !data.excludeMonthlyDetails,
    rows,
  };
}

/** A COUNTER 5.1 report in its tabular form, for the console screen and the TSV download. */
export async function counterReport(request: ReportRequest): Promise<CounterReport> {
  return tabularReport(await counterReportData(request));
}

