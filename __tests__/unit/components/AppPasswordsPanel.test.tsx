import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { AppPasswordsPanel } from '@/components/dashboard/AppPasswordsPanel';
import { renderWithTheme } from './render';

interface Stored {
  id: number;
  name: string;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}
let stored: Stored[] = [];
let next = 1;
const server = setupServer(
  mswHttp.get('*/api/user/appPasswords', () =>
    HttpResponse.json({
      status: 'success',
      login: 'reader@example.test',
      catalogues: [{ libraryId: 1001, name: 'Riverside Library', url: 'https://site.test/api/opds/1001/catalog' }],
      syncServer: 'https://site.test/api/kosync',
      passwords: stored,
    }),
  ),
  mswHttp.post('*/api/user/appPasswords', async ({ request }) => {
    const { name } = (await request.json()) as { name: string };
    const password = `abcde-fghij-kmnpq-rs${next}tu`;
    const row = { id: next, name, hint: password.slice(-4), createdAt: '2026-11-26T10:00:00.000Z', lastUsedAt: null };
    next += 1;
    stored = [row, ...stored];
    return HttpResponse.json({ status: 'success', login: 'reader@example.test', appPassword: { ...row, password } });
  }),
  mswHttp.delete('*/api/user/appPasswords/:id', ({ params }) => {
    stored = stored.filter((row) => row.id !== Number(params.id));
    return HttpResponse.json({ status: 'success' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  stored = [];
});
afterAll(() => server.close());

const renderPanel = () => renderWithTheme(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}><AppPasswordsPanel /></SWRConfig>);

describe('My Account: app passwords for reading apps', () => {
  it('says where to point the apps, makes a named password shown once, and revokes it', async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('https://site.test/api/opds/1001/catalog')).toBeInTheDocument();
    expect(screen.getByText('https://site.test/api/kosync')).toBeInTheDocument();
    expect(screen.getByText('reader@example.test')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make an app password' }));
    expect(await screen.findByText(/Please name the app/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name of the app'), 'KOReader on my Kobo');
    await user.click(screen.getByRole('button', { name: 'Make an app password' }));
    const shown = await screen.findByRole('status');
    expect(shown).toHaveTextContent('abcde-fghij-kmnpq-rs1tu');
    await waitFor(() => expect(shown).toHaveFocus());
    const list = await screen.findByRole('list', { name: 'Your app passwords' });
    expect(list).toHaveTextContent('KOReader on my Kobo');
    expect(list).not.toHaveTextContent('abcde-fghij');

    await user.click(screen.getByRole('button', { name: 'Revoke KOReader on my Kobo' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Your app passwords' })).not.toBeInTheDocument());
    expect(screen.queryByText(/abcde-fghij/)).not.toBeInTheDocument();
  });
});
