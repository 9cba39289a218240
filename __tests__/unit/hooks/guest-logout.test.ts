import Cookies from 'js-cookie';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { STORAGE } from '@/lib/cookies';
import { signInAsGuest } from '@/hooks/guest-sign-in';
import { logout } from '@/hooks/logout';
import { clearSession, pathAfterLogout } from '@/lib/stored-session';
import { signedInAnswer } from '../../shared/signed-in-answer';

const base = {
  message: 'Success',
  ...signedInAnswer({ fname: 'Guest', lname: '', uid: 7, uuid: 'u-7', email: '', usertype: 'guest', hasPassword: false, jwtoken: 'token-abc' }),
};
const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

let verifyCalls = 0;
let loginAnswer: Record<string, unknown> = {};
let logoutCalls = 0;
const server = setupServer(
  mswHttp.post('*/api/user/loginAsGuest', () => HttpResponse.json(loginAnswer)),
  mswHttp.post('*/api/user/verifyLibrary', () => {
    verifyCalls += 1;
    return HttpResponse.json({ status: 'Success', libList: [{ libId: Number(loginAnswer.libid), libname: 'L', expiry: future, exclude_cat: '0', ageRate: 0 }] });
  }),
  mswHttp.post('*/api/user/logout', () => {
    logoutCalls += 1;
    return HttpResponse.json({ status: 'success' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  verifyCalls = 0;
  logoutCalls = 0;
  window.localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});
afterAll(() => server.close());

describe('guest sign-in (SPEC §4)', () => {
  it('creates a unique id once, keeps it, and flags the visitor as a guest', async () => {
    loginAnswer = { status: 0, message: 'off' };
    await signInAsGuest();
    const id = window.localStorage.getItem(STORAGE.guestId);
    expect(id).toMatch(/^web-/);
    await signInAsGuest();
    expect(window.localStorage.getItem(STORAGE.guestId)).toBe(id);
    expect(window.localStorage.getItem(STORAGE.isGuest)).toBe('1');
  });

  it('does nothing when the server answers status 0', async () => {
    loginAnswer = { status: 0, message: 'Guest access is not available for this library' };
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'nothing' });
    expect(window.localStorage.getItem(STORAGE.userToken)).toBeNull();
    expect(Cookies.get('isLoggedIn')).toBeUndefined();
  });

  it('stores the session and goes to validate-user type 1 when libid is 0', async () => {
    loginAnswer = { ...base, status: 1, libid: 0, enddate: '' };
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/validate-user?type=1' });
    expect(window.localStorage.getItem(STORAGE.userToken)).toBe('token-abc');
    expect(verifyCalls).toBe(0);
  });

  it('goes to validate-user type 2 when the end date has passed', async () => {
    loginAnswer = { ...base, status: 1, libid: 1001, enddate: past };
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/validate-user?type=2' });
    expect(verifyCalls).toBe(0);
  });

  it('verifies the library list and goes home on the happy path, storing the spec’s values', async () => {
    loginAnswer = { ...base, status: 1, libid: 1001, enddate: future };
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/' });
    expect(verifyCalls).toBe(1);
    expect(Cookies.get('isLoggedIn')).toBe('1');
    expect(Cookies.get('libraryId')).toBe('1001');
    expect(Cookies.get('ageRate')).toBe('6');
    expect(JSON.parse(window.localStorage.getItem(STORAGE.userDetails)!)).toMatchObject({ firstName: 'Guest', libid: 1001, uid: 7 });
    expect(Number(window.localStorage.getItem(STORAGE.expiration))).toBe(Math.floor(Date.parse(future) / 1000));
  });

  it('brings a guest back to the story the gate sent them away from (cb), once; any other cb still goes home', async () => {
    loginAnswer = { ...base, status: 1, libid: 1001, enddate: future };
    Cookies.set('cb', '/stories/travel/wanderlust/100001/ten-islands?lang=hi');
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/stories/travel/wanderlust/100001/ten-islands?lang=hi' });
    expect(Cookies.get('cb')).toBeUndefined();
    Cookies.set('cb', '/stories/details?articleUrl=%2Fstories%2Fx');
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/stories/details?articleUrl=%2Fstories%2Fx' });
    for (const elsewhere of ['/magazines/BS/en', '/stories/category/Cover-Stories/sec_60', '//evil.example/stories/x']) {
      Cookies.set('cb', elsewhere);
      await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('sends a library 2766 guest to the stored callback address, never off-site', async () => {
    // The server's answer names the library's setting (the seed sets it on 2766).
    loginAnswer = { ...base, status: 1, libid: 2766, enddate: future, libraryDetails: { libId: 2766, libName: 'Harbour City Library', callbackAfterGuest: true } };
    Cookies.set('callbackUrl', '/q/temp/magazine/1001');
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/q/temp/magazine/1001' });
    Cookies.set('callbackUrl', '//evil.example/steal');
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/' });
  });

  it('follows the library’s setting, not its id: another library with it goes back, 2766 without it goes home', async () => {
    Cookies.set('callbackUrl', '/q/temp/magazine/1001');
    loginAnswer = { ...base, status: 1, libid: 5001, enddate: future, libraryDetails: { libId: 5001, libName: 'New', callbackAfterGuest: true } };
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/q/temp/magazine/1001' });
    loginAnswer = { ...base, status: 1, libid: 2766, enddate: future, libraryDetails: { libId: 2766, libName: 'Harbour City Library', callbackAfterGuest: false } };
    await expect(signInAsGuest()).resolves.toEqual({ kind: 'redirect', to: '/' });
  });
});

describe('logout (SPEC §2)', () => {
  it('goes to /login from a dashboard path and stays on any other path', () => {
    expect(pathAfterLogout('/dashboard')).toBe('/login');
    expect(pathAfterLogout('/dashboard/myFavorites')).toBe('/login');
    expect(pathAfterLogout('/magazine/1001')).toBe('/magazine/1001');
    expect(pathAfterLogout('/faq')).toBe('/faq');
  });

  it('revokes the token on the server, then clears stored user data, token, favourites and filters', async () => {
    window.localStorage.setItem(STORAGE.userToken, 't');
    window.localStorage.setItem(STORAGE.userDetails, '{}');
    window.localStorage.setItem(STORAGE.favourites, '[1]');
    window.localStorage.setItem(STORAGE.filters, '{}');
    window.localStorage.setItem(STORAGE.guestId, 'web-keep');
    Cookies.set('isLoggedIn', '1');
    Cookies.set('libraryId', '1001');
    await expect(logout('/dashboard/myAccount')).resolves.toBe('/login');
    expect(logoutCalls).toBe(1);
    for (const key of [STORAGE.userToken, STORAGE.userDetails, STORAGE.favourites, STORAGE.filters]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    // The browser's guest id is not user data: a guest coming back is the same guest.
    expect(window.localStorage.getItem(STORAGE.guestId)).toBe('web-keep');
    expect(Cookies.get('isLoggedIn')).toBe('0');
    expect(Cookies.get('libraryId')).toBeUndefined();
  });

  it('clears the session even when the server cannot be reached', async () => {
    server.use(mswHttp.post('*/api/user/logout', () => HttpResponse.error()));
    window.localStorage.setItem(STORAGE.userToken, 't');
    await expect(logout('/')).resolves.toBe('/');
    expect(window.localStorage.getItem(STORAGE.userToken)).toBeNull();
    clearSession();
  });
});
