import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { SignJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@/lib/session-token';
import { LIMITS } from '@/server/auth/limits';
import { MESSAGES } from '@/server/http/errors';
import { closeRedis } from '@/server/redis';
import { rateLimits, revokedTokens } from '@/server/db/schema';
import { rawRequest } from '../shared/raw-request';
import { call, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app';
import { client, newEmail } from './helpers/accounts';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function member() {
  const library = await createLibrary(app.db, { guestAccess: true });
  const user = await createUser(app.db, { email: newEmail() });
  await addMembership(app.db, user.id, library.id, inDays(30));
  return { user, library, token: await tokenFor(user, library.id, inDays(30)) };
}

describe('forged tokens get 401 on the member calls', () => {
  const unsigned = (uid: number) =>
    `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: String(uid), libid: 1, mexp: 9_999_999_999, jti: 'forged', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: 9_999_999_999 }),
    ).toString('base64url')}.`;

  it.each([
    ['getMyFav', (uid: number) => ({ uid })],
    ['addmy_fav', (uid: number) => ({ uid, mid: 1 })],
    ['managePass', () => ({ password: 'a long new password' })],
    ['updateProfile', () => ({ fname: 'Mallory' })],
    ['validatecoupon', () => ({ coupon: 'RIVERSIDE2026' })],
  ])('%s: alg none, another key, expired, and a different algorithm are all refused', async (path, body) => {
    const { user, library } = await member();
    const tokens = [
      unsigned(user.id),
      await tokenFor(user, library.id, inDays(30), { secret: 'a-different-secret-that-is-long-enough-to-sign' }),
      await tokenFor(user, library.id, inDays(30), { lifetimeSeconds: -30 }),
      await new SignJWT({ libid: library.id, mexp: 9_999_999_999 })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(String(user.id))
        .setJti('hs512')
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET)),
      'not-a-token',
    ];
    for (const token of tokens) {
      const res = await call(app, `/api/user/${path}`, { token, body: body(user.id) });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 401 });
    }
  });
});

describe('logout revokes the token', () => {
  it('a replayed token gets 401 on every member call after logout', async () => {
    const { user, token } = await member();
    expect((await call(app, '/api/user/getMyFav', { token, body: { uid: user.id } })).status).toBe(200);
    expect((await call(app, '/api/user/logout', { token, body: {} })).status).toBe(200);
    for (const [path, body] of [
      ['getMyFav', { uid: user.id }],
      ['validateuser', {}],
      ['updateProfile', { fname: 'Again' }],
      ['logout', {}],
    ] as const) {
      expect((await call(app, `/api/user/${path}`, { token, body })).status).toBe(401);
    }
  });
});

describe('cookie sessions need a matching X-XSRF-TOKEN on state-changing calls', () => {
  async function cookieSession() {
    const library = await createLibrary(app.db, { guestAccess: true });
    const person = client(app);
    const login = await person.call('/api/user/loginAsGuest', { body: { uniqId: `guest-xsrf-${library.id}`, os: 'web', libid: library.id } });
    return { person, uid: Number(login.body.uid), xsrf: decodeURIComponent(person.jar.get('XSRF-TOKEN')!) };
  }

  it.each([
    ['getMyFav', (uid: number) => ({ uid })],
    ['addmy_fav', (uid: number) => ({ uid, mid: 1 })],
    ['deletemy_fav', (uid: number) => ({ uid, mid: 1 })],
    ['updateProfile', () => ({ fname: 'Cookie' })],
    ['managePass', () => ({ password: 'a long new password' })],
    ['validatecoupon', () => ({ coupon: 'X' })],
    ['linkAccount', () => ({ email: 'x@y.org', otp: '123456' })],
    ['logout', () => ({})],
  ])('%s: 403 without the header or with a wrong one; accepted with the right one', async (path, body) => {
    const { person, uid, xsrf } = await cookieSession();
    const cookie = person.cookieHeader();
    const none = await call(app, `/api/user/${path}`, { body: body(uid), headers: { cookie } });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe('Missing or wrong X-XSRF-TOKEN header');
    const wrong = await call(app, `/api/user/${path}`, { body: body(uid), headers: { cookie, 'x-xsrf-token': `${xsrf}x` } });
    expect(wrong.status).toBe(403);
    const right = await call(app, `/api/user/${path}`, { body: body(uid), headers: { cookie, 'x-xsrf-token': xsrf } });
    // Past the session checks: whatever the call then says is about the request itself.
    expect([MESSAGES.xsrf, MESSAGES.unauthorized, MESSAGES.invalidToken]).not.toContain(right.body.message);
    expect(right.status).not.toBe(403);
  });
});

describe('a page on another site cannot post to the API as a form (login CSRF)', () => {
  const signIn = { email: 'someone@example.test', password: 'the attacker’s password' };

  it.each([
    ['a url-encoded form', 'application/x-www-form-urlencoded', new URLSearchParams(signIn).toString()],
    ['JSON sent as text/plain', 'text/plain;charset=UTF-8', JSON.stringify(signIn)],
    ['a multipart form', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test\r\n--x--'],
  ])('refuses %s on a sign-in call with 415 naming the body', async (_kind, type, body) => {
    const res = await fetch(`${app.baseUrl}/api/user/verifyotp`, { method: 'POST', headers: { 'content-type': type }, body });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ status: 415, message: MESSAGES.jsonOnly, field: 'body' });
  });

  it('still takes JSON, with or without a charset', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const res = await fetch(`${app.baseUrl}/api/user/verifyotp`, { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(signIn) });
      expect(res.status).toBe(401);
    }
  });
});

describe('client addresses for rate limits', () => {
  it('does not let a client pick its own address with X-Forwarded-For unless a trusted proxy is configured', async () => {
    const before = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '0';
    try {
      // Different claimed addresses are all the same client.
      for (let i = 0; i < LIMITS.codeSendPerIp.max; i += 1) {
        const res = await call(app, '/api/user/sendotp', { body: { email: newEmail('xff') }, headers: { 'x-forwarded-for': `203.0.113.${i % 250}` } });
        expect(res.status).toBe(200);
      }
      const over = await call(app, '/api/user/sendotp', { body: { email: newEmail('xff') }, headers: { 'x-forwarded-for': '203.0.113.99' } });
      expect(over.status).toBe(429);
    } finally {
      process.env.TRUST_PROXY = before;
      await app.db.delete(rateLimits);
    }
  });
});

/** A throwaway redis-server on a free loopback port, when the machine has one. */
async function startRedis(): Promise<{ url: string; stop(): Promise<void> } | null> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  let child: ChildProcess;
  try {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const started = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    const deadline = Date.now() + 5_000;
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => (Date.now() > deadline ? resolve(false) : setTimeout(attempt, 100)));
    };
    attempt();
  });
  if (!started) return null;
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe('with REDIS_URL, rate limits and revoked tokens live in Redis', () => {
  it('revokes on logout and counts limits in Redis, not in the database', async () => {
    const redis = await startRedis();
    if (!redis) {
      // CI's machine has Redis: there the check must run, not pass unseen.
      if (process.env.CI) throw new Error('redis-server is needed for the Redis check under CI');
      console.warn('redis-server is not installed: skipping the Redis check');
      return;
    }
    process.env.REDIS_URL = redis.url;
    try {
      const { user, token } = await member();
      await app.db.delete(revokedTokens);
      await app.db.delete(rateLimits);
      expect((await call(app, '/api/user/logout', { token, body: {} })).status).toBe(200);
      expect((await call(app, '/api/user/getMyFav', { token, body: { uid: user.id } })).status).toBe(401);
      // Kept in the database too, so it outlives a Redis restart (see redis-faults.test.ts).
      expect(await app.db.select().from(revokedTokens)).toHaveLength(1);
      const person = client(app);
      const email = newEmail('redis');
      expect((await person.call('/api/user/sendotp', { body: { email } })).status).toBe(200);
      expect((await person.call('/api/user/sendotp', { body: { email } })).status).toBe(429);
      for (let i = 1; i < LIMITS.codeSendPerIp.max; i += 1) await person.call('/api/user/sendotp', { body: { email: newEmail('redis') } });
      const over = await person.call('/api/user/sendotp', { body: { email: newEmail('redis') } });
      expect(over.status).toBe(429);
      expect(over.body.message).toBe('Too many codes were asked for. Please try again later.');
      expect(await app.db.select().from(rateLimits)).toHaveLength(0);
    } finally {
      delete process.env.REDIS_URL;
      await closeRedis();
      await redis.stop();
    }
  });
});

describe('a magazine favourite call with a cookie session and the header', () => {
  it('works end to end for a member signed in by cookie', async () => {
    const category = await createCategory(app.db);
    const { magazine } = await createMagazine(app.db, { categoryId: category.id });
    const library = await createLibrary(app.db, { guestAccess: true });
    const person = client(app);
    const login = await person.call('/api/user/loginAsGuest', { body: { uniqId: 'guest-cookie-fav-1', os: 'web', libid: library.id } });
    const headers = { cookie: person.cookieHeader(), 'x-xsrf-token': decodeURIComponent(person.jar.get('XSRF-TOKEN')!) };
    expect((await call(app, '/api/user/addmy_fav', { body: { uid: login.body.uid, mid: magazine.id }, headers })).body.status).toBe('success');
    const list = await call<{ msg: Array<{ mid: { values: number[] } }> }>(app, '/api/user/getMyFav', { body: { uid: login.body.uid }, headers });
    expect(list.body.msg[0].mid.values).toEqual([magazine.id]);
  });
});

describe('methods and request targets the site does not serve (the site server’s guard, server/http/odd-requests.ts)', () => {
  const targets = ['/api/user/logout', '/api/catalogue/v1/magazine/1', '/api/reader/issue?code=x&issue=1', '/api/health'];
  const methods = ['TRACE', 'TRACK', 'CONNECT', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'SEARCH', 'PURGE', 'REPORT'];

  it('answers 405 with Allow (or 400) and the security headers, never a 5xx', async () => {
    const cases = [...targets.flatMap((target) => methods.map((method) => [method, target])), ['OPTIONS', '*'], ['TRACE', '*'], ['GET', 'http://evil.example/api/health']];
    const wanted = ['x-content-type-options: nosniff', 'x-frame-options: deny', 'referrer-policy: strict-origin-when-cross-origin', 'x-robots-tag: noindex,nofollow', "content-security-policy: default-src 'none'", 'permissions-policy: '];
    // Every case is asked; what is wrong with each is named, so one failure shows them all.
    const problems: string[] = [];
    for (const [method, target] of cases) {
      const answer = await rawRequest(Number(new URL(app.baseUrl).port), method, target);
      const what = `${method} ${target} (${answer.status})`;
      const head = Object.entries(answer.headers).map(([name, value]) => `${name}: ${value.toLowerCase()}`);
      if (![400, 405].includes(answer.status)) problems.push(`${what}: status`);
      if (answer.status === 405 && !/^get, head/.test(answer.headers.allow?.toLowerCase() ?? '')) problems.push(`${what}: no Allow`);
      for (const header of wanted) if (!head.some((line) => line.startsWith(header))) problems.push(`${what}: no ${header}`);
      if ((JSON.parse(answer.body || '{}') as { status?: number }).status !== answer.status) problems.push(`${what}: body`);
    }
    expect(problems).toEqual([]);
    expect(cases.length).toBeGreaterThan(50);
  });
});
