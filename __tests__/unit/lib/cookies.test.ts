import { COOKIE_MAX_AGE } from '@/lib/constants';
import { DAY_COOKIE_OPTIONS, SESSION_COOKIE_OPTIONS } from '@/lib/stored-session';

describe('cookie lifetimes (SPEC §9)', () => {
  it('keeps session cookies 365 days', () => {
    expect(COOKIE_MAX_AGE.session).toBe(365 * 24 * 60 * 60);
    expect(SESSION_COOKIE_OPTIONS.expires).toBe(365);
  });

  it('keeps the access check and callback cookies 24 hours', () => {
    expect(COOKIE_MAX_AGE.accessCheck).toBe(24 * 60 * 60);
    expect(COOKIE_MAX_AGE.callback).toBe(24 * 60 * 60);
    expect(DAY_COOKIE_OPTIONS.expires).toBe(1);
  });
});
