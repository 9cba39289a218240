/**
 * COUNTER Release 5.1 reports as data, and their tabular (TSV) form: pure, so the console screen, the API and the
 * unit tests share one definition. Counting and queries live in server/usage/.
 */

export const COUNTER_RELEASE = '5.1';

/**
 * The reports this platform offers. Its Host_Type is eJournal (serials offered title by title), so the Code requires
 * the Platform and Title Reports and the journal Standard Views; TR_J2 (denials) is left out because no access is
 * refused and counted here, and the Item Report is offered for stories.
 */
export type CounterReportId = 'PR' | 'PR_P1' | 'TR' | 'TR_J1' | 'TR_J3' | 'TR_J4' | 'IR';
export const COUNTER_REPORT_IDS: readonly CounterReportId[] = ['PR', 'PR_P1', 'TR', 'TR_J1', 'TR_J3', 'TR_J4', 'IR'];

/** The metrics of items (an issue or a story), counted from reading. */
export type ItemMetricType = 'Total_Item_Investigations' | 'Total_Item_Requests' | 'Unique_Item_Investigations' | 'Unique_Item_Requests';
/** Every metric the reports carry: the item metrics, and the platform's searches (Platform Reports only). */
export type MetricType = ItemMetricType | 'Searches_Platform' | 'Unique_Title_Investigations' | 'Unique_Title_Requests';

/** The Data_Types of this platform (Code of Practice 5.1, Table 3.p): a magazine or newspaper is a Newspaper_or_Newsletter. */
export type TitleDataType = 'Journal' | 'Newspaper_or_Newsletter';
export type ItemDataType = 'Article' | 'News_Item';
/** Report attributes a COUNTER Report may show as columns. */
export type ShownAttribute = 'Data_Type' | 'YOP' | 'Access_Type' | 'Access_Method';

export interface ReportDefinition {
  name: string;
  description: string;
  /** The COUNTER Report this one is, or is a Standard View of. */
  base: 'PR' | 'TR' | 'IR';
  /** A COUNTER Report takes filters and attributes from the request; a Standard View has them fixed. */
  customizable: boolean;
  /** The metrics it may report, in the Code's order. */
  metricTypes: MetricType[];
  /** Filters a Standard View always applies (shown in Report_Filters). */
  fixedFilters: { Data_Type?: string[]; Access_Type?: string[]; Access_Method?: string[] };
  /** Attribute columns a Standard View always shows; a COUNTER Report shows those asked for. */
  fixedAttributes: ShownAttribute[];
  /** Attributes a COUNTER Report may be asked to show. */
  showable: ShownAttribute[];
}

const ALL_ITEM: MetricType[] = ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'];
// Unique_Title_* count books and reference works only: a report may ask for them, and no title here ever has them.
const WITH_TITLES: MetricType[] = [...ALL_ITEM, 'Unique_Title_Investigations', 'Unique_Title_Requests'];
const REQUESTS: MetricType[] = ['Total_Item_Requests', 'Unique_Item_Requests'];
const JOURNAL_CONTROLLED = { Data_Type: ['Journal'], Access_Type: ['Controlled'], Access_Method: ['Regular'] };

/** What each report is in the Code of Practice: name, description, metrics, fixed filters and attribute columns. */
export const REPORT_DEFINITIONS: Record<CounterReportId, ReportDefinition> = {
  PR: {
    name: 'Platform Report',
    description: 'A customizable report summarizing activity across the platform that allows the user to apply filters and select other configuration options.',
    base: 'PR',
    customizable: true,
    metricTypes: ['Searches_Platform', ...WITH_TITLES],
    fixedFilters: {},
    fixedAttributes: [],
    showable: ['Data_Type', 'Access_Method'],
  },
  PR_P1: {
    name: 'Platform Usage',
    description: 'Platform-level usage summarized by Metric_Type.',
    base: 'PR',
    customizable: false,
    // The Standard View names its four metrics whether or not the platform has usage of each.
    metricTypes: ['Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests'],
    fixedFilters: { Access_Method: ['Regular'] },
    fixedAttributes: ['Data_Type'],
    showable: [],
  },
  TR: {
    name: 'Title Report',
    description: 'A customizable report detailing activity at the title level that allows the user to apply filters and select other configuration options.',
    base: 'TR',
    customizable: true,
    metricTypes: WITH_TITLES,
    fixedFilters: {},
    fixedAttributes: [],
    showable: ['Data_Type', 'YOP', 'Access_Type', 'Access_Method'],
  },
  TR_J1: {
    name: 'Journal Requests (Controlled)',
    description: 'Reports on usage of journal content, excluding Open and Free_To_Read content, as Total_Item_Requests and Unique_Item_Requests.',
    base: 'TR',
    customizable: false,
    metricTypes: REQUESTS,
    fixedFilters: JOURNAL_CONTROLLED,
    fixedAttributes: [],
    showable: [],
  },
  TR_J3: {
    name: 'Journal Usage by Access Type',
    description: 'Reports on usage of journal content for all Metric_Types broken down by Access_Type.',
    base: 'TR',
    customizable: false,
    metricTypes: ALL_ITEM,
    fixedFilters: { Data_Type: ['Journal'], Access_Method: ['Regular'] },
    fixedAttributes: ['Access_Type'],
    showable: [],
  },
  TR_J4: {
    name: 'Journal Requests by YOP (Controlled)',
    description: 'Breaks down the usage of journal content, excluding Open and Free_To_Read content, by year of publication (YOP), providing counts for the Metric_Types Total_Item_Requests and Unique_Item_Requests.',
    base: 'TR',
    customizable: false,
    metricTypes: REQUESTS,
    fixedFilters: JOURNAL_CONTROLLED,
    fixedAttributes: ['YOP'],
    showable: [],
  },
  IR: {
    name: 'Item Report',
    description: 'A granular, customizable report showing activity at the level of the item (article or news item) that allows the user to apply filters and select other configuration options.',
    base: 'IR',
    customizable: true,
    metricTypes: ALL_ITEM,
    fixedFilters: {},
    fixedAttributes: [],
    showable: ['YOP', 'Access_Type', 'Access_Method'],
  },
};

/** The item columns (before the attribute columns) of each COUNTER Report, in the Code's order. */
export const ITEM_COLUMNS: Record<'PR' | 'TR' | 'IR', string[]> = {
  PR: ['Platform'],
  TR: ['Title', 'Publisher', 'Publisher_ID', 'Platform', 'DOI', 'Proprietary_ID', 'Print_ISSN', 'Online_ISSN', 'URI'],
  IR: ['Item', 'Publisher', 'Publisher_ID', 'Platform', 'DOI', 'Proprietary_ID', 'ISBN', 'Print_ISSN', 'Online_ISSN', 'URI'],
};
/** The parent columns an Item Report adds with Include_Parent_Details=True. */
export const PARENT_COLUMNS = [
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
];

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
  /** False when Exclude_Monthly_Details=True: only the Reporting_Period_Total is shown. */
  monthlyDetails?: boolean;
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

/** The body's column headings: the item columns, Metric_Type, Reporting_Period_Total, then one per month (unless excluded). */
export function bodyHeadings(report: Pick<CounterReport, 'itemColumns' | 'months' | 'monthlyDetails'>): string[] {
  return [...report.itemColumns, 'Metric_Type', 'Reporting_Period_Total', ...(report.monthlyDetails === false ? [] : report.months.map(monthHeading))];
}

/** The byte-order mark the Code of Practice's tabular samples start with, so a spreadsheet reads the file as UTF-8. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The tabular form (Code of Practice 5.1, section 3.2): a byte-order mark, rows 1 to 13 the header, row 14 blank, row
 * 15 the column headings, then one row per item, attribute values and metric. Tab-separated, UTF-8, LF line ends; every
 * row has as many cells as the body has columns, as in the Code's sample files.
 */
export function counterTsv(report: CounterReport): string {
  const headings = bodyHeadings(report);
  const pad = (cells: string[]) => [...cells, ...Array<string>(Math.max(0, headings.length - cells.length)).fill('')].join('\t');
  const monthly = report.monthlyDetails !== false;
  const lines = [
    ...headerRows(report).map(([name, value]) => pad([name, cell(value)])),
    pad([]),
    headings.join('\t'),
    ...report.rows.map((row) => [...row.item, row.metricType, row.total, ...(monthly ? row.months : [])].map(cell).join('\t')),
  ];
  return `${BYTE_ORDER_MARK}${lines.join('\n')}\n`;
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
