import Cookies from 'js-cookie';
import { STORAGE } from '@/lib/cookies';
import { finishSignIn, nextPathFor, nextPathForStoredSession, storeName } from '@/lib/sign-in-steps';
import { accessCheckDue, storedUser } from '@/lib/browser-storage';
import { signedInAnswer } from '../../shared/signed-in-answer';

const NOW = new Date('2026-06-01T12:00:00Z');

beforeEach(() => {
  window.localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('where a person goes after signing in', () => {
  it('goes home when nothing else is remembered', () => {
    expect(nextPathFor(signedInAnswer(), null, NOW)).toBe('/');
  });

  it('goes back to the page cb remembers, then forgets it', () => {
    Cookies.set('cb', '/magazines/BS/en?page=2', { path: '/' });
    expect(nextPathFor(signedInAnswer(), null, NOW)).toBe('/magazines/BS/en?page=2');
    expect(Cookies.get('cb')).toBeUndefined();
  });

  it.each(['//evil.example', '/\\evil.example', 'https:evil.example', '%2F%2Fevil.example', 'https://evil.example/'])('never follows an off-site cb (%s)', (value) => {
    Cookies.set('cb', value, { path: '/' });
    expect(nextPathFor(signedInAnswer(), null, NOW)).toBe('/');
  });

  it('prefers the place a partner link names, if it is on this site', () => {
    Cookies.set('cb', '/journals', { path: '/' });
    expect(nextPathFor(signedInAnswer(), '/magazine/12/34', NOW)).toBe('/magazine/12/34');
    expect(nextPathFor(signedInAnswer(), '//evil.example', NOW)).toBe('/journals');
  });

  it('asks a new member for a name first, then applies the gate (no library: type 1, expired: type 2)', () => {
    expect(nextPathFor(signedInAnswer({ fname: '' }), null, NOW)).toBe('/update/fullName');
    expect(nextPathFor(signedInAnswer({ libid: 0, enddate: '' }), null, NOW)).toBe('/validate-user?type=1');
    expect(nextPathFor(signedInAnswer({ enddate: '2026-01-31T23:59:59Z' }), null, NOW)).toBe('/validate-user?type=2');
  });

  it('stores the answer as SPEC §3 lists and starts the access-check clock', () => {
    const next = finishSignIn(signedInAnswer(), null, NOW);
    expect(next).toBe('/');
    expect(window.localStorage.getItem(STORAGE.userToken)).toBe('jwt-1');
    expect(storedUser()).toMatchObject({ firstName: 'Asha', libid: 1001, uid: 1 });
    expect(Cookies.get('isLoggedIn')).toBe('1');
    expect(Cookies.get('libraryId')).toBe('1001');
    expect(accessCheckDue(NOW.getTime() + 1000)).toBe(false);
  });

  it('after the name is given, carries on from the stored session', () => {
    finishSignIn(signedInAnswer({ fname: '' }), null, NOW);
    expect(nextPathForStoredSession(null, NOW)).toBe('/update/fullName');
    storeName('Mina', 'Park');
    expect(nextPathForStoredSession(null, NOW)).toBe('/');
  });
});
