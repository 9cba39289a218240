import { SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@/lib/session-token';
import { call, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app';
import { addMembership, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('isGuestLoginAvailable', () => {
  it('says yes for a library with guest access and no for one without', async () => {
    const open = await createLibrary(app.db, { guestAccess: true });
    const closed = await createLibrary(app.db, { guestAccess: false });
    const yes = await call(app, `/api/user/isGuestLoginAvailable?libid=${open.id}`);
    expect(yes.body).toMatchObject({ status: 1, isGuestLoginAvailable: true, libid: open.id });
    const no = await call(app, `/api/user/isGuestLoginAvailable?libid=${closed.id}`);
    expect(no.body).toMatchObject({ status: 0, isGuestLoginAvailable: false, libid: 0 });
  });
});

describe('loginAsGuest', () => {
  it('answers status 0 and sets no session when the library has no guest access', async () => {
    const closed = await createLibrary(app.db, { guestAccess: false });
    const res = await call(app, '/api/user/loginAsGuest', { body: { uniqId: 'guest-closed-0001', os: 'web', libid: closed.id } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(0);
    expect(res.body.jwtoken).toBeUndefined();
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('signs a new guest into the library with the spec’s fields, a token and an HttpOnly cookie', async () => {
    const library = await createLibrary(app.db, { guestAccess: true, guestDays: 30, name: 'Guest Library' });
    const res = await call(app, '/api/user/loginAsGuest', { body: { uniqId: 'guest-happy-0001', os: 'web', libid: library.id } });
    expect(res.body).toMatchObject({ status: 1, libid: library.id, libname: 'Guest Library', usertype: 'guest' });
    for (const field of ['fname', 'lname', 'enddate', 'uploadedID', 'uid', 'uuid', 'email', 'mobile', 'isNewspaper', 'isJournal', 'isMycontent', 'fav_lud', 'bk_lud', 'clip_lud', 'jwtoken', 'userlibdet']) {
      expect(res.body).toHaveProperty(field);
    }
    const ends = Date.parse(String(res.body.enddate));
    expect(ends).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(res.headers.get('set-cookie')).toMatch(/session=[^;]+; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly/);
    // The same browser id returns the same guest, not a new one.
    const again = await call(app, '/api/user/loginAsGuest', { body: { uniqId: 'guest-happy-0001', os: 'web', libid: library.id } });
    expect(again.body.uid).toBe(res.body.uid);
    expect(again.body.enddate).toBe(res.body.enddate);
  });

  // On PostgreSQL only (the TEST_DATABASE_URL pass): PGlite behind pglite-socket interleaves concurrent connections'
  // transactions (electric-sql/pglite#1046), which is no race of ours.
  (process.env.TEST_DATABASE_URL ? it : it.skip)('signs one browser in from several requests at once as one guest, never a 500 (two tabs, a retry)', async () => {
    const library = await createLibrary(app.db, { guestAccess: true, guestDays: 30 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(app, '/api/user/loginAsGuest', { body: { uniqId: 'guest-racing-0001', os: 'web', libid: library.id } })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((res) => res.body.uid)).size).toBe(1);
    expect(new Set(answers.map((res) => res.body.enddate)).size).toBe(1);
  });

  it('returns the past end date for a guest whose membership has expired, so the client sends them to type 2', async () => {
    const library = await createLibrary(app.db, { guestAccess: true });
    const guest = await createUser(app.db, { guestUid: 'guest-expired-0001', userType: 'guest', email: null });
    await addMembership(app.db, guest.id, library.id, inDays(-3));
    const res = await call(app, '/api/user/loginAsGuest', { body: { uniqId: 'guest-expired-0001', os: 'web', libid: library.id } });
    expect(res.body.status).toBe(1);
    expect(res.body.libid).toBe(library.id);
    expect(Date.parse(String(res.body.enddate))).toBeLessThan(Date.now());
  });

  it('answers 400 naming the field when uniqId is missing or malformed', async () => {
    const missing = await call(app, '/api/user/loginAsGuest', { body: { os: 'web' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ status: 400, field: 'uniqId' });
    expect(String(missing.body.message)).toMatch(/^uniqId/);
    const malformed = await call(app, '/api/user/loginAsGuest', { body: { uniqId: '<script>alert(1)</script>', os: 'web' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('uniqId');
    const notJson = await call(app, '/api/user/loginAsGuest', { body: '{"uniqId": ' });
    expect(notJson.status).toBe(400);
  });

  it('answers 405 with Allow for a GET', async () => {
    const res = await call(app, '/api/user/loginAsGuest');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await call(app, '/api/user/loginAsGuest', { body: { uniqId: 'guest-big-00001', os: 'web', pad: 'x'.repeat(100_000) } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 413 });
  });
});

describe('validateuser', () => {
  it('answers Success with the user’s libraries and a fresh token', async () => {
    const library = await createLibrary(app.db, { name: 'Member Library' });
    const user = await createUser(app.db, { firstName: 'Asha' });
    await addMembership(app.db, user.id, library.id, inDays(100));
    const token = await tokenFor(user, library.id, inDays(100));
    const res = await call(app, '/api/user/validateuser', { token, body: {} });
    expect(res.body).toMatchObject({ status: 'Success', fname: 'Asha', libid: library.id, libname: 'Member Library' });
    expect(res.body.userlibdet).toEqual([
      expect.objectContaining({ libId: library.id, libname: 'Member Library', exclude_cat: '0', ageRate: 0 }),
    ]);
    expect(typeof res.body.jwtoken).toBe('string');
  });

  it('answers a status other than Success, with a message, when the user no longer exists', async () => {
    const token = await tokenFor({ id: 987_654 }, 0, null);
    const res = await call(app, '/api/user/validateuser', { token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.status).not.toBe('Success');
    expect(res.body.message).toBe('User not found');
  });

  it('gives libid 0 to a user with no library', async () => {
    const user = await createUser(app.db);
    const token = await tokenFor(user, 0, null);
    const res = await call(app, '/api/user/validateuser', { token, body: {} });
    expect(res.body).toMatchObject({ status: 'Success', libid: 0, enddate: '', userlibdet: [] });
  });

  it('answers 401 without a token', async () => {
    const res = await call(app, '/api/user/validateuser', { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401 });
  });
});

describe('forged and expired tokens', () => {
  let user: { id: number };
  beforeAll(async () => {
    user = await createUser(app.db);
  });

  it('refuses a token signed with another key', async () => {
    const token = await tokenFor(user, 0, null, { secret: 'another-secret-that-is-also-long-enough-for-hs' });
    expect((await call(app, '/api/user/validateuser', { token, body: {} })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await tokenFor(user, 0, null, { lifetimeSeconds: -60 });
    expect((await call(app, '/api/user/validateuser', { token, body: {} })).status).toBe(401);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: String(user.id), libid: 0, jti: 'x', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 }),
    ).toString('base64url');
    expect((await call(app, '/api/user/validateuser', { token: `${header}.${payload}.`, body: {} })).status).toBe(401);
  });

  it('refuses a token with the right key but another issuer', async () => {
    const token = await new SignJWT({ libid: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti('jti-1')
      .setIssuer('someone-else')
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await call(app, '/api/user/validateuser', { token, body: {} })).status).toBe(401);
  });

  it('refuses a token after logout', async () => {
    const token = await tokenFor(user, 0, null);
    expect((await call(app, '/api/user/validateuser', { token, body: {} })).status).toBe(200);
    const out = await call(app, '/api/user/logout', { token, body: {} });
    expect(out.body).toMatchObject({ status: 'success' });
    expect((await call(app, '/api/user/validateuser', { token, body: {} })).status).toBe(401);
  });
});

describe('library verification and the access check (SPEC §4 outcomes)', () => {
  it('verifyLibrary lists the user’s libraries with the spec’s fields', async () => {
    const library = await createLibrary(app.db, { isNewspaper: 1, isJournal: 0 });
    const user = await createUser(app.db, { firstName: 'Ravi', lastName: 'K' });
    await addMembership(app.db, user.id, library.id, inDays(10));
    const token = await tokenFor(user, library.id, inDays(10));
    const res = await call(app, '/api/user/verifyLibrary', { token, body: { uid: user.id, os: 'web', udid: 'browser-1' } });
    expect(res.body).toMatchObject({ status: 'Success', firstname: 'Ravi', lastname: 'K', isNewspaper: 1, isJournal: 0 });
    expect(res.body).toHaveProperty('uploadedId');
    expect(res.body).toHaveProperty('fav_lud');
    expect(res.body).toHaveProperty('bk_lud');
    expect(res.body.libList).toEqual([expect.objectContaining({ libId: library.id })]);
    const details = await call(app, '/api/user/getUserLibDetails', { token, body: { uid: user.id } });
    expect(details.body.userlibdet).toEqual(res.body.libList);
  });

  it('refuses verification for another user’s uid with 403', async () => {
    const user = await createUser(app.db);
    const token = await tokenFor(user, 0, null);
    const res = await call(app, '/api/user/verifyLibrary', { token, body: { uid: user.id + 1000 } });
    expect(res.status).toBe(403);
  });

  it('access check: isNoLibrary when the user has no library', async () => {
    const user = await createUser(app.db);
    const token = await tokenFor(user, 0, null);
    const res = await call(app, '/api/user/libraryAccessCheck', { token });
    expect(res.body).toMatchObject({ isError: true, isNoLibrary: true, isRedirectHome: false });
  });

  it('access check: isRedirectHome when the stored library is not among the user’s, with the first library', async () => {
    const library = await createLibrary(app.db);
    const other = await createLibrary(app.db);
    const user = await createUser(app.db);
    await addMembership(app.db, user.id, library.id, inDays(10));
    const token = await tokenFor(user, library.id, inDays(10));
    const res = await call(app, `/api/user/libraryAccessCheck?libid=${other.id}`, { token });
    expect(res.body).toMatchObject({ isError: false, isNoLibrary: false, isRedirectHome: true, lib: { libId: library.id } });
  });

  it('access check: success with the stored library', async () => {
    const library = await createLibrary(app.db);
    const user = await createUser(app.db);
    await addMembership(app.db, user.id, library.id, inDays(10));
    const token = await tokenFor(user, library.id, inDays(10));
    const res = await call(app, `/api/user/libraryAccessCheck?libid=${library.id}`, { token });
    expect(res.body).toMatchObject({ isError: false, isNoLibrary: false, isRedirectHome: false, lib: { libId: library.id } });
    expect((res.body.info as { libid: number }).libid).toBe(library.id);
  });

  it('access check: isError when the account behind the token is gone', async () => {
    const token = await tokenFor({ id: 876_543 }, 0, null);
    const res = await call(app, '/api/user/libraryAccessCheck', { token });
    expect(res.body).toMatchObject({ isError: true, isNoLibrary: false });
  });
});

describe('library details', () => {
  it('getLibDetails answers the branding fields, libDetails the settings, 404 for an unknown library', async () => {
    const library = await createLibrary(app.db, { name: 'Branded', logo1: 'logos/1', excludeCat: 'Fashion', ageRate: 4 });
    const branding = await call(app, `/api/user/getLibDetails?libid=${library.id}`);
    expect(branding.body.data).toMatchObject({ libName: 'Branded', logo1: 'logos/1', logo2: '', logo3: '', logo_banner1: '', logo_banner2: '', logo_banner3: '' });
    const settings = await call(app, `/api/user/libDetails?libid=${library.id}`);
    expect(settings.body.data).toMatchObject({ libId: library.id, libname: 'Branded', exclude_cat: 'Fashion', ageRate: 4 });
    expect((await call(app, '/api/user/getLibDetails?libid=999999')).status).toBe(404);
    const bad = await call(app, '/api/user/getLibDetails?libid=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('libid');
  });
});

describe('cookie sessions', () => {
  it('needs a matching X-XSRF-TOKEN for a state-changing call authenticated by cookie', async () => {
    const library = await createLibrary(app.db, { guestAccess: true });
    const login = await call(app, '/api/user/loginAsGuest', { body: { uniqId: 'guest-xsrf-00001', os: 'web', libid: library.id } });
    const setCookie = login.headers.getSetCookie();
    const session = setCookie.find((c) => c.startsWith('session='))!.split(';')[0];
    const xsrf = setCookie.find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0];
    const cookie = `${session}; ${xsrf}`;
    const refused = await call(app, '/api/user/validateuser', { body: {}, headers: { cookie } });
    expect(refused.status).toBe(403);
    const accepted = await call(app, '/api/user/validateuser', {
      body: {},
      headers: { cookie, 'x-xsrf-token': decodeURIComponent(xsrf.split('=')[1]) },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('Success');
  });
});

describe('database outage', () => {
  it('answers 503 with a clear message, not a stack trace', async () => {
    await app.stopDatabase();
    const res = await call(app, '/api/user/getLibDetails?libid=1001');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 503, message: expect.stringMatching(/not reachable/) });
  });
});
