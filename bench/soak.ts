/**
 * bench/soak: a bounded soak of the production build under a mixed load of members, on loopback only. Not a test,
 * and not run in CI.
 *
 *   npm run build && npx tsx bench/soak.ts
 *
 * Starts `npm start` itself (bench/server.ts startSite) on its own port and data directory (BENCH_PORT, default 3970;
 * BENCH_DATA_DIR, default .data/bench-soak; the first start seeds the demo library; the server's output goes to
 * bench-server.log there), on the embedded database, or on DATABASE_URL when set (give it a database of its own: the
 * first start seeds it).
 * SOAK_OUTAGE_SECONDS=30 instead runs a PostgreSQL of its own (port BENCH_PORT + 1, data in BENCH_DATA_DIR/postgres)
 * and stops it for that long in the middle of the run.
 *
 * SOAK_CONNECTIONS (default 50) members, each a loop of requests one after another for SOAK_SECONDS (default 300),
 * spread over home, listings, magazine and issue pages, story list and story, search page and API, favourites, a
 * reader code and its page images. Each route kind is checked once before the load; one that does not answer 200 is
 * left out and named. Prints requests served, errors (target 0; during an outage, 503s are counted apart and any
 * other 5xx is an error), p95 / p97.5 / p99 per route kind, and the server's resident memory at each minute (target:
 * the last minute within 10% of the second). Exits 1 when a target is missed.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startPostgresServer, type EmbeddedDatabase } from '../server/db/embedded';
import { startSite, stopSite, waitForHealth } from './server';
import { percentile } from './stats';

const PORT = Number(process.env.BENCH_PORT ?? 3970);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.data/bench-soak';
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const OUTAGE_SECONDS = Number(process.env.SOAK_OUTAGE_SECONDS ?? 0);
const REQUEST_TIMEOUT_MS = 30_000;
// Demo library ids (server/seed is deterministic): a popular title, its latest issue.
const MAGAZINE = 1061;
const ISSUE = 100280;

interface Route {
  kind: string;
  next(): { url: string; init?: RequestInit };
}

interface Sample {
  kind: string;
  status: number;
  ms: number;
  at: number;
}

async function signInAsGuest(n: number): Promise<{ cookie: string; token: string; uid: number; libid: number }> {
  const response = await fetch(`${BASE}/api/user/loginAsGuest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uniqId: `bench-soak-${process.pid}-${n}`, os: 'web' }),
  });
  const body = (await response.json()) as { jwtoken?: string; uid?: number; libid?: number };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0])
    .join('; ');
  if (!response.ok || !body.jwtoken) throw new Error(`guest sign-in failed (${response.status})`);
  return { cookie, token: body.jwtoken, uid: Number(body.uid), libid: Number(body.libid) };
}

/** The route kinds of a member's visit; each next() gives the following address of its kind. */
async function memberRoutes(member: Awaited<ReturnType<typeof signInAsGuest>>): Promise<Route[]> {
  const page = { headers: { cookie: member.cookie, accept: 'text/html' } };
  const api = (body?: unknown): RequestInit => ({
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const cycle = (kind: string, items: { url: string; init?: RequestInit }[]): Route => {
    let i = 0;
    return { kind, next: () => items[(i += 1) % items.length] };
  };
  const words = ['harbour', 'market', 'river', 'garden', 'science', 'music', 'travel', 'school'];
  const stories = (await (await fetch(`${BASE}/api/article/v1/article?storeID=1&section=sec_60&page=0`, { headers: { cookie: member.cookie } })).json()) as {
    Articles?: { url: string }[];
  };
  const code = await fetch(`${BASE}/api/user/genCode?isLib=1`, api({ user_id: member.uid, issue: ISSUE, lib_id: member.libid }));
  const codeBody = (await code.json().catch(() => ({}))) as { code?: string };
  let images: string[] = [];
  if (codeBody.code) {
    const issue = await fetch(`${BASE}/api/reader/issue?code=${encodeURIComponent(codeBody.code)}&issue=${ISSUE}`, api());
    const pages = ((await issue.json().catch(() => ({}))) as { pages?: { src: string[] }[] }).pages ?? [];
    images = pages.slice(0, 12).map((p) => p.src[0]);
  }
  return [
    cycle('home', [{ url: '/', init: page }]),
    cycle('listing', ['/magazines/BS/en', '/magazines/9/en', '/magazines/52/en', '/journals'].map((url) => ({ url, init: page }))),
    cycle('magazine', [{ url: `/magazine/${MAGAZINE}`, init: page }]),
    cycle('issue', [{ url: `/magazine/${MAGAZINE}/${ISSUE}`, init: page }]),
    cycle('story list', [{ url: '/stories/category/Cover-Stories/sec_60', init: page }]),
    cycle('story', (stories.Articles ?? []).slice(0, 10).map((story) => ({ url: story.url, init: page }))),
    cycle('search page', words.map((word) => ({ url: `/search?q=${word}`, init: page }))),
    cycle('search API', words.map((word) => ({ url: `/api/catalogue/magazine-search?q=${word}`, init: api() }))),
    cycle('favourites', [
      { url: '/api/user/addmy_fav', init: api({ uid: member.uid, mid: MAGAZINE, os: 'web' }) },
      { url: '/api/user/getMyFav', init: api({ uid: member.uid, os: 'web' }) },
    ]),
    cycle('reader code', [{ url: '/api/user/genCode?isLib=1', init: api({ user_id: member.uid, issue: ISSUE, lib_id: member.libid }) }]),
    cycle('page image', images.map((url) => ({ url, init: { headers: { accept: 'image/webp,image/*' } } }))),
  ].filter((route) => {
    try {
      route.next();
      return true;
    } catch {
      return false;
    }
  });
}

async function request(route: Route): Promise<Sample> {
  const { url, init } = route.next();
  const started = performance.now();
  try {
    const response = await fetch(`${BASE}${url}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.arrayBuffer();
    return { kind: route.kind, status: response.status, ms: performance.now() - started, at: Date.now() };
  } catch {
    return { kind: route.kind, status: 0, ms: performance.now() - started, at: Date.now() };
  }
}

/** Resident memory of the server's processes (the npm start group: Next.js and, when embedded, the database), in MB. */
function residentMb(groupId: number): { total: number; largest: number } {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '-g', String(groupId)], { encoding: 'utf8' });
    const sizes = out.split('\n').map(Number).filter((n) => n > 0);
    return { total: sizes.reduce((a, b) => a + b, 0) / 1024, largest: Math.max(0, ...sizes) / 1024 };
  } catch {
    return { total: Number.NaN, largest: Number.NaN };
  }
}

async function main() {
  let database: EmbeddedDatabase | null = null;
  const env: { DATABASE_URL?: string } = { DATABASE_URL: process.env.DATABASE_URL };
  if (OUTAGE_SECONDS > 0) {
    database = await startPostgresServer({ dataDir: path.resolve(DATA_DIR, 'postgres'), port: PORT + 1 });
    env.DATABASE_URL = database.url;
  }
  console.log(`[soak] starting the production server on ${BASE} (data in ${DATA_DIR}${database ? `, its own PostgreSQL at ${database.url}` : env.DATABASE_URL ? `, PostgreSQL at ${env.DATABASE_URL}` : ', the embedded database'})`);
  const server = startSite({
    database: env.DATABASE_URL ? 'postgresql' : 'embedded',
    pgUrl: env.DATABASE_URL,
    dataDir: DATA_DIR,
    port: PORT,
  });
  process.on('SIGINT', () => {
    void stopSite(server).then(() => process.exit(130));
  });
  try {
    await waitForHealth(server, BASE, path.join(DATA_DIR, 'bench-server.log'));
    const members = await Promise.all(Array.from({ length: Math.min(CONNECTIONS, 10) }, (_, n) => signInAsGuest(n)));
    const routeSets = await Promise.all(members.map((member) => memberRoutes(member)));
    const kinds = routeSets[0].map((route) => route.kind);
    for (const route of routeSets[0]) {
      const sample = await request(route);
      if (sample.status !== 200) console.log(`[soak] ${route.kind} answered ${sample.status} before the load: left out`);
    }
    console.log(`[soak] ${CONNECTIONS} members for ${SECONDS} s over: ${kinds.join(', ')}`);

    const samples: Sample[] = [];
    const memory: { minute: number; total: number; largest: number }[] = [];
    const started = Date.now();
    const ends = started + SECONDS * 1000;
    let outage: { from: number; to: number } | null = null;
    const memoryTimer = setInterval(() => {
      const minute = Math.round((Date.now() - started) / 60_000);
      const rss = residentMb(server.pid!);
      memory.push({ minute, ...rss });
      console.log(`[soak] minute ${minute}: ${rss.total.toFixed(0)} MB resident (largest process ${rss.largest.toFixed(0)} MB), ${samples.length} requests so far`);
    }, 60_000);
    const outageDone =
      database && OUTAGE_SECONDS > 0
        ? (async () => {
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, (SECONDS - OUTAGE_SECONDS) * 500)));
            const from = Date.now();
            console.log(`[soak] stopping the database for ${OUTAGE_SECONDS} s`);
            await database.stop();
            await new Promise((resolve) => setTimeout(resolve, OUTAGE_SECONDS * 1000));
            database = await startPostgresServer({ dataDir: path.resolve(DATA_DIR, 'postgres'), port: PORT + 1 });
            outage = { from, to: Date.now() };
            console.log('[soak] the database is back');
          })()
        : Promise.resolve();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, n) => {
        const routes = routeSets[n % routeSets.length];
        for (let i = n; Date.now() < ends; i += 1) samples.push(await request(routes[i % routes.length]));
      }),
    );
    clearInterval(memoryTimer);
    await outageDone;

    const window = outage as { from: number; to: number } | null;
    const inOutage = (sample: Sample) => window !== null && sample.at >= window.from && sample.at <= window.to + 5_000;
    const refusedInOutage = samples.filter((s) => inOutage(s) && s.status === 503).length;
    const errors = samples.filter((s) => (s.status === 0 || s.status >= 400) && !(inOutage(s) && s.status === 503));
    console.log(`\nbench/soak: ${CONNECTIONS} members, ${SECONDS} s, ${samples.length} requests (${(samples.length / SECONDS).toFixed(0)} req/s)`);
    console.log(`errors: ${errors.length} (target 0)${errors.length ? ` — ${summariseErrors(errors)}` : ''}`);
    if (window) console.log(`database outage: ${OUTAGE_SECONDS} s, ${refusedInOutage} answers of 503 meanwhile; recovered ${recoveryAfter(samples, window.to)}`);
    console.log(`${'route kind'.padEnd(14)} ${'requests'.padStart(9)} ${'p95'.padStart(8)} ${'p97.5'.padStart(8)} ${'p99'.padStart(8)}`);
    for (const kind of kinds) {
      const times = samples.filter((s) => s.kind === kind && s.status > 0 && s.status < 400).map((s) => s.ms);
      const cell = (p: number) => `${percentile(times, p).toFixed(0)} ms`.padStart(8);
      console.log(`${kind.padEnd(14)} ${String(times.length).padStart(9)} ${cell(95)} ${cell(97.5)} ${cell(99)}`);
    }
    const all = samples.filter((s) => s.status > 0 && s.status < 400).map((s) => s.ms);
    console.log(`${'all'.padEnd(14)} ${String(all.length).padStart(9)} ${`${percentile(all, 95).toFixed(0)} ms`.padStart(8)} ${`${percentile(all, 97.5).toFixed(0)} ms`.padStart(8)} ${`${percentile(all, 99).toFixed(0)} ms`.padStart(8)}`);
    let memoryOk = true;
    if (memory.length >= 3) {
      const second = memory[1].total;
      const last = memory[memory.length - 1].total;
      memoryOk = last <= second * 1.1;
      console.log(`memory: ${memory.map((m) => `${m.total.toFixed(0)}`).join(' → ')} MB; last minute ${(((last - second) / second) * 100).toFixed(1)}% over the second (target within 10%) ${memoryOk ? 'PASS' : 'FAIL'}`);
    } else {
      const minutes = memory.map((m) => `${m.total.toFixed(0)} MB`).join(' → ') || 'no minute completed';
      console.log(`memory: ${minutes} (run 3 minutes or more for the growth check)`);
    }
    process.exitCode = errors.length === 0 && memoryOk ? 0 : 1;
  } finally {
    await stopSite(server);
    await database?.stop().catch(() => undefined);
  }
}

function summariseErrors(errors: Sample[]): string {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(`${e.kind} ${e.status || 'no answer'}`, (counts.get(`${e.kind} ${e.status || 'no answer'}`) ?? 0) + 1);
  return [...counts].map(([key, n]) => `${n}× ${key}`).join(', ');
}

/** How long after the database's return the first request succeeded. */
function recoveryAfter(samples: Sample[], back: number): string {
  const first = samples.filter((s) => s.at >= back && s.status > 0 && s.status < 400).sort((x, y) => x.at - y.at)[0];
  return first ? `${((first.at - back) / 1000).toFixed(1)} s after it came back` : 'never within the run';
}

main().catch((error: unknown) => {
  console.error('[soak] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
