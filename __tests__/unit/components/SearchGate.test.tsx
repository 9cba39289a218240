import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { SiteShell } from '@/components/shell/SiteShell';
import { renderWithTheme } from './render';

const push = jest.fn(() => Promise.resolve(true));
const events = { on: jest.fn(), off: jest.fn() };
jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/', pathname: '/', push, replace: push, events }) }));

const server = setupServer(
  mswHttp.get('*/api/catalogue/magazine-libaray', () =>
    HttpResponse.json({ status: 'success', query: '', popularCat: [], popularLang: [], magazineList: [], journalList: [], magazines: { hits: [], nbHits: 0, nbPages: 0, page: 0 } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  push.mockClear();
  window.localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});
afterAll(() => server.close());

function session({ libraryId = '1001', isLoggedIn = '1', expiresIn = 3600, isNewspaper = '1', isJournal = '0' } = {}) {
  Cookies.set('libraryId', libraryId);
  Cookies.set('isLoggedIn', isLoggedIn);
  Cookies.set('isNewspaper', isNewspaper);
  Cookies.set('isJournal', isJournal);
  window.localStorage.setItem('expiration', String(Math.floor(Date.now() / 1000) + expiresIn));
}

function renderShell() {
  renderWithTheme(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SiteShell shell={{ signedIn: true, userName: 'Asha Verma', library: null, hasPassword: true, offers: { newspapers: true, journals: true } }}>
        <p>Page</p>
      </SiteShell>
    </SWRConfig>,
  );
}

describe('the header search button (SPEC §4 gate)', () => {
  it('opens the overlay for a signed-in member with a library and an unexpired session, placeholder as enabled', async () => {
    session();
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', 'Search Magazines, newspapers');
    expect(push).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
  });

  it.each([
    ['isLoggedIn is not 1', { isLoggedIn: '0' }, '/login'],
    ['the library id is 0', { libraryId: '0' }, '/validate-user?type=1'],
    ['the session has expired', { expiresIn: -60 }, '/validate-user?type=2'],
  ])('does not open when %s, and goes where the gate sends the visitor', async (_, state, to) => {
    session(state);
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
    expect(push).toHaveBeenCalledWith(to);
  });
});
