/**
 * bench/pages: every kind of page a member opens, under load, against a bare page of the same build, on the embedded
 * database and on PostgreSQL.
 *
 *   npx tsx bench/pages.ts
 *
 * Builds the production server with a bare page of its own (bench/bare/bench-bare.tsx, copied into pages/ for a
 * `BENCH_BARE_PAGE=1` build whose output goes to .next-bench, so the production build in .next never has it; the
 * copy is removed after the build). Then, for each database, starts `npm start` on it, signs in as the demo member
 * Asha Verma, and runs autocannon (10 connections, a member's session cookie, a browser's Accept-Encoding): a
 * warm-up per page, then rounds in which every page runs in turn (so a busy moment on this shared machine falls on
 * all of them alike), and takes each page's medians. Prints each page's requests per second, its ratio to the bare
 * page in the same run, p95 latency, and PASS/FAIL against the issue's targets.
 *
 * Environment:
 *   BENCH_DATABASES   which databases, in order (default `embedded,postgresql`): `embedded` (what `npm start` picks
 *                     with no DATABASE_URL), `pglite` (EMBEDDED_DB=pglite), `postgresql` (BENCH_PG_URL)
 *   BENCH_PG_URL      the PostgreSQL database (default postgres://root@127.0.0.1:5432/bench_pages; made and seeded
 *                     on first use)
 *   BENCH_PORT        the server's port (3610)
 *   BENCH_DATA_DIR    data folders are made under it, one per database (.data/bench-pages)
 *   BENCH_SECONDS     seconds per page per round (5); BENCH_ROUNDS (3); BENCH_WARMUP_SECONDS (2)
 *   BENCH_PAGES       a comma list of page names to run (default all)
 *   BENCH_SKIP_BUILD  `1` reuses the .next-bench build
 *   BENCH_ACCEPT_ENCODING  '' for uncompressed responses (bench/request-headers.ts)
 * Exits 1 when a page misses a target.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { REQUEST_HEADERS_NOTE, requestHeaders } from './request-headers';
import { median, percentile } from './stats';
import { signInDemoMember, startSite, stopSite, waitForHealth } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3610);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_ROOT = process.env.BENCH_DATA_DIR ?? '.data/bench-pages';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = 10;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/bench_pages';
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgresql').split(',').map((name) => name.trim());
const ONLY = process.env.BENCH_PAGES ? new Set(process.env.BENCH_PAGES.split(',').map((name) => name.trim())) : null;
const BARE_SOURCE = path.join('bench', 'bare', 'bench-bare.tsx');
const BARE_COPY = path.join('pages', 'bench-bare.tsx');
const DIST_DIR = '.next-bench';
const P95_TARGET_MS = 60;

interface Page {
  name: string;
  path: string;
  /** Text the page must contain, so the numbers never measure an error screen. */
  shows: string;
  /** The issue's target ratio to the bare page; null for the bare page itself. */
  target: number | null;
}

interface Measurement {
  rps: number;
  p95: number;
  failed: number;
}

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(DIST_DIR, 'BUILD_ID'))) return;
  console.log(`[bench] building with the bare page into ${DIST_DIR}`);
  fs.copyFileSync(BARE_SOURCE, BARE_COPY);
  try {
    const result = spawnSync(process.execPath, [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
      env: { ...process.env, BENCH_BARE_PAGE: '1', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`the build failed (${result.status})`);
  } finally {
    fs.rmSync(BARE_COPY, { force: true });
  }
}

/** The PostgreSQL database, made when missing; `npm start` migrates and seeds it on its first start. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

function startServer(database: string): { child: ChildProcess; dataDir: string } {
  const dataDir = path.join(DATA_ROOT, database);
  return { child: startSite({ database, dataDir, port: PORT, pgUrl: PG_URL, env: { BENCH_BARE_PAGE: '1' } }), dataDir };
}

async function api<T>(pathAndQuery: string, cookie: string): Promise<T> {
  const res = await fetch(`${BASE}${pathAndQuery}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The pages of issue 15's table, then the issue page, a story, /journals, My Account and a search for a common word. */
async function pagesToMeasure(cookie: string): Promise<Page[]> {
  const titles = await api<{ data: Array<{ mid: number; issueId: number }> }>('/api/catalogue/magazine-filter?categoryID=BS&lang=en&page=1', cookie);
  const { mid, issueId } = titles.data[0];
  const covers = await api<{ Articles: Array<{ url: string }> }>('/api/article/v1/article?storeID=1&section=sec_60&page=0', cookie);
  const story = covers.Articles[0].url;
  const pages: Page[] = [
    { name: 'bare page', path: '/bench-bare', shows: 'Bare page', target: null },
    { name: 'sign-in /login', path: '/login', shows: 'Continue as guest', target: 0.5 },
    { name: 'magazine list /magazines/BS/en', path: '/magazines/BS/en', shows: '/magazine/', target: 0.4 },
    { name: 'catalogue /magazine/{mid}', path: `/magazine/${mid}`, shows: `/magazine/${mid}/`, target: 0.5 },
    { name: 'story list /stories/category/Cover-Stories/sec_60', path: '/stories/category/Cover-Stories/sec_60', shows: 'Cover Stories', target: 0.4 },
    { name: 'home /', path: '/', shows: '/magazine/', target: 0.4 },
    { name: 'account /dashboard/myFavorites', path: '/dashboard/myFavorites', shows: 'Favorites', target: 0.5 },
    { name: 'search /search?q=travel', path: '/search?q=travel', shows: 'travel', target: 0.25 },
    { name: 'issue /magazine/{mid}/{issueId}', path: `/magazine/${mid}/${issueId}`, shows: `/magazine/${mid}/`, target: 0.5 },
    { name: 'story', path: story, shows: 'id="story-title"', target: 0.5 },
    { name: 'magazine list /journals', path: '/journals', shows: 'Journals', target: 0.4 },
    { name: 'account /dashboard/myAccount', path: '/dashboard/myAccount', shows: 'Asha', target: 0.5 },
    { name: 'search /search?q=people', path: '/search?q=people', shows: 'people', target: 0.25 },
  ];
  return pages.filter((page) => !ONLY || page.target === null || ONLY.has(page.name) || ONLY.has(page.path));
}

/** Each page must answer 200 with what a member expects, or the numbers would measure an error or a redirect. */
async function checkPage(page: Page, cookie: string): Promise<void> {
  const res = await fetch(`${BASE}${page.path}`, { headers: { cookie }, redirect: 'manual' });
  const html = await res.text();
  if (res.status !== 200 || !html.includes(page.shows)) throw new Error(`${page.path} answered ${res.status} without “${page.shows}”`);
}

async function measure(url: string, cookie: string, seconds: number): Promise<Measurement> {
  const times: number[] = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: requestHeaders(cookie), timeout: 30 });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return { rps: times.length / result.duration, p95: percentile(times, 95), failed: result.non2xx + result.errors + result.timeouts };
}

async function benchDatabase(database: string): Promise<boolean> {
  if (database === 'postgresql') await ensurePostgresDatabase(PG_URL);
  const { child, dataDir } = startServer(database);
  const interrupt = () => {
    void stopSite(child).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  try {
    await waitForHealth(child, BASE, `${dataDir}/bench-server.log`);
    const { cookie } = await signInDemoMember(BASE);
    const pages = await pagesToMeasure(cookie);
    // Every page is checked before any load: a slow page's queued requests must not fail the next page's check.
    for (const page of pages) await checkPage(page, cookie);
    for (const page of pages) await measure(`${BASE}${page.path}`, cookie, WARM_UP_SECONDS);
    const runs = new Map<string, Measurement[]>(pages.map((page) => [page.name, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const page of pages) {
        const result = await measure(`${BASE}${page.path}`, cookie, SECONDS);
        runs.get(page.name)!.push(result);
        console.log(`[${database}] round ${round} ${page.name}: ${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(0)} ms${result.failed ? `, ${result.failed} failed` : ''}`);
      }
    }
    const summary = pages.map((page) => {
      const all = runs.get(page.name)!;
      return { ...page, rps: median(all.map((m) => m.rps)), p95: median(all.map((m) => m.p95)), failed: all.reduce((n, m) => n + m.failed, 0) };
    });
    const bare = summary[0];
    console.log(
      `\n${database}: medians of ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, a member's session, ${REQUEST_HEADERS_NOTE}; targets: the ratio shown, p95 < ${P95_TARGET_MS} ms`,
    );
    let pass = true;
    for (const page of summary) {
      const ratio = page.rps / bare.rps;
      const ok = page.target === null || (ratio >= page.target && page.p95 < P95_TARGET_MS && page.failed === 0);
      pass &&= ok;
      const verdict = page.target === null ? '' : `${ok ? 'PASS' : 'FAIL'} (>= ${page.target})`;
      console.log(
        `${page.name.padEnd(52)} ${page.rps.toFixed(0).padStart(6)} req/s  ratio ${ratio.toFixed(2)}  p95 ${page.p95.toFixed(0).padStart(4)} ms  ${verdict}${page.failed ? ` ${page.failed} failed` : ''}`,
      );
    }
    console.log('');
    return pass;
  } finally {
    process.removeListener('SIGINT', interrupt);
    await stopSite(child);
  }
}

async function main(): Promise<void> {
  build();
  let pass = true;
  for (const database of DATABASES) {
    if (!['embedded', 'pglite', 'postgresql'].includes(database)) throw new Error(`unknown database ${database}: embedded, pglite or postgresql`);
    pass = (await benchDatabase(database)) && pass;
  }
  process.exitCode = pass ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
