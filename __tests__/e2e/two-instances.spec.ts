import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import { drizzle } from 'drizzle-orm/node-postgres';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { hashPassword } from '@/server/auth/password';
import { startPostgresServer, type EmbeddedDatabase } from '@/server/db/embedded';
import * as schema from '@/server/db/schema';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from '../api/helpers/factories';
import { startS3, type TestS3 } from '../api/helpers/s3';
import { startSmtpPeer, type SmtpPeer } from '../peers/smtp';
import { SCALE_JWT_SECRET, migrate, startSite, waitFor, type SiteInstance } from './site-instance';

/**
 * Two instances of the production build behind no proxy, sharing what docs/operations.md "Running at scale" says they share:
 * one PostgreSQL (the spec's own, port 3962), one Redis (the spec's own, port 3965), one S3-compatible bucket (s3rver,
 * port 3963). What one instance decides, the other holds.
 */

let dir: string;
let database: EmbeddedDatabase;
let s3: TestS3;
let smtp: SmtpPeer;
let a: SiteInstance;
let b: SiteInstance;
let db: ReturnType<typeof drizzle<typeof schema>>;
let pool: Pool;
let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let addresses = 0;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function post(site: SiteInstance, address: string, body: unknown, token?: string) {
  const res = await fetch(`${site.url}${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/**
 * A redis-server of the spec's own (port 3965, nothing saved), so the machine's Redis is never written to. A machine
 * without the binary runs the spec on the database alone, where rate limits and revocations fall back to (docs/operations.md,
 * "Faults"): the instances must agree either way.
 */
async function startOwnRedis(): Promise<{ url: string | null; stop(): Promise<void> }> {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    console.warn('two-instances.spec.ts: no redis-server on PATH; the instances share the database alone');
    return { url: null, stop: async () => undefined };
  }
  const port = 3965;
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  await waitFor('redis-server', async () => {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      return (await redis.ping()) === 'PONG';
    } finally {
      redis.disconnect();
    }
  }, 10_000);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const newEmail = (label: string) => `${label}.${(addresses += 1)}.${Date.now().toString(36)}@example.org`;

async function member(values: Partial<schema.NewUser> = {}) {
  const library = await createLibrary(db, { isNewspaper: 1, isJournal: 1 });
  const user = await createUser(db, { email: newEmail('member'), ...values });
  await addMembership(db, user.id, library.id, inDays(30));
  return { user, library, token: await tokenFor(user, library.id, inDays(30), { secret: SCALE_JWT_SECRET }) };
}

test.beforeAll(async () => {
  redis = await startOwnRedis();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-'));
  fs.chmodSync(dir, 0o755);
  database = await startPostgresServer({ dataDir: path.join(dir, 'postgres'), port: 3962 });
  await migrate(database.url);
  pool = new Pool({ connectionString: database.url, max: 2 });
  db = drizzle(pool, { schema, casing: 'snake_case' });
  s3 = await startS3(3963);
  smtp = await startSmtpPeer(3964);
  const shared = { DATABASE_URL: database.url, DATABASE_POOL_MAX: '4', ...(redis.url ? { REDIS_URL: redis.url } : {}), SMTP_URL: smtp.url, ...s3.env };
  [a, b] = await Promise.all([startSite(3960, shared), startSite(3961, shared)]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
  await smtp?.close();
  await s3?.stop();
  await database?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  await redis?.stop();
});

test('an OTP attempt limit reached through one instance holds on the other', async () => {
  const email = newEmail('otp');
  expect((await post(a, '/api/user/sendotp', { email })).status, a.output()).toBe(200);
  const otp = await smtp.codeFor(email);
  const wrong = otp === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i += 1) expect((await post(i % 2 ? b : a, '/api/user/verifyotp', { email, otp: wrong })).status).toBe(401);
  const locked = await post(b, '/api/user/verifyotp', { email, otp });
  expect(locked).toEqual({ status: 429, body: expect.objectContaining({ status: 429, message: 'Too many wrong codes. Please ask for a new code.' }) });
  // And a new code cannot be asked for through the other one either before its wait is over.
  expect((await post(b, '/api/user/sendotp', { email })).status).toBe(429);
});

test('a password guessing limit counts the tries made on both instances', async () => {
  const email = newEmail('guessed');
  await createUser(db, { email, passwordHash: await hashPassword('the real password') });
  for (let i = 0; i < 10; i += 1) expect((await post(i < 5 ? a : b, '/api/user/verifyotp', { email, password: `guess-${i}-guess` })).status).toBe(401);
  const locked = await post(a, '/api/user/verifyotp', { email, password: 'the real password' });
  expect(locked.status).toBe(429);
  expect(locked.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
  if (redis.url) {
    // Counted in Redis, not only in the database they also share.
    const client = new Redis(redis.url);
    try {
      expect((await client.keys('rl:*')).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  }
});

test('a logout on one instance refuses the token on the other at once', async () => {
  const { token } = await member();
  expect((await post(a, '/api/user/logout', {}, token)).status).toBe(200);
  expect((await post(b, '/api/user/validateuser', {}, token)).status).toBe(401);
  expect((await post(a, '/api/user/validateuser', {}, token)).status).toBe(401);
});

test('a password change on one instance refuses the older tokens on the other at once', async () => {
  const { token: thisDevice, user, library } = await member({ passwordHash: await hashPassword('the old password') });
  const otherDevice = await tokenFor(user, library.id, inDays(30), { secret: SCALE_JWT_SECRET });
  const changed = await post(a, '/api/user/managePass', { password: 'a brand new password', currentPassword: 'the old password' }, thisDevice);
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  for (const ended of [otherDevice, thisDevice]) expect((await post(b, '/api/user/validateuser', {}, ended)).status).toBe(401);
  expect((await post(b, '/api/user/validateuser', {}, changed.body.jwtoken as string)).status).toBe(200);
});

/**
 * The same, when the other instance had just checked the token and kept its answer (server/cache 'token-revoked'
 * and 'member'): the logout's invalidation notice (LISTEN/NOTIFY, or Redis pub/sub) reaches it within a second.
 */
test('a logout on one instance refuses, within a second, a token the other had just accepted and kept', async () => {
  const { token } = await member();
  expect((await post(b, '/api/user/validateuser', {}, token)).status).toBe(200);
  expect((await post(a, '/api/user/logout', {}, token)).status).toBe(200);
  const deadline = Date.now() + 1_000;
  let status = (await post(b, '/api/user/validateuser', {}, token)).status;
  while (status !== 401 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = (await post(b, '/api/user/validateuser', {}, token)).status;
  }
  expect(status).toBe(401);
});

test('a page image rendered by one instance is served by the other from the shared bucket', async () => {
  const { user, library, token } = await member();
  const category = await createCategory(db, { name: 'Harbours' });
  const { issue } = await createMagazine(db, { name: 'Harbour Weekly', categoryId: category.id });
  await db.insert(schema.issuePages).values(
    [1, 2].map((pageNo) => ({ issueId: issue.id, pageNo, imagePath: `pages/${issue.id}/${pageNo}`, width: 600, height: 780, text: `Heading ${pageNo}\n\nThe harbour at dawn.` })),
  );
  const code = await post(a, '/api/user/genCode?isLib=1', { user_id: user.id, issue: issue.id, lib_id: library.id, ageRating: 5, readtype: 'reader', store_id: 1, user_con: 'IN', userLang: 'en', purType: 1, isnews: 0, device: 'web', clvr: 't', 'Is Gold': 1 }, token);
  expect(code.status, JSON.stringify(code.body)).toBe(200);
  const reader = await fetch(`${a.url}/api/reader/issue?code=${encodeURIComponent(code.body.code as string)}&issue=${issue.id}`, { headers: { authorization: `Bearer ${token}` } });
  const pages = ((await reader.json()) as { pages: { src: string[] }[] }).pages;
  // Page 2 at 2x: the reader's warm-up draws page 1 only, so this one is drawn by the request below.
  const src = pages[1].src[1];
  const key = `pages/${issue.id}/2/view/2.jpg`;
  const head = () => s3.client.send(new HeadObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: key }));
  await expect(head()).rejects.toThrow();

  const fromA = await fetch(`${a.url}${src}`, { headers: { accept: 'image/jpeg', authorization: `Bearer ${token}` } });
  expect([fromA.status, fromA.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  const bytesA = Buffer.from(await fromA.arrayBuffer());
  const stored = await head();
  // The bucket dates objects to the second: a second render by the other instance would show as a later date.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const fromB = await fetch(`${b.url}${src}`, { headers: { accept: 'image/jpeg', authorization: `Bearer ${token}` } });
  expect([fromB.status, fromB.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  expect(Buffer.from(await fromB.arrayBuffer()).equals(bytesA)).toBe(true);
  expect((await head()).LastModified).toEqual(stored.LastModified);
  expect(stored.ContentLength).toBe(bytesA.length);
});
