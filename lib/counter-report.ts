/**
 * COUNTER Release 5.1 reports as data, and their tabular (TSV) form: pure, so the console screen, the API and the
 * unit tests share one definition. Counting and queries live in server/usage/.
 */

export const COUNTER_RELEASE = '5.1';

export type CounterReportId = 'PR_P1' | 'TR_J1' | 'IR';
export const COUNTER_REPORT_IDS: readonly CounterReportId[] = ['PR_P1', 'TR_J1', 'IR'];

/** The metrics of items (an issue or a story), counted from reading. */
export type ItemMetricType = 'Total_Item_Investigations' | 'Total_Item_Requests' | 'Unique_Item_Investigations' | 'Unique_Item_Requests';
/** Every metric the reports carry: the item metrics, and the platform's searches (PR_P1 only). */
export type MetricType = ItemMetricType | 'Searches_Platform';

export function isItemMetric(metric: MetricType): metric is ItemMetricType {
  return metric !== 'Searches_Platform';
}

/** What each report is in the Code of Practice: its name, metrics, filters, attributes and the columns before Metric_Type. */
export const REPORT_DEFINITIONS: Record<
  CounterReportId,
  { name: string; metricTypes: string[]; filters: string; attributes: string; itemColumns: string[]; reported: MetricType[] }
> = {
  PR_P1: {
    name: 'Platform Usage',
    // The Standard View names its four metrics whether or not the platform has usage of each (Unique_Title_Requests
    // is only for books and reference works, and no title here is either). Searches_Platform has Data_Type Platform.
    metricTypes: ['Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests'],
    filters: 'Access_Method=Regular',
    attributes: '',
    itemColumns: ['Platform', 'Data_Type'],
    reported: ['Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests'],
  },
  TR_J1: {
    name: 'Journal Requests (Controlled)',
    metricTypes: ['Total_Item_Requests', 'Unique_Item_Requests'],
    filters: 'Data_Type=Journal; Access_Type=Controlled; Access_Method=Regular',
    attributes: '',
    itemColumns: ['Title', 'Publisher', 'Publisher_ID', 'Platform', 'DOI', 'Proprietary_ID', 'Print_ISSN', 'Online_ISSN', 'URI'],
    reported: ['Total_Item_Requests', 'Unique_Item_Requests'],
  },
  IR: {
    name: 'Item Report',
    metricTypes: ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'],
    filters: 'Data_Type=Article|News_Item; Access_Method=Regular',
    attributes: 'Attributes_To_Show=Access_Type; Include_Parent_Details=True',
    itemColumns: [
      'Item',
      'Publisher',
      'Publisher_ID',
      'Platform',
      'DOI',
      'Proprietary_ID',
      'ISBN',
      'Print_ISSN',
      'Online_ISSN',
      'URI',
      'Parent_Title',
      'Parent_Authors',
      'Parent_Publication_Date',
      'Parent_Article_Version',
      'Parent_Data_Type',
      'Parent_DOI',
      'Parent_Proprietary_ID',
      'Parent_ISBN',
      'Parent_Print_ISSN',
      'Parent_Online_ISSN',
      'Parent_URI',
      'Data_Type',
      'Access_Type',
    ],
    reported: ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'],
  },
};

/** A month as `yyyy-mm`. */
export type Month = string;

export interface CounterRow {
  /** The values of the report's itemColumns, in order. */
  item: string[];
  metricType: MetricType;
  total: number;
  /** One count per month of the report, in order. */
  months: number[];
}

export interface CounterReport {
  reportId: CounterReportId;
  reportName: string;
  release: typeof COUNTER_RELEASE;
  institutionName: string;
  institutionId: string;
  metricTypes: string[];
  reportFilters: string;
  reportAttributes: string;
  exceptions: string;
  /** yyyy-mm-dd, the first day of the first month. */
  beginDate: string;
  /** yyyy-mm-dd, the last day of the last month. */
  endDate: string;
  /** RFC 3339, to the second, in UTC. */
  created: string;
  createdBy: string;
  registryRecord: string;
  itemColumns: string[];
  months: Month[];
  rows: CounterRow[];
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/** The months from `begin` to `end` inclusive (both `yyyy-mm`); empty when end is before begin. */
export function monthsBetween(begin: Month, end: Month): Month[] {
  const months: Month[] = [];
  let [year, month] = begin.split('-').map(Number);
  const [endYear, endMonth] = end.split('-').map(Number);
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The last day of a month, `yyyy-mm-dd`. */
export function lastDayOf(month: Month): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A month as the tabular reports head its column: `Jan-2026`. */
export function monthHeading(month: Month): string {
  const [year, m] = month.split('-').map(Number);
  return `${MONTH_NAMES[m - 1]}-${year}`;
}

/** RFC 3339 to the second (`2026-11-25T03:40:00Z`), as the Created header asks. */
export function rfc3339(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/** A cell: tabs and line breaks would split the row, so they become spaces. */
function cell(value: string | number): string {
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

/** The 13 header rows of a tabular COUNTER 5.1 report, as name-value pairs (column A, column B). */
export function headerRows(report: CounterReport): [string, string][] {
  return [
    ['Report_Name', report.reportName],
    ['Report_ID', report.reportId],
    ['Release', report.release],
    ['Institution_Name', report.institutionName],
    ['Institution_ID', report.institutionId],
    ['Metric_Types', report.metricTypes.join('; ')],
    ['Report_Filters', report.reportFilters],
    ['Report_Attributes', report.reportAttributes],
    ['Exceptions', report.exceptions],
    ['Reporting_Period', `Begin_Date=${report.beginDate}; End_Date=${report.endDate}`],
    ['Created', report.created],
    ['Created_By', report.createdBy],
    ['Registry_Record', report.registryRecord],
  ];
}

/** The body's column headings: the item columns, Metric_Type, Reporting_Period_Total, then one per month. */
export function bodyHeadings(report: Pick<CounterReport, 'itemColumns' | 'months'>): string[] {
  return [...report.itemColumns, 'Metric_Type', 'Reporting_Period_Total', ...report.months.map(monthHeading)];
}

/**
 * The tabular form (Code of Practice 5.1, section 3.2): rows 1 to 13 the header, row 14 blank, row 15 the column
 * headings, then one row per item and metric. Tab-separated, UTF-8, one row a line (LF), as the Code of Practice's sample files.
 */
export function counterTsv(report: CounterReport): string {
  const lines = [
    ...headerRows(report).map(([name, value]) => `${name}\t${cell(value)}`),
    '',
    bodyHeadings(report).join('\t'),
    ...report.rows.map((row) => [...row.item, row.metricType, row.total, ...row.months].map(cell).join('\t')),
  ];
  return `${lines.join('\n')}\n`;
}

/** Month totals of one metric over every row, for the chart. */
export function monthTotals(report: Pick<CounterReport, 'rows' | 'months'>, metricType: MetricType): number[] {
  const totals = report.months.map(() => 0);
  for (const row of report.rows) {
    if (row.metricType !== metricType) continue;
    row.months.forEach((count, index) => {
      totals[index] += count;
    });
  }
  return totals;
}

/** KBART Phase II (NISO RP-9-2014) columns, in order. */
export const KBART_COLUMNS = [
  'publication_title',
  'print_identifier',
  'online_identifier',
  'date_first_issue_online',
  'num_first_vol_online',
  'num_first_issue_online',
  'date_last_issue_online',
  'num_last_vol_online',
  'num_last_issue_online',
  'title_url',
  'first_author',
  'title_id',
  'embargo_info',
  'coverage_depth',
  'notes',
  'publisher_name',
  'publication_type',
  'date_monograph_published_print',
  'date_monograph_published_online',
  'monograph_volume',
  'monograph_edition',
  'first_editor',
  'parent_publication_title_id',
  'preceding_publication_title_id',
  'access_type',
] as const;

export type KbartRow = Record<(typeof KBART_COLUMNS)[number], string>;

/** A KBART file: the heading row, then one row per title; tab-separated, UTF-8, LF line ends as KBART asks. */
export function kbartTsv(rows: KbartRow[]): string {
  const lines = [KBART_COLUMNS.join('\t'), ...rows.map((row) => KBART_COLUMNS.map((column) => cell(row[column])).join('\t'))];
  return `${lines.join('\n')}\n`;
}
