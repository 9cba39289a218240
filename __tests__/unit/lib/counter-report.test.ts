import { bodyHeadings, counterTsv, headerRows, isMonth, KBART_COLUMNS, kbartTsv, lastDayOf, monthHeading, monthsBetween, monthTotals, rfc3339, type CounterReport, type KbartRow } from '@/lib/counter-report';

const report: CounterReport = {
  reportId: 'TR_J1',
  reportName: 'Journal Requests (Controlled)',
  release: '5.1',
  institutionName: 'Harbour Library',
  institutionId: 'libraryreader:7',
  metricTypes: ['Total_Item_Requests', 'Unique_Item_Requests'],
  reportFilters: 'Data_Type=Journal; Access_Type=Controlled; Access_Method=Regular',
  reportAttributes: '',
  exceptions: '',
  beginDate: '2025-11-01',
  endDate: '2026-01-31',
  created: '2026-02-03T04:05:06Z',
  createdBy: 'Library Reading Site',
  registryRecord: 'https://registry.countermetrics.org/platform/00000000-0000-0000-0000-000000000000',
  itemColumns: ['Title', 'Publisher', 'Publisher_ID', 'Platform', 'DOI', 'Proprietary_ID', 'Print_ISSN', 'Online_ISSN', 'URI'],
  months: ['2025-11', '2025-12', '2026-01'],
  rows: [
    { item: ['Tides\tand\nTimes', 'Quay Press', '', 'Library Reading Site', '', 'libraryreader:T1', '1234-5679', '', 'https://example.test/magazine/1'], metricType: 'Total_Item_Requests', total: 6, months: [1, 0, 5] },
    { item: ['Tides\tand\nTimes', 'Quay Press', '', 'Library Reading Site', '', 'libraryreader:T1', '1234-5679', '', 'https://example.test/magazine/1'], metricType: 'Unique_Item_Requests', total: 3, months: [1, 0, 2] },
  ],
};

describe('COUNTER 5.1 tabular reports', () => {
  it('writes a byte-order mark, the 13 header rows in the Code of Practice order padded to the body width, row 14 blank, then the headings and body', () => {
    // The Code's samples pad every header row (and the blank row 14) with tabs to as many cells as the body has.
    const pad = (line: string) => line + '\t'.repeat(14 - line.split('\t').length);
    const lines = [
        'Report_Name\tJournal Requests (Controlled)',
        'Report_ID\tTR_J1',
        'Release\t5.1',
        'Institution_Name\tHarbour Library',
        'Institution_ID\tlibraryreader:7',
        'Metric_Types\tTotal_Item_Requests; Unique_Item_Requests',
        'Report_Filters\tData_Type=Journal; Access_Type=Controlled; Access_Method=Regular',
        'Report_Attributes\t',
        'Exceptions\t',
        'Reporting_Period\tBegin_Date=2025-11-01; End_Date=2026-01-31',
        'Created\t2026-02-03T04:05:06Z',
        'Created_By\tLibrary Reading Site',
        'Registry_Record\thttps://registry.countermetrics.org/platform/00000000-0000-0000-0000-000000000000',
        '',
        'Title\tPublisher\tPublisher_ID\tPlatform\tDOI\tProprietary_ID\tPrint_ISSN\tOnline_ISSN\tURI\tMetric_Type\tReporting_Period_Total\tNov-2025\tDec-2025\tJan-2026',
        // A tab or line break inside a value would split the row: it becomes a space.
        'Tides and Times\tQuay Press\t\tLibrary Reading Site\t\tlibraryreader:T1\t1234-5679\t\thttps://example.test/magazine/1\tTotal_Item_Requests\t6\t1\t0\t5',
        'Tides and Times\tQuay Press\t\tLibrary Reading Site\t\tlibraryreader:T1\t1234-5679\t\thttps://example.test/magazine/1\tUnique_Item_Requests\t3\t1\t0\t2',
        '',
      ];
    expect(counterTsv(report)).toBe(`\uFEFF${[...lines.slice(0, 14).map(pad), ...lines.slice(14)].join('\n')}`);
  });

  it('names the header rows exactly as the Code of Practice spells them', () => {
    expect(headerRows(report).map(([name]) => name)).toEqual([
      'Report_Name',
      'Report_ID',
      'Release',
      'Institution_Name',
      'Institution_ID',
      'Metric_Types',
      'Report_Filters',
      'Report_Attributes',
      'Exceptions',
      'Reporting_Period',
      'Created',
      'Created_By',
      'Registry_Record',
    ]);
  });

  it('heads an empty report with its columns and no body rows', () => {
    const lines = counterTsv({ ...report, rows: [] }).split('\n');
    expect(lines).toHaveLength(16);
    expect(lines[13]).toBe('\t'.repeat(13));
    expect(lines[14]).toBe(bodyHeadings(report).join('\t'));
    expect(lines[15]).toBe('');
  });

  it('adds months across a year end, with their last days and headings', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
    expect(lastDayOf('2024-02')).toBe('2024-02-29');
    expect(lastDayOf('2026-02')).toBe('2026-02-28');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
    expect(monthHeading('2026-01')).toBe('Jan-2026');
    expect(['2026-01', '2026-12', '2026-13', '2026-00', '26-01', '2026-1'].map(isMonth)).toEqual([true, true, false, false, false, false]);
    expect(rfc3339(new Date('2026-02-03T04:05:06.789Z'))).toBe('2026-02-03T04:05:06Z');
  });

  it('totals a metric per month for the chart', () => {
    expect(monthTotals(report, 'Total_Item_Requests')).toEqual([1, 0, 5]);
    expect(monthTotals(report, 'Unique_Item_Requests')).toEqual([1, 0, 2]);
    expect(monthTotals(report, 'Total_Item_Investigations')).toEqual([0, 0, 0]);
  });
});

describe('KBART title lists', () => {
  it('writes the 25 Phase II columns in order, then one row per title', () => {
    const row = Object.fromEntries(KBART_COLUMNS.map((column) => [column, ''])) as KbartRow;
    const text = kbartTsv([{ ...row, publication_title: 'Tides\tand Times', print_identifier: '1234-5679', title_id: '1', publication_type: 'serial', access_type: 'P' }]);
    const [heading, body, end] = text.split('\n');
    expect(heading).toBe(
      'publication_title\tprint_identifier\tonline_identifier\tdate_first_issue_online\tnum_first_vol_online\tnum_first_issue_online\tdate_last_issue_online\tnum_last_vol_online\tnum_last_issue_online\ttitle_url\tfirst_author\ttitle_id\tembargo_info\tcoverage_depth\tnotes\tpublisher_name\tpublication_type\tdate_monograph_published_print\tdate_monograph_published_online\tmonograph_volume\tmonograph_edition\tfirst_editor\tparent_publication_title_id\tpreceding_publication_title_id\taccess_type',
    );
    expect(body.split('\t')).toHaveLength(25);
    expect(body).toBe(`Tides and Times\t1234-5679${'\t'.repeat(10)}1${'\t'.repeat(5)}serial${'\t'.repeat(8)}P`);
    expect(end).toBe('');
  });
});
