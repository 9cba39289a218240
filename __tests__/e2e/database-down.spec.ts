import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { SESSION_COOKIE } from '@/lib/cookies';
import { startEmbeddedDatabaseProcess } from '@/server/db/embedded-process';
import { startPostgresServer } from '@/server/db/embedded';
import * as schema from '@/server/db/schema';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, ensureLanguage, inDays, tokenFor } from '../api/helpers/factories';
import { ROUTES } from './routes';
import { SCALE_JWT_SECRET, migrate, startSite, waitFor, type SiteInstance } from './site-instance';

/**
 * The database stops under a running production server and comes back (docs/operations.md, "Faults"): pages answer 503 with the
 * friendly screen, API calls 503 with { status, message }; a member's submission made meanwhile is refused or whole;
 * once it is back the same server answers again, without a restart. Once on a PostgreSQL the spec starts itself on its
 * own port and folder, once on PGlite's server process; never the machine's shared database.
 */

interface Database {
  url: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

const ENGINES: { name: string; sitePort: number; start(dir: string): Promise<Database> }[] = [
  {
    name: 'PostgreSQL',
    sitePort: 3951,
    async start(dir) {
      const port = 3952;
      let server = await startPostgresServer({ dataDir: path.join(dir, 'postgres'), port });
      return {
        url: server.url,
        stop: () => server.stop(),
        async restart() {
          server = await startPostgresServer({ dataDir: path.join(dir, 'postgres'), port });
        },
      };
    },
  },
  {
    name: 'PGlite server process',
    sitePort: 3953,
    async start(dir) {
      const port = 3954;
      let server = await startEmbeddedDatabaseProcess(path.join(dir, 'pglite'), port);
      return {
        url: server.url,
        stop: () => server.stop(),
        async restart() {
          server = await startEmbeddedDatabaseProcess(path.join(dir, 'pglite'), port);
        },
      };
    },
  },
];

/**
 * Pages that read nothing from the database, so an outage does not touch them: help and legal pages and payment
 * results (with a signed-out header, server/pages/public.ts), and sign-in screens whose address names no library and
 * that show a fixed message or an empty form.
 */
const WITHOUT_DATABASE = new Set([
  ...['/terms-and-conditions', '/privacy-policy', '/helpsupport', '/faq', '/contact-us', '/paymentsuccess', '/paymentfailed', '/accessibility'],
  ...['/login/librarycard', '/login/librarycard/selector', '/login/sso/success', '/login/sso/failure', '/login/verify/password'],
  ...['/login/partner', '/login/thirdparty/not-a-partner-token-0123456789', '/third-party-login', '/infosys/1061', '/ec-council'],
  // The offline screen lists what this device downloaded (the browser's own store): it asks the server nothing.
  '/offline',
]);
const FRIENDLY_TITLE = 'We can’t reach the library right now';
/**
 * Per-process caches answer a few seconds from memory (the session check's not-revoked and member-row answers, 5 s:
 * server/auth/revocation.ts, server/user/queries.ts); the walk starts after them so that every page asks the database.
 * The catalogue's 30 s cache is off for this server (CATALOGUE_CACHE_SECONDS=0). Merge note: the one cache module
 * (server/cache/) owns these lifetimes; keep this wait above its longest session-check entry.
 */
const SHORT_CACHE_MS = 5_500;

for (const engine of ENGINES) {
  test.describe(`the database stops and comes back under a running server: ${engine.name}`, () => {
    test.describe.configure({ mode: 'serial', timeout: 240_000 });
    let dir: string;
    let database: Database;
    let site: SiteInstance;
    let pool: Pool;
    let member: { id: number; token: string };
    let magazineIds: number[];

    const api = async (address: string, body?: unknown) => {
      const res = await fetch(`${site.url}${address}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${member.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text.slice(0, 200);
      }
      return { status: res.status, body: json as Record<string, unknown> };
    };
    const page = async (address: string) => {
      const res = await fetch(`${site.url}${address}`, { headers: { cookie: `${SESSION_COOKIE}=${member.token}` }, redirect: 'manual' });
      return { status: res.status, html: await res.text() };
    };
    const favourites = async () => {
      const db = drizzle(pool, { schema, casing: 'snake_case' });
      return (await db.select({ id: schema.favourites.magazineId }).from(schema.favourites).where(eq(schema.favourites.userId, member.id))).map((row) => row.id).sort();
    };
    const MEMBER_CALLS = () => [
      { address: `/api/user/getMyFav`, body: { uid: member.id, os: 'web' } },
      { address: `/api/user/addmy_fav`, body: { uid: member.id, mid: magazineIds[1], os: 'web' } },
      { address: '/api/catalogue/magazine-filter?categoryID=BS&page=1' },
      { address: '/api/catalogue/magazine-search?q=harbour' },
      { address: '/api/article/v1/article-search?query=harbour' },
      { address: '/api/user/getUserLibDetails', body: { uid: member.id } },
    ];

    test.beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-down-'));
      // As root, PostgreSQL runs as the postgres user, who must be able to reach the folder (mkdtemp makes it 0700).
      fs.chmodSync(dir, 0o755);
      database = await engine.start(dir);
      await migrate(database.url);
      pool = new Pool({ connectionString: database.url, max: 2 });
      pool.on('error', () => undefined);
      const db = drizzle(pool, { schema, casing: 'snake_case' });
      await ensureLanguage(db);
      const category = await createCategory(db, { name: 'Harbours' });
      const library = await createLibrary(db, { isNewspaper: 1, isJournal: 1 });
      const user = await createUser(db);
      await addMembership(db, user.id, library.id, inDays(30));
      magazineIds = [];
      for (const name of ['Harbour Weekly', 'Harbour Monthly', 'Harbour Yearly']) magazineIds.push((await createMagazine(db, { name, categoryId: category.id })).magazine.id);
      member = { id: user.id, token: await tokenFor(user, library.id, inDays(30), { secret: SCALE_JWT_SECRET }) };
      await pool.end();
      site = await startSite(engine.sitePort, { DATABASE_URL: database.url, DATABASE_POOL_MAX: '4', SEED_ON_START: '0', CATALOGUE_CACHE_SECONDS: '0' });
    });

    test.afterAll(async () => {
      await site?.stop();
      await database?.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test('before the outage the member is served', async () => {
      expect((await page('/dashboard/myFavorites')).status).toBe(200);
      const added = await api('/api/user/addmy_fav', { uid: member.id, mid: magazineIds[0], os: 'web' });
      expect(added, site.output()).toMatchObject({ status: 200, body: { status: 'success' } });
    });

    test('while it is down: every page 503 with the friendly screen, every API call 503 with { status, message }, a submission refused or whole', async () => {
      // A submission on its way as the database stops: it is either written whole or refused with a 503.
      const racing = api('/api/user/addmy_fav', { uid: member.id, mid: magazineIds[2], os: 'web' });
      await database.stop();
      const raced = await racing;
      expect([200, 503], JSON.stringify(raced)).toContain(raced.status);
      await new Promise((resolve) => setTimeout(resolve, SHORT_CACHE_MS));

      const answers: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const row of ROUTES) {
        if (row.readerCode || 'json' in row.guest || row.route === '/_error') continue;
        const answer = await page(row.example);
        answers[row.example] = `${answer.status}${answer.html.includes(FRIENDLY_TITLE) ? ' friendly screen' : ''}`;
        expected[row.example] = WITHOUT_DATABASE.has(row.example.split('?')[0]) ? '200' : '503 friendly screen';
      }
      expect(answers, site.output().slice(-2000)).toEqual(expected);
      for (const call of MEMBER_CALLS()) {
        const answer = await api(call.address, call.body);
        expect(answer.status, call.address).toBe(503);
        expect(answer.body, call.address).toEqual({ status: 503, message: expect.any(String) });
      }

      await database.restart();
      // Back without a restart of the site: within a few seconds of the database's return.
      const recovered = await waitFor('the site answering again', async () => (await page('/dashboard/myFavorites')).status === 200, 15_000);
      expect(recovered).toBeLessThan(10_000);
      const list = await api('/api/user/getMyFav', { uid: member.id, os: 'web' });
      expect(list.status).toBe(200);
      pool = new Pool({ connectionString: database.url, max: 1 });
      try {
        // The refused submission left nothing; the one that raced the stop is there whole, or absent if refused.
        const expected = raced.status === 200 ? [magazineIds[0], magazineIds[2]] : [magazineIds[0]];
        expect(await favourites()).toEqual(expected.sort());
        const db = drizzle(pool, { schema, casing: 'snake_case' });
        const refused = await db.select().from(schema.favourites).where(and(eq(schema.favourites.userId, member.id), eq(schema.favourites.magazineId, magazineIds[1])));
        expect(refused).toEqual([]);
      } finally {
        await pool.end();
      }
      for (const call of MEMBER_CALLS()) {
        const answer = await api(call.address, call.body);
        expect(answer.status, `${call.address} ${JSON.stringify(answer.body)}`).toBe(200);
      }
    });
  });
}
