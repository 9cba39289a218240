import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ReadButton } from '@/components/catalogue/ReadButton';
import type { ReaderAccess } from '@/lib/catalogue-screens';
import { renderWithTheme } from './render';

const push = jest.fn(async () => true);
jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/magazine/1001/100001', push }) }));

const now = Math.floor(Date.now() / 1000);
const member: ReaderAccess = { signedIn: true, userId: 7, libraryId: 1001, membershipEnds: now + 86_400, lastPage: 3 };
const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

let genCodeBody: Record<string, unknown> | null = null;
let genCodeQuery = '';
let libList: Array<Record<string, unknown>> = [];
let validateCalls = 0;
const server = setupServer(
  mswHttp.post('*/api/user/genCode', async ({ request }) => {
    genCodeQuery = new URL(request.url).search;
    genCodeBody = (await request.json()) as Record<string, unknown>;
    return HttpResponse.json({ status: 'success', code: 'code-xyz', expiresAt: future });
  }),
  mswHttp.post('*/api/user/verifyLibrary', () => HttpResponse.json({ status: 'Success', libList, firstname: '', lastname: '', uploadedId: '', fav_lud: '', bk_lud: '', isNewspaper: 1, isJournal: 1 })),
  mswHttp.post('*/api/user/validateuser', () => {
    validateCalls += 1;
    return HttpResponse.json({ status: 'Success', message: 'Success', libid: 1001, enddate: future, jwtoken: 'fresh', fname: 'A', lname: 'B', uploadedID: '', libname: 'L', uid: 7, uuid: 'u', email: '', mobile: '', usertype: 'member', isNewspaper: 1, isJournal: 1, isMycontent: 0, ageRate: 0, hasPassword: true, libraryDetails: null, userlibdet: [] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  genCodeBody = null;
  genCodeQuery = '';
  libList = [];
  validateCalls = 0;
  push.mockClear();
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

async function pressRead() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Read' })));
}

describe('Read (SPEC §2 reader, §7 reader code call)', () => {
  // The call itself (every field, the tab, the 100 ms fallback) is proven in __tests__/unit/services/reader.test.ts.
  it('asks for a reader code for this member, library and issue and opens the reader at the last page read', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue({ opener: {}, closed: false } as unknown as Window);
    renderWithTheme(<ReadButton access={member} issueId={100001} />);
    await pressRead();
    await waitFor(() => expect(open).toHaveBeenCalledWith('/reader/code-xyz/100001?isLib=1#page/3', '_blank'));
    expect(genCodeQuery).toBe('?isLib=1');
    expect(genCodeBody).toMatchObject({ user_id: 7, issue: 100001, lib_id: 1001, 'Is Gold': 1 });
    expect(screen.getByRole('button', { name: 'Read' })).toBeEnabled();
  });

  it('leaves the page number out when it is not known', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue({ closed: false } as Window);
    renderWithTheme(<ReadButton access={{ ...member, lastPage: null }} issueId={100001} />);
    await pressRead();
    await waitFor(() => expect(open).toHaveBeenCalledWith('/reader/code-xyz/100001?isLib=1', '_blank'));
  });

  it('verifies the library again when the membership end has passed: still expired goes to validate-user type 2, no popup', async () => {
    libList = [{ libId: 1001, libname: 'L', expiry: past, exclude_cat: '0', ageRate: 0 }];
    const open = jest.spyOn(window, 'open');
    renderWithTheme(<ReadButton access={{ ...member, membershipEnds: now - 60 }} issueId={100001} />);
    await pressRead();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/validate-user?type=2'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(genCodeBody).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it('verifies the library again when the membership end has passed: no library goes to validate-user type 1', async () => {
    libList = [];
    renderWithTheme(<ReadButton access={{ ...member, membershipEnds: now - 60 }} issueId={100001} />);
    await pressRead();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/validate-user?type=1'));
    expect(genCodeBody).toBeNull();
  });

  it('goes home when the member now reads through another library', async () => {
    libList = [{ libId: 2766, libname: 'Other', expiry: future, exclude_cat: '0', ageRate: 0 }];
    renderWithTheme(<ReadButton access={{ ...member, membershipEnds: now - 60 }} issueId={100001} />);
    await pressRead();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/'));
    expect(genCodeBody).toBeNull();
  });

  it('refreshes the session and opens the reader when the membership was renewed', async () => {
    libList = [{ libId: 1001, libname: 'L', expiry: future, exclude_cat: '0', ageRate: 0 }];
    const open = jest.spyOn(window, 'open').mockReturnValue({ closed: false } as Window);
    renderWithTheme(<ReadButton access={{ ...member, membershipEnds: now - 60 }} issueId={100001} />);
    await pressRead();
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(validateCalls).toBe(1);
    expect(window.localStorage.getItem('userToken')).toBe('fresh');
  });

  it('goes to validate-user type 2 when the server refuses the code because the subscription has expired', async () => {
    server.use(mswHttp.post('*/api/user/genCode', () => HttpResponse.json({ status: 403, message: 'Your subscription has expired' }, { status: 403 })));
    renderWithTheme(<ReadButton access={member} issueId={100001} />);
    await pressRead();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/validate-user?type=2'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says the issue could not be opened when the call fails otherwise', async () => {
    server.use(mswHttp.post('*/api/user/genCode', () => HttpResponse.error()));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithTheme(<ReadButton access={member} issueId={100001} />);
    await pressRead();
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t open this issue. Please try again.');
    expect(screen.getByRole('button', { name: 'Read' })).toBeEnabled();
  });

  it('sends a signed-in person without a library to validate-user type 1', async () => {
    renderWithTheme(<ReadButton access={{ signedIn: true, userId: 3, libraryId: 0, membershipEnds: 0, lastPage: null }} issueId={100001} />);
    await pressRead();
    expect(push).toHaveBeenCalledWith('/validate-user?type=1');
    expect(genCodeBody).toBeNull();
  });

  it('sends a visitor who is not signed in to /login', async () => {
    renderWithTheme(<ReadButton access={{ signedIn: false, userId: 0, libraryId: 0, membershipEnds: 0, lastPage: null }} issueId={100001} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in to read' })));
    expect(push).toHaveBeenCalledWith('/login');
    expect(genCodeBody).toBeNull();
  });
});
