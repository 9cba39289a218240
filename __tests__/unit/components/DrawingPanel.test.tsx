import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { DrawingPanel } from '@/components/admin/DrawingPanel';
import type { DrawingView } from '@/lib/wire';
import { renderWithTheme } from './render';

const failed: DrawingView = {
  issueId: 12,
  magazineId: 3,
  titleName: 'Harbour Weekly',
  issueName: 'May 2026',
  pageCount: 60,
  pagesDrawn: 21,
  state: 'failed',
  tries: 3,
  maxTries: 3,
  error: 'a page could not be drawn: page 22 has no contents',
  nextTryAt: null,
};
const drawing: DrawingView = { ...failed, issueId: 13, issueName: 'June 2026', pagesDrawn: 40, state: 'drawing', tries: 1, error: null };

let answer: () => Response;
const retried: string[] = [];
const server = setupServer(
  mswHttp.get('*/api/admin/drawing', () => answer()),
  mswHttp.post('*/api/admin/drawing/:issueId/retry', ({ params }) => {
    retried.push(String(params.issueId));
    return HttpResponse.json({ status: 'success', issue: { ...failed, state: 'waiting', tries: 0, error: null } });
  }),
);

function show() {
  return renderWithTheme(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <DrawingPanel />
    </SWRConfig>,
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  retried.length = 0;
  answer = () => HttpResponse.json({ status: 'success', issues: [failed, drawing], page: 0, pageSize: 10, total: 2 });
});
afterAll(() => server.close());

describe('Pages being drawn', () => {
  it('says it is loading, then lists each issue with its pages drawn, tries and the reason a drawing failed', async () => {
    show();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const row = (await screen.findByRole('link', { name: 'Harbour Weekly, May 2026' })).closest('tr')!;
    expect(within(row).getByRole('progressbar', { name: 'Harbour Weekly, May 2026: 21 of 60 pages drawn' })).toHaveAttribute('value', '21');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('Tried 3 of 3 times');
    expect(row).toHaveTextContent('a page could not be drawn: page 22 has no contents');
    const other = screen.getByRole('link', { name: 'Harbour Weekly, June 2026' }).closest('tr')!;
    expect(other).toHaveTextContent('Drawing');
    expect(other).toHaveTextContent('Try 1 of 3');
    expect(within(other).queryByRole('button')).toBeNull();
  });

  it('tries a failed drawing again when asked', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again Harbour Weekly, May 2026' }));
    await waitFor(() => expect(retried).toEqual(['12']));
  });

  it('says so when every imported issue is drawn', async () => {
    answer = () => HttpResponse.json({ status: 'success', issues: [], page: 0, pageSize: 10, total: 0 });
    show();
    expect(await screen.findByText('Every imported issue’s pages are drawn.')).toBeInTheDocument();
  });

  it('shows the server’s message when the list cannot be read', async () => {
    answer = () => HttpResponse.json({ status: 'error', message: 'Only site operators may do this' }, { status: 403 });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only site operators may do this');
  });
});
