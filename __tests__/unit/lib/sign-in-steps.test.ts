import Cookies from 'js-cookie';
import { STORAGE } from '@/lib/cookies';
import type { SessionFields } from '@/lib/wire';
import { finishSignIn, nextPathFor, nextPathForStoredSession, storeName } from '@/lib/sign-in-steps';
import { accessCheckDue, storedUser } from '@/lib/browser-storage';

const NOW = new Date('2026-06-01T12:00:00Z');
const future = '2027-12-31T23:59:59.000Z';

function answer(overrides: Partial<SessionFields> = {}): SessionFields {
  return {
    fname: 'Asha',
    lname: 'Verma',
    libid: 1001,
    enddate: future,
    uploadedID: '',
    libname: 'Riverside Public Library',
    uid: 1,
    uuid: 'u-1',
    email: 'reader@riverside.test',
    mobile: '',
    usertype: 'member',
    isNewspaper: 1,
    isJournal: 1,
    isMycontent: 0,
    fav_lud: '',
    bk_lud: '',
    clip_lud: '',
    ageRate: 0,
    hasPassword: true,
    libraryDetails: null,
    jwtoken: 'jwt-1',
    userlibdet: [],
    ...overrides,
  };
}

beforeEach(() => {
  window.localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('where a person goes after signing in', () => {
  it('goes home when nothing else is remembered', () => {
    expect(nextPathFor(answer(), null, NOW)).toBe('/');
  });

  it('goes back to the page cb remembers, then forgets it', () => {
    Cookies.set('cb', '/magazines/BS/en?page=2', { path: '/' });
    expect(nextPathFor(answer(), null, NOW)).toBe('/magazines/BS/en?page=2');
    expect(Cookies.get('cb')).toBeUndefined();
  });

  it.each(['//evil.example', '/\\evil.example', 'https:evil.example', '%2F%2Fevil.example', 'https://evil.example/'])('never follows an off-site cb (%s)', (value) => {
    Cookies.set('cb', value, { path: '/' });
    expect(nextPathFor(answer(), null, NOW)).toBe('/');
  });

  it('prefers the place a partner link names, if it is on this site', () => {
    Cookies.set('cb', '/journals', { path: '/' });
    expect(nextPathFor(answer(), '/magazine/12/34', NOW)).toBe('/magazine/12/34');
    expect(nextPathFor(answer(), '//evil.example', NOW)).toBe('/journals');
  });

  it('asks a new member for a name first, then applies the gate (no library: type 1, expired: type 2)', () => {
    expect(nextPathFor(answer({ fname: '' }), null, NOW)).toBe('/update/fullName');
    expect(nextPathFor(answer({ libid: 0, enddate: '' }), null, NOW)).toBe('/validate-user?type=1');
    expect(nextPathFor(answer({ enddate: '2026-01-31T23:59:59Z' }), null, NOW)).toBe('/validate-user?type=2');
  });

  it('stores the answer as SPEC §3 lists and starts the access-check clock', () => {
    const next = finishSignIn(answer(), null, NOW);
    expect(next).toBe('/');
    expect(window.localStorage.getItem(STORAGE.userToken)).toBe('jwt-1');
    expect(storedUser()).toMatchObject({ firstName: 'Asha', libid: 1001, uid: 1 });
    expect(Cookies.get('isLoggedIn')).toBe('1');
    expect(Cookies.get('libraryId')).toBe('1001');
    expect(accessCheckDue(NOW.getTime() + 1000)).toBe(false);
  });

  it('after the name is given, carries on from the stored session', () => {
    finishSignIn(answer({ fname: '' }), null, NOW);
    expect(nextPathForStoredSession(null, NOW)).toBe('/update/fullName');
    storeName('Mina', 'Park');
    expect(nextPathForStoredSession(null, NOW)).toBe('/');
  });
});
