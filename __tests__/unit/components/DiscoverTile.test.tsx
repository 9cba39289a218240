import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DiscoverTile } from '@/components/search/DiscoverTile';
import type { DiscoverIssue } from '@/lib/search-results';
import { signedInAnswer } from '../../shared/signed-in-answer';
import { renderWithTheme } from './render';

const issue: DiscoverIssue = {
  imgPath: 'covers/100020',
  magName: 'National Geographic Traveller',
  issueName: 'November 2026',
  issueId: 100020,
  pages: [
    { page: 4, _highLight: 'Your photographs of a <em>quokka</em> grinning' },
    { page: 9, _highLight: 'Another <em>quokka</em> story &amp; more' },
    { page: 11, _highLight: 'A <em>quokka</em> map' },
    { page: 15, _highLight: 'The last <em>quokka</em>' },
  ],
  fin: 5,
};

const sessionFields = (enddate: string) => ({ status: 'Success', message: 'Success', ...signedInAnswer({ enddate, jwtoken: 'token-abc' }) });

let codeRequests: Record<string, unknown>[] = [];
let verifications = 0;
let renewedUntil: string | null = null;
const membershipEnd = () => renewedUntil ?? new Date(Date.now() - 86_400_000).toISOString();
const server = setupServer(
  mswHttp.post('*/api/user/genCode', async ({ request }) => {
    expect(new URL(request.url).searchParams.get('isLib')).toBe('1');
    codeRequests.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ status: 'success', code: 'c0de', expiresAt: new Date(Date.now() + 60_000).toISOString() });
  }),
  mswHttp.post('*/api/user/verifyLibrary', () => {
    verifications += 1;
    const libList = [{ libId: 1001, libname: 'Riverside Public Library', expiry: membershipEnd(), exclude_cat: '0', ageRate: 0 }];
    return HttpResponse.json({ status: 'Success', libList, firstname: 'Asha', lastname: 'Verma', uploadedId: '', fav_lud: '', bk_lud: '', isNewspaper: 1, isJournal: 1 });
  }),
  mswHttp.post('*/api/user/validateuser', () => HttpResponse.json(sessionFields(membershipEnd()))),
);

let opened: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  codeRequests = [];
  verifications = 0;
  renewedUntil = null;
  opened = [];
  window.localStorage.clear();
  window.localStorage.setItem('expiration', String(Math.floor(Date.now() / 1000) + 86_400));
  window.localStorage.setItem('userDetails', JSON.stringify({ uid: 1 }));
  Cookies.set('libraryId', '1001');
  Cookies.set('ageRating', '0');
  jest.spyOn(window, 'open').mockImplementation((url) => {
    opened.push(String(url));
    return { opener: window } as unknown as Window;
  });
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => server.close());

describe('discover tile (SPEC §3, §4)', () => {
  it('shows the magazine, the issue, the cover and the first three matching page numbers, with More above three', () => {
    renderWithTheme(<DiscoverTile issue={issue} moreHref="/search?q=quokka&issueId=100020" />);
    const tile = screen.getByRole('article');
    expect(within(tile).getByRole('heading', { name: 'National Geographic Traveller' })).toBeInTheDocument();
    expect(within(tile).getByText('November 2026')).toBeInTheDocument();
    expect(within(tile).getByText('Found on 5 pages')).toBeInTheDocument();
    expect(within(tile).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['4', '9', '11']);
    expect(within(tile).getByRole('link', { name: 'More pages of National Geographic Traveller, November 2026' })).toHaveAttribute('href', '/search?q=quokka&issueId=100020');
    expect(tile.querySelector('img')).toHaveAttribute('src', '/media/covers/100020/view/1.jpg');
  });

  it('has no More link with three pages or fewer', () => {
    renderWithTheme(<DiscoverTile issue={{ ...issue, pages: issue.pages.slice(0, 3), fin: 3 }} moreHref="/search?q=quokka&issueId=100020" />);
    expect(screen.queryByRole('link', { name: /More pages/ })).not.toBeInTheDocument();
  });

  it('shows the highlighted text of the page number chosen', async () => {
    renderWithTheme(<DiscoverTile issue={issue} />);
    const excerpt = () => screen.getByText((_, el) => el?.tagName === 'P' && /quokka/.test(el.textContent ?? '') && el.querySelector('mark') !== null);
    expect(excerpt()).toHaveTextContent('Your photographs of a quokka grinning');
    await userEvent.click(screen.getByRole('button', { name: 'Page 9' }));
    expect(screen.getByRole('button', { name: 'Page 9' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-pressed', 'false');
    expect(excerpt()).toHaveTextContent('Another quokka story & more');
    expect(within(excerpt()).getByText('quokka').tagName).toBe('MARK');
  });

  it("'Read More' asks for a reader code and opens /reader/{code}/{issue}?isLib=1#page/{n} in a new tab", async () => {
    renderWithTheme(<DiscoverTile issue={issue} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 11' }));
    await userEvent.click(screen.getByRole('button', { name: /^Read More/ }));
    await waitFor(() => expect(opened).toEqual(['/reader/c0de/100020?isLib=1#page/11']));
    expect(codeRequests).toEqual([
      // The member as this browser stored them: the overlay has no page props naming them.
      expect.objectContaining({ user_id: 1, issue: 100020, lib_id: 1001, ageRating: 5, 'Is Gold': 1 }),
    ]);
    expect(verifications).toBe(0);
  });

  it('opened from a search, the reader address carries the words searched for, so the reader marks them', async () => {
    renderWithTheme(<DiscoverTile issue={issue} words="quokka grin" />);
    await userEvent.click(screen.getByRole('button', { name: 'Read National Geographic Traveller, November 2026, page 4' }));
    await waitFor(() => expect(opened).toEqual(['/reader/c0de/100020?isLib=1&hl=quokka%20grin#page/4']));
  });

  it('the cover opens the issue at the page shown', async () => {
    renderWithTheme(<DiscoverTile issue={issue} />);
    await userEvent.click(screen.getByRole('button', { name: 'Read National Geographic Traveller, November 2026, page 4' }));
    await waitFor(() => expect(opened).toEqual(['/reader/c0de/100020?isLib=1#page/4']));
  });

  it('checks the library again when the membership has ended, and shows the expired popup when it has', async () => {
    window.localStorage.setItem('expiration', String(Math.floor(Date.now() / 1000) - 60));
    renderWithTheme(<DiscoverTile issue={issue} />);
    await userEvent.click(screen.getByRole('button', { name: /^Read More/ }));
    const popup = await screen.findByRole('alertdialog', { name: 'Oops! Your subscription has expired' });
    expect(popup).toHaveTextContent('Please contact your organization to indulge in unlimited reading of magazines, newspapers and journals again.');
    expect(verifications).toBe(1);
    expect(codeRequests).toEqual([]);
    expect(opened).toEqual([]);
    await userEvent.click(within(popup).getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('opens the issue when the library says the membership was renewed', async () => {
    window.localStorage.setItem('expiration', String(Math.floor(Date.now() / 1000) - 60));
    renewedUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
    renderWithTheme(<DiscoverTile issue={issue} />);
    await userEvent.click(screen.getByRole('button', { name: /^Read More/ }));
    await waitFor(() => expect(opened).toEqual(['/reader/c0de/100020?isLib=1#page/4']));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
