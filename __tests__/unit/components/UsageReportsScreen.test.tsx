import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { UsageReportsScreen } from '@/components/admin/usage/UsageReportsScreen';
import { ITEM_COLUMNS, REPORT_DEFINITIONS, type CounterReport, type CounterReportId } from '@/lib/counter-report';
import { renderWithTheme } from './render';

/** The tabular columns the server gives each report the tests use (server/usage/reports.ts). */
function columnsOf(reportId: CounterReportId): string[] {
  if (reportId === 'PR_P1') return ['Platform', 'Data_Type'];
  if (reportId === 'IR') return [...ITEM_COLUMNS.IR, 'Data_Type'];
  return ITEM_COLUMNS.TR;
}

function reportOf(reportId: CounterReportId, months: string[], rows: CounterReport['rows']): CounterReport {
  const definition = REPORT_DEFINITIONS[reportId];
  return {
    reportId,
    reportName: definition.name,
    release: '5.1',
    institutionName: 'Harbour Library',
    institutionId: 'libraryreader:7',
    metricTypes: definition.metricTypes,
    reportFilters: '',
    reportAttributes: '',
    exceptions: '',
    beginDate: `${months[0]}-01`,
    endDate: `${months[months.length - 1]}-28`,
    created: '2026-03-01T00:00:00Z',
    createdBy: 'Library Reading Site',
    registryRecord: '',
    itemColumns: columnsOf(reportId),
    months,
    rows,
  };
}

let answer: (reportId: CounterReportId, begin: string, end: string) => Response;
const asked: string[] = [];
const server = setupServer(
  mswHttp.get('*/api/admin/libraries/7/reports/:reportId', ({ request, params }) => {
    const url = new URL(request.url);
    asked.push(`${String(params.reportId)} ${url.searchParams.get('begin')} ${url.searchParams.get('end')}`);
    return answer(params.reportId as CounterReportId, url.searchParams.get('begin')!, url.searchParams.get('end')!);
  }),
  mswHttp.get('*/api/admin/libraries/7/feed-keys', () => HttpResponse.json({ status: 'success', feedKeys })),
  mswHttp.post('*/api/admin/libraries/7/feed-keys', async ({ request }) => {
    const { label } = (await request.json()) as { label: string };
    const feedKey = { id: feedKeys.length + 1, label, hint: '…wxyz', createdAt: '2026-03-01T00:00:00Z', lastUsedAt: null, revokedAt: null };
    feedKeys.push(feedKey);
    return HttpResponse.json({ status: 'success', key: 'lf_secretkeywxyz', feedKey });
  }),
);
const feedKeys: { id: number; label: string; hint: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }[] = [];

const platformRows: CounterReport['rows'] = [
  { item: ['Library Reading Site', 'Journal'], metricType: 'Total_Item_Requests', total: 7, months: [3, 4] },
  { item: ['Library Reading Site', 'Journal'], metricType: 'Unique_Item_Requests', total: 5, months: [2, 3] },
  { item: ['Library Reading Site', 'Platform'], metricType: 'Searches_Platform', total: 9, months: [6, 3] },
];

function show(props: Partial<React.ComponentProps<typeof UsageReportsScreen>> = {}) {
  return renderWithTheme(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <UsageReportsScreen libraryId={7} libraryName="Harbour Library" reportId="PR_P1" begin="2026-01" end="2026-02" {...props} />
    </SWRConfig>,
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked.length = 0;
  answer = (reportId, begin, end) =>
    HttpResponse.json({
      status: 'success',
      report: begin === end ? reportOf(reportId, [begin], platformRows.map((row) => ({ ...row, months: [row.total] }))) : reportOf(reportId, [begin, end], platformRows),
    });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('UsageReportsScreen', () => {
  it('shows the report as a chart with a text alternative and as a table, searches included, with TSV and KBART downloads', async () => {
    show();
    expect(screen.getByText('Loading the report…')).toHaveAttribute('role', 'status');
    const chart = await screen.findByRole('img', { name: /PR_P1 requests and searches by month/ });
    expect(chart).toHaveAccessibleName(
      'PR_P1 requests and searches by month Total_Item_Requests: Jan-2026 3, Feb-2026 4. Unique_Item_Requests: Jan-2026 2, Feb-2026 3. Searches_Platform: Jan-2026 6, Feb-2026 3.',
    );
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Data_Type', 'Metric_Type', 'Reporting_Period_Total', 'Jan-2026', 'Feb-2026'],
      ['Journal', 'Total_Item_Requests', '7', '3', '4'],
      ['Journal', 'Unique_Item_Requests', '5', '2', '3'],
      ['Platform', 'Searches_Platform', '9', '6', '3'],
    ]);
    expect(screen.getByRole('link', { name: 'Download PR_P1 (COUNTER 5.1 TSV)' })).toHaveAttribute('href', '/api/admin/libraries/7/reports/PR_P1?begin=2026-01&end=2026-02&format=tsv');
    expect(screen.getByRole('link', { name: 'Download the KBART title list' })).toHaveAttribute('href', '/api/admin/libraries/7/kbart');
  });

  it('asks for another report and month range, and says so when the range runs backwards without asking', async () => {
    show();
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Report'), 'TR_J1');
    const from = screen.getByLabelText('From month');
    const to = screen.getByLabelText('To month');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The last month must not be before the first.');
    expect(asked).toEqual(['PR_P1 2026-01 2026-02']);
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03');
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    await waitFor(() => expect(asked).toEqual(['PR_P1 2026-01 2026-02', 'TR_J1 2026-03 2026-03']));
    expect(await screen.findByRole('heading', { name: 'Journal Requests (Controlled), Mar-2026 to Mar-2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download TR_J1 (COUNTER 5.1 TSV)' })).toHaveAttribute('href', '/api/admin/libraries/7/reports/TR_J1?begin=2026-03&end=2026-03&format=tsv');
  });

  it('starts from the report loaded with the page, without asking for it again', async () => {
    show({ initial: reportOf('PR_P1', ['2026-01', '2026-02'], platformRows) });
    expect(screen.getByRole('table')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });

  it('says when no reading was counted', async () => {
    answer = (reportId, begin) => HttpResponse.json({ status: 'success', report: reportOf(reportId, [begin], []) });
    show({ begin: '2026-01', end: '2026-01' });
    expect(await screen.findByText('No reading was counted in these months.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the report could not be loaded, and tries again', async () => {
    answer = () => HttpResponse.json({ status: 503, message: 'down' }, { status: 503 });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('The report could not be loaded.');
    answer = (reportId, begin, end) => HttpResponse.json({ status: 'success', report: reportOf(reportId, [begin, end], platformRows) });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('offers the MARC files and a feed key whose addresses are shown once', async () => {
    show({ initial: reportOf('PR_P1', ['2026-01', '2026-02'], platformRows) });
    expect(screen.getByRole('link', { name: 'Download all titles (MARCXML)' })).toHaveAttribute('href', '/api/admin/libraries/7/marc?format=xml');
    expect(screen.getByRole('link', { name: 'Download all titles (MARC, .mrc)' })).toHaveAttribute('href', '/api/admin/libraries/7/marc?format=mrc');
    await userEvent.type(screen.getByLabelText('Changes since (new, changed and withdrawn titles)'), '2026-02-01');
    expect(screen.getByRole('link', { name: 'Download changes since 2026-02-01 (MARC, .mrc)' })).toHaveAttribute('href', '/api/admin/libraries/7/marc?format=mrc&since=2026-02-01');
    await userEvent.type(screen.getByLabelText('Which system the key is for'), 'Koha');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('The key for “Koha” is shown this once: copy the addresses now.')).toBeInTheDocument();
    expect(screen.getByText(/\/api\/feeds\/libraries\/7\/kbart\?key=lf_secretkeywxyz$/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Revoke Koha' })).toBeInTheDocument();
  });
});
