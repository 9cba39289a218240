import { callbackCookieFor, decideGate } from '@/lib/gate';
import { isOpenRoute, OPEN_ROUTE_PATTERNS, safeSameSitePath } from '@/lib/routes';

const NOW = 1_800_000_000;
const active = { libraryId: '1001', expiresAt: NOW + 3600 };

describe('session gate (SPEC §4 rules 1 to 3, in order)', () => {
  it('rule 1: sends a visitor with no user to /login on a route that is not open', () => {
    expect(decideGate('/', null, NOW)).toEqual({ action: 'redirect', to: '/login', reason: 'no-session' });
    expect(decideGate('/magazines/BS/en', null, NOW)).toMatchObject({ to: '/login' });
  });

  it('rule 2: sends a user whose library id is 0 to /validate-user?type=1', () => {
    expect(decideGate('/', { libraryId: '0', expiresAt: NOW + 3600 }, NOW)).toEqual({
      action: 'redirect',
      to: '/validate-user?type=1',
      reason: 'no-library',
    });
  });

  it('rule 3: sends a member whose membership has ended to /validate-user?type=2', () => {
    expect(decideGate('/', { libraryId: '1001', expiresAt: NOW - 1 }, NOW)).toEqual({
      action: 'redirect',
      to: '/validate-user?type=2',
      reason: 'expired',
    });
    expect(decideGate('/', { libraryId: '1001', expiresAt: NOW }, NOW)).toMatchObject({ to: '/validate-user?type=2' });
  });

  it('applies rule 2 before rule 3: no library and expired goes to type 1', () => {
    expect(decideGate('/', { libraryId: '0', expiresAt: NOW - 100 }, NOW)).toMatchObject({ to: '/validate-user?type=1' });
  });

  it('lets an active member through', () => {
    expect(decideGate('/magazines/BS/en', active, NOW)).toEqual({ action: 'allow' });
  });

  it('never redirects on an open route, whoever asks', () => {
    for (const session of [null, { libraryId: '0', expiresAt: 0 }, { libraryId: '1001', expiresAt: NOW - 5 }]) {
      expect(decideGate('/login', session, NOW)).toEqual({ action: 'allow' });
      expect(decideGate('/validate-user?type=2', session, NOW)).toEqual({ action: 'allow' });
    }
  });
});

describe('open routes (SPEC §2)', () => {
  const concrete: Record<string, string> = {
    ':param': 'partner-x',
    ':mid': '1234',
    ':issueId': '100001',
    ':catId': '21',
    ':magLang': 'en',
    ':langCode': 'hi',
  };
  it.each(OPEN_ROUTE_PATTERNS.map((pattern) => [pattern]))('%s is open', (pattern) => {
    const path = pattern.replace(/:[A-Za-z]+/g, (name) => concrete[name] ?? 'x');
    expect(isOpenRoute(path)).toBe(true);
    expect(isOpenRoute(`${path}?a=1`)).toBe(true);
  });

  it('lists every open route of the spec', () => {
    expect(OPEN_ROUTE_PATTERNS).toHaveLength(40);
  });

  it.each(['/', '/dashboard', '/dashboard/myAccount', '/magazines/BS/en', '/magazine/1001', '/stories/category/Cover-Stories/sec_60', '/search', '/journals', '/login/thankyou', '/loginx', '/q/temp/other', '/infosys', '/login/thirdparty'])(
    '%s is not open',
    (path) => {
      expect(isOpenRoute(path)).toBe(false);
    },
  );
});

describe('callback cookies', () => {
  it('remembers open routes in callbackUrl and other routes in cb, never login or validate paths', () => {
    expect(callbackCookieFor('/q/temp/magazine/1001')).toBe('callbackUrl');
    expect(callbackCookieFor('/faq')).toBe('callbackUrl');
    expect(callbackCookieFor('/magazines/BS/en')).toBe('cb');
    expect(callbackCookieFor('/')).toBe('cb');
    expect(callbackCookieFor('/login')).toBeNull();
    expect(callbackCookieFor('/login/email')).toBeNull();
    expect(callbackCookieFor('/validate-user')).toBeNull();
  });
});

describe('same-site paths for callbackUrl and cb', () => {
  it.each(['//evil.example', '/\\evil.example', 'https:evil.example', 'https://evil.example/x', '%2F%2Fevil.example', '/%2F/evil.example', '/%5Cevil.example', 'javascript:alert(1)', '\\\\evil', ' //evil', '/\tevil', ''])(
    'refuses %p',
    (value) => {
      expect(safeSameSitePath(value)).toBeNull();
    },
  );

  it('keeps a same-site path with its query', () => {
    expect(safeSameSitePath('/magazine/1001?x=1')).toBe('/magazine/1001?x=1');
    expect(safeSameSitePath('/')).toBe('/');
  });
});
