import Cookies from 'js-cookie';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { openIssue } from '@/services/reader';
import { readerCodeBody } from '../../shared/reader-code-body';

const now = Math.floor(Date.now() / 1000);
const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();
const member = { userId: 7, libraryId: 1001, membershipEnds: now + 86_400 };
const lapsed = { ...member, membershipEnds: now - 60 };

const library = (libId: number, expiry: string) => ({ libId, libname: `Library ${libId}`, expiry, exclude_cat: '0', ageRate: 0 });

let codeRequests: Array<{ query: string; body: Record<string, unknown> }> = [];
let libList: Array<ReturnType<typeof library>> = [];
let verifications: Array<Record<string, unknown>> = [];
let validations: Array<Record<string, unknown>> = [];
const server = setupServer(
  mswHttp.post('*/api/user/genCode', async ({ request }) => {
    codeRequests.push({ query: new URL(request.url).search, body: (await request.json()) as Record<string, unknown> });
    return HttpResponse.json({ status: 'success', code: 'code xyz', expiresAt: future });
  }),
  mswHttp.post('*/api/user/verifyLibrary', async ({ request }) => {
    verifications.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ status: 'Success', libList, firstname: '', lastname: '', uploadedId: '', fav_lud: '', bk_lud: '', isNewspaper: 1, isJournal: 1 });
  }),
  mswHttp.post('*/api/user/validateuser', async ({ request }) => {
    const body = (await request.json()) as { libid?: number };
    validations.push(body);
    const current = libList.find((entry) => entry.libId === body.libid) ?? libList[0];
    return HttpResponse.json({
      status: 'Success',
      message: 'Success',
      libid: current.libId,
      libname: current.libname,
      enddate: current.expiry,
      jwtoken: `token-for-${current.libId}`,
      fname: 'Asha',
      lname: 'Verma',
      uploadedID: '',
      uid: 7,
      uuid: 'u-7',
      email: '',
      mobile: '',
      usertype: 'member',
      isNewspaper: 1,
      isJournal: 1,
      isMycontent: 0,
      ageRate: 0,
      hasPassword: true,
      libraryDetails: null,
      userlibdet: [],
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  codeRequests = [];
  libList = [];
  verifications = [];
  validations = [];
  window.localStorage.clear();
  Cookies.remove('ageRating');
  Cookies.remove('libraryId');
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

/** A window whose new tab is `tab` (null: blocked), with a clock the test moves by hand. */
function browser(tab: { opener?: unknown; closed: boolean } | null) {
  let timers: Array<{ at: number; run: () => void }> = [];
  let clock = 0;
  const open = jest.fn<Window | null, [string, string]>(() => tab as Window | null);
  const assign = jest.fn<void, [string]>();
  const target = {
    open,
    setTimeout: (run: () => void, ms = 0) => timers.push({ at: clock + ms, run }),
    location: { assign },
  } as unknown as Window;
  const elapse = (ms: number) => {
    clock += ms;
    const due = timers.filter((timer) => timer.at <= clock);
    timers = timers.filter((timer) => timer.at > clock);
    due.forEach((timer) => timer.run());
  };
  return { target, open, assign, elapse };
}

describe('openIssue: the reader code call (SPEC §7)', () => {
  it('posts genCode?isLib=1 with exactly the spec’s fields, for the member and the library they read through', async () => {
    const { target } = browser({ closed: false });
    await openIssue({ issueId: 100001, page: 3, member }, target);
    expect(codeRequests).toEqual([{ query: '?isLib=1', body: readerCodeBody(7, 1001, 100001) }]);
  });

  it('sends the age rating cookie, and 5 when it is 0', async () => {
    Cookies.set('ageRating', '4');
    await openIssue({ issueId: 100001, member }, browser({ closed: false }).target);
    Cookies.set('ageRating', '0');
    await openIssue({ issueId: 100001, member }, browser({ closed: false }).target);
    expect(codeRequests.map((request) => request.body.ageRating)).toEqual([4, 5]);
  });

  it('asks the library nothing while the membership runs', async () => {
    await openIssue({ issueId: 100001, member }, browser({ closed: false }).target);
    expect(verifications).toEqual([]);
    expect(validations).toEqual([]);
  });
});

describe('openIssue: the reader address and tab (SPEC §2, §8)', () => {
  it('opens /reader/{code}/{issue}?isLib=1#page/{n} in a new tab that has no handle on this page', async () => {
    const tab = { opener: {}, closed: false };
    const { target, open, assign, elapse } = browser(tab);
    const outcome = await openIssue({ issueId: 100001, page: 12, member }, target);
    expect(open).toHaveBeenCalledWith('/reader/code%20xyz/100001?isLib=1#page/12', '_blank');
    expect(outcome).toEqual({ kind: 'opened', url: '/reader/code%20xyz/100001?isLib=1#page/12' });
    expect(tab.opener).toBeNull();
    elapse(1_000);
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves the page fragment out when no page is known', async () => {
    const { target, open } = browser({ closed: false });
    await openIssue({ issueId: 100001, page: null, member }, target);
    await openIssue({ issueId: 100002, member }, target);
    expect(open.mock.calls.map(([url]) => url)).toEqual(['/reader/code%20xyz/100001?isLib=1', '/reader/code%20xyz/100002?isLib=1']);
  });

  it('navigates this tab to the reader 100 ms later when the new tab is blocked', async () => {
    const { target, assign, elapse } = browser(null);
    await openIssue({ issueId: 100001, page: 3, member }, target);
    elapse(99);
    expect(assign).not.toHaveBeenCalled();
    elapse(1);
    expect(assign).toHaveBeenCalledWith('/reader/code%20xyz/100001?isLib=1#page/3');
  });

  it('also when the blocker closes the tab it handed back', async () => {
    const { target, assign, elapse } = browser({ closed: true });
    await openIssue({ issueId: 100001, member }, target);
    elapse(100);
    expect(assign).toHaveBeenCalledWith('/reader/code%20xyz/100001?isLib=1');
  });
});

describe('openIssue: a membership whose end has passed (SPEC §4)', () => {
  it('is expired when the library verification says so: no code is asked for and nothing opens', async () => {
    libList = [library(1001, past)];
    const { target, open, assign, elapse } = browser({ closed: false });
    await expect(openIssue({ issueId: 100001, member: lapsed }, target)).resolves.toEqual({ kind: 'expired' });
    expect(verifications).toEqual([expect.objectContaining({ uid: 7, os: 'web' })]);
    expect(codeRequests).toEqual([]);
    elapse(1_000);
    expect(open).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('is expired when the user service refuses the code because the subscription has expired', async () => {
    server.use(mswHttp.post('*/api/user/genCode', () => HttpResponse.json({ status: 403, message: 'Your subscription has expired' }, { status: 403 })));
    const { target, open } = browser({ closed: false });
    await expect(openIssue({ issueId: 100001, member }, target)).resolves.toEqual({ kind: 'expired' });
    expect(open).not.toHaveBeenCalled();
  });

  it('refreshes the session and opens the reader when the membership was renewed', async () => {
    libList = [library(1001, future)];
    const { target, open } = browser({ closed: false });
    await expect(openIssue({ issueId: 100001, page: 2, member: lapsed }, target)).resolves.toEqual({ kind: 'opened', url: '/reader/code%20xyz/100001?isLib=1#page/2' });
    expect(validations).toEqual([{ libid: 1001 }]);
    expect(window.localStorage.getItem('userToken')).toBe('token-for-1001');
    expect(Number(window.localStorage.getItem('expiration'))).toBeGreaterThan(now);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('sends a member with no library left to validate-user type 1', async () => {
    libList = [];
    const { target, open } = browser({ closed: false });
    await expect(openIssue({ issueId: 100001, member: lapsed }, target)).resolves.toEqual({ kind: 'redirect', to: '/validate-user?type=1' });
    expect(codeRequests).toEqual([]);
    expect(open).not.toHaveBeenCalled();
  });

  it('sends a member who now reads through another library home, with that library’s session', async () => {
    libList = [library(2766, future)];
    const { target, open } = browser({ closed: false });
    await expect(openIssue({ issueId: 100001, member: lapsed }, target)).resolves.toEqual({ kind: 'redirect', to: '/' });
    expect(validations).toEqual([{ libid: 2766 }]);
    expect(Cookies.get('libraryId')).toBe('2766');
    expect(codeRequests).toEqual([]);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('openIssue: other failures', () => {
  it('sends a member whose session has gone to /login', async () => {
    server.use(mswHttp.post('*/api/user/genCode', () => HttpResponse.json({ status: 401, message: 'Sign in first' }, { status: 401 })));
    await expect(openIssue({ issueId: 100001, member }, browser({ closed: false }).target)).resolves.toEqual({ kind: 'redirect', to: '/login' });
  });

  it('fails, opening nothing, when the call fails otherwise or answers no code', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { target, open, assign, elapse } = browser(null);
    server.use(mswHttp.post('*/api/user/genCode', () => HttpResponse.error()));
    await expect(openIssue({ issueId: 100001, member }, target)).resolves.toEqual({ kind: 'failed' });
    server.use(mswHttp.post('*/api/user/genCode', () => HttpResponse.json({ status: 'success', code: '' })));
    await expect(openIssue({ issueId: 100001, member }, target)).resolves.toEqual({ kind: 'failed' });
    elapse(1_000);
    expect(open).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(2);
  });
});
