import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { hashPassword } from '@/server/auth/password';
import { hashSecret } from '@/server/auth/secrets';
import { accessCodes, partnerLinks, users } from '@/server/db/schema';
import { pageSession } from '@/server/context';
import { call, startTestApp, type TestApp } from './helpers/app';
import { client, newEmail, outboxCode } from './helpers/accounts';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function member(values: Parameters<typeof createUser>[1] = {}) {
  const library = await createLibrary(app.db);
  const user = await createUser(app.db, { email: newEmail(), ...values });
  await addMembership(app.db, user.id, library.id, inDays(100));
  return { user, library, token: await tokenFor(user, library.id, inDays(100)) };
}

describe('updateProfile', () => {
  it('saves the member’s name, as validateuser then shows it', async () => {
    const { token } = await member({ firstName: '' });
    const res = await call(app, '/api/user/updateProfile', { token, body: { fname: '  Zoë ', lname: "O'Neil-Hart" } });
    expect(res.body).toEqual({ status: 'Success', message: 'Your name has been saved.', fname: 'Zoë', lname: "O'Neil-Hart" });
    expect((await call(app, '/api/user/validateuser', { token, body: {} })).body).toMatchObject({ fname: 'Zoë', lname: "O'Neil-Hart" });
  });

  it('answers 400 naming the field for an empty first name or markup, and 401 without a session', async () => {
    const { token } = await member();
    expect((await call(app, '/api/user/updateProfile', { token, body: { fname: '   ' } })).body).toMatchObject({ status: 400, field: 'fname' });
    expect((await call(app, '/api/user/updateProfile', { token, body: { fname: '<b>x</b>' } })).body).toMatchObject({ status: 400, field: 'fname' });
    expect((await call(app, '/api/user/updateProfile', { token, body: { fname: 'Ann', lname: 'x'.repeat(61) } })).body).toMatchObject({ field: 'lname' });
    expect((await call(app, '/api/user/updateProfile', { body: { fname: 'Ann' } })).status).toBe(401);
  });
});

describe('managePass', () => {
  it('sets a first password for a member with an email, who can then sign in with it', async () => {
    const { user, token } = await member();
    const res = await call(app, '/api/user/managePass', { token, body: { password: 'a quiet reading room' } });
    expect(res.body).toEqual({ status: 'Success', message: 'Your password has been set.', hasPassword: true, jwtoken: expect.any(String) });
    const signIn = await client(app).call('/api/user/verifyotp', { body: { email: user.email, password: 'a quiet reading room' } });
    expect(signIn.body).toMatchObject({ status: 'Success', uid: user.id, hasPassword: true });
  });

  it('ends every other session of the member; this one carries on with the fresh token it answers', async () => {
    const { user, library, token: thisDevice } = await member({ passwordHash: await hashPassword('the old password') });
    const otherDevice = await tokenFor(user, library.id, inDays(100));
    const stranger = await member();
    expect((await call(app, '/api/user/validateuser', { token: otherDevice, body: {} })).status).toBe(200);

    const res = await call<{ jwtoken: string }>(app, '/api/user/managePass', {
      token: thisDevice,
      body: { password: 'a brand new password', currentPassword: 'the old password' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((cookie) => cookie.startsWith(`session=${res.body.jwtoken};`))).toBe(true);

    for (const ended of [otherDevice, thisDevice]) {
      expect((await call(app, '/api/user/validateuser', { token: ended, body: {} })).status).toBe(401);
      // Pages ask the same question of the session cookie.
      expect(await pageSession({ req: { cookies: { session: ended } } } as unknown as GetServerSidePropsContext)).toBeNull();
    }
    expect((await call(app, '/api/user/validateuser', { token: res.body.jwtoken, body: {} })).body).toMatchObject({ status: 'Success' });
    expect(await pageSession({ req: { cookies: { session: res.body.jwtoken } } } as unknown as GetServerSidePropsContext)).toMatchObject({ claims: { uid: user.id } });
    // Someone else's sessions are untouched.
    expect((await call(app, '/api/user/validateuser', { token: stranger.token, body: {} })).status).toBe(200);
  });

  it('changes a password only with the current one', async () => {
    const { user, token } = await member({ passwordHash: await hashPassword('the old password') });
    const missing = await call(app, '/api/user/managePass', { token, body: { password: 'a brand new password' } });
    expect(missing.body).toMatchObject({ status: 400, field: 'currentPassword' });
    const wrong = await call(app, '/api/user/managePass', { token, body: { password: 'a brand new password', currentPassword: 'not the old one' } });
    expect(wrong.body).toEqual({ status: 400, message: 'Your current password is not right.', field: 'currentPassword' });
    const ok = await call(app, '/api/user/managePass', { token, body: { password: 'a brand new password', currentPassword: 'the old password' } });
    expect(ok.body.message).toBe('Your password has been changed.');
    expect((await client(app).call('/api/user/verifyotp', { body: { email: user.email, password: 'the old password' } })).status).toBe(401);
    expect((await client(app).call('/api/user/verifyotp', { body: { email: user.email, password: 'a brand new password' } })).status).toBe(200);
  });

  it('sets a new password after a verified code, without the old one (/login/newpassword)', async () => {
    const email = newEmail('forgot');
    await createUser(app.db, { email, passwordHash: await hashPassword('forgotten password') });
    const person = client(app);
    await person.call('/api/user/sendotp', { body: { email } });
    const verified = await person.call('/api/user/verifyotp', { body: { email, otp: await outboxCode(app.db, email) } });
    const token = String(verified.body.jwtoken);
    const res = await call(app, '/api/user/managePass', { token, body: { password: 'remembered at last', passwordToken: verified.body.passwordToken } });
    expect(res.body.status).toBe('Success');
    // The new password is the one that signs in now.
    expect((await client(app).call('/api/user/verifyotp', { body: { email, password: 'remembered at last' } })).status).toBe(200);
    expect((await client(app).call('/api/user/verifyotp', { body: { email, password: 'forgotten password' } })).status).toBe(401);
    // Another member's grant does not work.
    const other = await member({ passwordHash: await hashPassword('other password') });
    const stolen = await call(app, '/api/user/managePass', { token: other.token, body: { password: 'taken over now', passwordToken: verified.body.passwordToken } });
    expect(stolen.body).toMatchObject({ status: 400, field: 'currentPassword' });
  });

  it('refuses a short or common password with 400 naming the field', async () => {
    const { token } = await member();
    const short = await call(app, '/api/user/managePass', { token, body: { password: 'short' } });
    expect(short.body).toEqual({ status: 400, message: 'Your password must be at least 8 characters long.', field: 'password' });
    for (const common of ['password123', 'qwertyuiop', 'iloveyou2024', '12345678', 'aaaaaaaaaa']) {
      const res = await call(app, '/api/user/managePass', { token, body: { password: common } });
      expect(res.body).toEqual({ status: 400, message: 'This password is too common. Please choose one that is harder to guess.', field: 'password' });
    }
  });

  it('asks a member without an email to add one first', async () => {
    const { token } = await member({ email: null, mobile: '+919800000001' });
    const res = await call(app, '/api/user/managePass', { token, body: { password: 'a fine passphrase' } });
    expect(res.body).toMatchObject({ status: 400, field: 'password', message: expect.stringMatching(/add an email address/) });
  });
});

describe('validatecoupon (/accesscode)', () => {
  it('joins the library for the code’s days, answers a session for it, and uses one use', async () => {
    const library = await createLibrary(app.db, { name: 'Coupon Library' });
    await app.db.insert(accessCodes).values({ libraryId: library.id, code: 'JOIN-2026', days: 90, usesLeft: 2 });
    const user = await createUser(app.db);
    const token = await tokenFor(user, 0, null);
    const res = await client(app).call('/api/user/validatecoupon', { token, body: { coupon: ' join-2026 ' } });
    expect(res.body).toMatchObject({ status: 'Success', message: 'Welcome to Coupon Library.', libid: library.id, libname: 'Coupon Library' });
    const ends = Date.parse(String(res.body.enddate));
    expect(ends).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    expect(ends).toBeLessThan(Date.now() + 91 * 86_400_000);
    const [row] = await app.db.select().from(accessCodes).where(eq(accessCodes.code, 'JOIN-2026'));
    expect(row.usesLeft).toBe(1);
  });

  it('refuses an unknown, used-up or expired code with 400 naming the field and saying why', async () => {
    const library = await createLibrary(app.db);
    await app.db.insert(accessCodes).values([
      { libraryId: library.id, code: 'USED-UP', usesLeft: 0 },
      { libraryId: library.id, code: 'TOO-LATE', usesLeft: 5, expiresAt: inDays(-1) },
    ]);
    const token = await tokenFor(await createUser(app.db), 0, null);
    const why: Record<string, string> = {
      NOPE: 'This access code is not valid. Please check it and try again.',
      'USED-UP': 'This access code has already been used as many times as it allows.',
      'TOO-LATE': 'This access code has expired.',
    };
    for (const [coupon, message] of Object.entries(why)) {
      const res = await client(app).call('/api/user/validatecoupon', { token, body: { coupon } });
      expect(res.body).toEqual({ status: 400, message, field: 'coupon' });
    }
    expect((await call(app, '/api/user/validatecoupon', { body: { coupon: 'NOPE' } })).status).toBe(401);
  });

  it('keeps a longer membership the member already has', async () => {
    const library = await createLibrary(app.db);
    await app.db.insert(accessCodes).values({ libraryId: library.id, code: 'SHORT-ONE', days: 10, usesLeft: 5 });
    const user = await createUser(app.db);
    await addMembership(app.db, user.id, library.id, inDays(300));
    const res = await client(app).call('/api/user/validatecoupon', { token: await tokenFor(user, library.id, inDays(300)), body: { coupon: 'SHORT-ONE' } });
    expect(Date.parse(String(res.body.enddate))).toBeGreaterThan(Date.now() + 299 * 86_400_000);
  });
});

describe('linkAccount', () => {
  it('adds a verified mobile number to the signed-in account', async () => {
    const { user, token } = await member();
    const person = client(app);
    await person.call('/api/user/sendotp', { body: { mobile: '98450 12345', cc: '+91' } });
    const otp = await outboxCode(app.db, '+919845012345');
    const res = await person.call('/api/user/linkAccount', { token, body: { mobile: '9845012345', cc: '+91', otp } });
    expect(res.body).toMatchObject({ status: 'Success', mobile: '+919845012345', email: user.email });
    const wrong = await person.call('/api/user/linkAccount', { token, body: { mobile: '9845012345', cc: '+91', otp } });
    expect(wrong.status).toBe(401);
  });

  it('refuses an address that belongs to another account (409)', async () => {
    const taken = newEmail('taken');
    await createUser(app.db, { email: taken });
    const { token } = await member();
    const person = client(app);
    await person.call('/api/user/sendotp', { body: { email: taken } });
    const res = await person.call('/api/user/linkAccount', { token, body: { email: taken, otp: await outboxCode(app.db, taken) } });
    expect(res.body).toMatchObject({ status: 409, field: 'email', message: 'This email address belongs to another account.' });
  });
});


describe('partner links (third-party link builder and validateToken)', () => {
  async function partnerLibrary() {
    return createLibrary(app.db, { name: 'Partner Library', partnerKeyHash: hashSecret('partner-key-123'), guestAccess: false });
  }

  it('builds a single-use link for a reader, who is signed in to the library and sent to the issue named', async () => {
    const library = await partnerLibrary();
    const category = await createCategory(app.db);
    const { magazine, issue } = await createMagazine(app.db, { categoryId: category.id });
    const built = await call(app, '/api/user/services/v8/thirdParty', {
      body: { email: 'Partner.Reader@Example.org', libId: library.id, issid: issue.id },
      headers: { 'x-partner-key': 'partner-key-123' },
    });
    expect(built.body).toMatchObject({ status: 'success', expiresIn: 600 });
    expect(String(built.body.url)).toBe(`${app.baseUrl}/third-party-login?randomtoken=${String(built.body.randomtoken)}`);
    // Only its hash is kept.
    const stored = await app.db.select().from(partnerLinks).where(eq(partnerLinks.libraryId, library.id));
    expect(stored[0].tokenHash).toBe(hashSecret(String(built.body.randomtoken)));
    const person = client(app);
    const res = await person.call('/api/user/validateToken', { body: { randomtoken: built.body.randomtoken } });
    expect(res.body).toMatchObject({ status: 'Success', libid: library.id, email: 'partner.reader@example.org', redirect: `/magazine/${magazine.id}/${issue.id}` });
    expect(person.jar.get('session')).toBeTruthy();
    const replay = await client(app).call('/api/user/validateToken', { body: { randomtoken: built.body.randomtoken } });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/expired or was already used/);
  });

  it('goes to the path the link names, never off-site', async () => {
    const library = await partnerLibrary();
    const headers = { 'x-partner-key': 'partner-key-123' };
    const offsite = await call(app, '/api/user/services/v8/thirdParty', { body: { email: 'a@b.org', libId: library.id, dest: '//evil.example/x' }, headers });
    expect(offsite.body).toMatchObject({ status: 400, field: 'dest' });
    const built = await call(app, '/api/user/services/v8/thirdParty', { body: { email: 'a@b.org', libId: library.id, dest: '/stories/category/Cover-Stories/sec_60' }, headers });
    const res = await client(app).call('/api/user/validateToken', { body: { randomtoken: built.body.randomtoken } });
    expect(res.body.redirect).toBe('/stories/category/Cover-Stories/sec_60');
  });

  it('refuses a wrong partner key (403) and an expired link (401)', async () => {
    const library = await partnerLibrary();
    const wrongKey = await call(app, '/api/user/services/v8/thirdParty', { body: { email: 'a@b.org', libId: library.id }, headers: { 'x-partner-key': 'guess' } });
    expect(wrongKey.status).toBe(403);
    const noKey = await call(app, '/api/user/services/v8/thirdParty', { body: { email: 'a@b.org', libId: library.id } });
    expect(noKey.status).toBe(403);
    const built = await call(app, '/api/user/services/v8/thirdParty', { body: { email: 'late@b.org', libId: library.id }, headers: { 'x-partner-key': 'partner-key-123' } });
    await app.db.update(partnerLinks).set({ expiresAt: inDays(-1) }).where(eq(partnerLinks.email, 'late@b.org'));
    expect((await client(app).call('/api/user/validateToken', { body: { randomtoken: built.body.randomtoken } })).status).toBe(401);
    expect((await client(app).call('/api/user/validateToken', { body: { randomtoken: 'x' } })).body).toMatchObject({ status: 400, field: 'randomtoken' });
  });
});

describe('new accounts', () => {
  it('a first code sign-in makes one account even when asked twice at once', async () => {
    const email = newEmail('race');
    const a = client(app);
    await a.call('/api/user/sendotp', { body: { email } });
    const otp = await outboxCode(app.db, email);
    const [first, second] = await Promise.all([a.call('/api/user/verifyotp', { body: { email, otp } }), a.call('/api/user/verifyotp', { body: { email, otp } })]);
    expect([first.status, second.status].sort()).toEqual([200, 401]);
    expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
