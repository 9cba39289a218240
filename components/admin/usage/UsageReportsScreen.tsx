import Head from 'next/head';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { COUNTER_REPORT_IDS, isMonth, monthHeading, monthTotals, REPORT_DEFINITIONS, type CounterReport, type CounterReportId, type Month } from '@/lib/counter-report';
import { useUsageReport } from '@/hooks/useUsageReport';
import { usageKeys } from '@/services/usage';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { Heading, Page, SubHeading } from '../parts';
import { LibraryFeeds } from './LibraryFeeds';
import { UsageChart, type ChartSeries } from './UsageChart';

export interface UsageReportsScreenProps {
  libraryId: number;
  libraryName: string;
  reportId: CounterReportId;
  begin: Month;
  end: Month;
  /** The report of reportId, begin and end, loaded with the page. */
  initial?: CounterReport;
}

/** The columns the screen's table shows (the TSV has them all): what names the item, and the attributes shown. */
const SHOWN_COLUMNS = new Set(['Title', 'Item', 'Publisher', 'Parent_Title', 'Data_Type', 'YOP', 'Access_Type', 'Access_Method']);

function shownColumns(report: CounterReport): { name: string; index: number }[] {
  return report.itemColumns.map((name, index) => ({ name, index })).filter(({ name }) => SHOWN_COLUMNS.has(name));
}

interface Range {
  reportId: CounterReportId;
  begin: Month;
  end: Month;
}

/** Why a range cannot be asked for, in words, or null. */
function rangeProblem(range: Range): string | null {
  if (!isMonth(range.begin)) return 'Choose the first month.';
  if (!isMonth(range.end)) return 'Choose the last month.';
  if (range.end < range.begin) return 'The last month must not be before the first.';
  return null;
}

/** A library's COUNTER 5.1 reports: pick a report and months, see a chart and a table, download the TSV, KBART and MARC records, and manage the feed keys other systems fetch them with. */
export function UsageReportsScreen({ libraryId, libraryName, reportId, begin, end, initial }: UsageReportsScreenProps) {
  const [shown, setShown] = useState<Range>({ reportId, begin, end });
  const [draft, setDraft] = useState<Range>({ reportId, begin, end });
  const [problem, setProblem] = useState<string | null>(null);
  const { report, error, isLoading, retry } = useUsageReport(libraryId, shown.reportId, shown.begin, shown.end, initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) setShown(draft);
  };

  return (
    <Page>
      <Head>
        <title>{`Usage reports · ${libraryName} · Library Reader`}</title>
      </Head>
      <Heading>Usage reports</Heading>
      <Lead>
        {libraryName}: reading counted the COUNTER Release 5.1 way. No report names a member.
      </Lead>

      <Form onSubmit={submit} noValidate aria-describedby={problem ? 'usage-problem' : undefined}>
        <Field>
          <label htmlFor="usage-report">Report</label>
          <select id="usage-report" value={draft.reportId} onChange={(event) => setDraft({ ...draft, reportId: event.target.value as CounterReportId })}>
            {COUNTER_REPORT_IDS.map((id) => (
              <option key={id} value={id}>
                {`${id}: ${REPORT_DEFINITIONS[id].name}`}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <label htmlFor="usage-begin">From month</label>
          <input id="usage-begin" type="month" value={draft.begin} onChange={(event) => setDraft({ ...draft, begin: event.target.value })} aria-invalid={problem?.includes('first') || undefined} />
        </Field>
        <Field>
          <label htmlFor="usage-end">To month</label>
          <input id="usage-end" type="month" value={draft.end} onChange={(event) => setDraft({ ...draft, end: event.target.value })} aria-invalid={problem?.includes('last') || undefined} />
        </Field>
        <Submit type="submit">Show report</Submit>
        {problem && (
          <Problem id="usage-problem" role="alert">
            {problem}
          </Problem>
        )}
      </Form>

      <Downloads aria-label="Downloads">
        <li>
          <a href={usageKeys.tsv(libraryId, shown.reportId, shown.begin, shown.end)} download>
            {`Download ${shown.reportId} (COUNTER 5.1 TSV)`}
          </a>
        </li>
        <li>
          <a href={usageKeys.kbart(libraryId)} download>
            Download the KBART title list
          </a>
        </li>
        <li>
          <Link href={`/admin/libraries/${libraryId}/counter-keys`}>COUNTER API keys for harvesters</Link>
        </li>
      </Downloads>

      <section aria-labelledby="usage-result" aria-busy={isLoading}>
        <SubHeading id="usage-result">{`${REPORT_DEFINITIONS[shown.reportId].name}, ${monthHeading(shown.begin)} to ${monthHeading(shown.end)}`}</SubHeading>
        <ReportBody report={report} error={error} isLoading={isLoading} retry={retry} />
      </section>

      <LibraryFeeds libraryId={libraryId} />
    </Page>
  );
}

function ReportBody({ report, error, isLoading, retry }: { report: CounterReport | null; error?: Error; isLoading: boolean; retry(): void }) {
  if (isLoading && !report) return <Status role="status">Loading the report…</Status>;
  if (error && !report) {
    return (
      <Status role="alert">
        The report could not be loaded. <button type="button" onClick={retry}>Try again</button>
      </Status>
    );
  }
  if (!report) return null;
  if (report.rows.length === 0) return <Status role="status">No reading was counted in these months.</Status>;
  const shown = shownColumns(report);
  const series: ChartSeries[] = [
    { label: 'Total_Item_Requests', values: monthTotals(report, 'Total_Item_Requests'), tone: 'brand' },
    { label: 'Unique_Item_Requests', values: monthTotals(report, 'Unique_Item_Requests'), tone: 'focus' },
  ];
  // The platform report also counts members' searches.
  if (report.reportId.startsWith('PR')) series.push({ label: 'Searches_Platform', values: monthTotals(report, 'Searches_Platform'), tone: 'gold' });
  return (
    <>
      <UsageChart title={`${report.reportId} ${report.reportId.startsWith('PR') ? 'requests and searches' : 'requests'} by month`} months={report.months} series={series} />
      <TableScroll tabIndex={0} role="region" aria-label={`${report.reportId} table`}>
        <Table>
          <thead>
            <tr>
              {shown.map((column) => (
                <th key={column.name} scope="col">
                  {column.name}
                </th>
              ))}
              <th scope="col">Metric_Type</th>
              <Number as="th" scope="col">
                Reporting_Period_Total
              </Number>
              {report.months.map((month) => (
                <Number as="th" key={month} scope="col">
                  {monthHeading(month)}
                </Number>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={`${row.item.join('|')}|${row.metricType}`}>
                {shown.map((column) => (
                  <td key={column.name}>{row.item[column.index]}</td>
                ))}
                <td>{row.metricType}</td>
                <Number>{row.total}</Number>
                {row.months.map((count, i) => (
                  <Number key={report.months[i]}>{count}</Number>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </>
  );
}

const Lead = styled.p`
  color: ${theme.colors.muted};
  margin: 0 0 ${theme.spacing.lg};
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.spacing.md};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  min-width: 0;
  flex: 1 1 140px;

  select,
  input {
    min-height: 44px;
    padding: 0 ${theme.spacing.sm};
    border: 1px solid ${theme.colors.borderStrong};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    font: inherit;
    max-width: 100%;
  }
`;

const Submit = styled.button`
  min-height: 44px;
  padding: 0 ${theme.spacing.lg};
  border: 0;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font: inherit;
  cursor: pointer;

  &:hover {
    background: ${theme.colors.brandHover};
  }

  /* On a phone the button gets its own row, so the month fields keep their width. */
  ${media.down('sm')} {
    flex-basis: 100%;
  }
`;

const Problem = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${theme.colors.danger};
`;

const Downloads = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.lg};
  margin: ${theme.spacing.lg} 0 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-block;
    padding: ${theme.spacing.sm} 0;
    color: ${theme.colors.focus};
  }
`;

const Status = styled.p`
  margin: ${theme.spacing.lg} 0;
`;

const TableScroll = styled.div`
  overflow-x: auto;
  max-width: 100%;

  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
  }
`;

const Table = styled.table`
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};

  th,
  td {
    padding: ${theme.spacing.xs} ${theme.spacing.sm};
    border-bottom: 1px solid ${theme.colors.border};
    text-align: left;
    white-space: nowrap;
  }
`;

const Number = styled.td`
  && {
    text-align: right;
  }
  font-variant-numeric: tabular-nums;
`;
