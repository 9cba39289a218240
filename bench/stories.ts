/**
 * bench/stories: a story list page and a story page under load, each against the trivial liveness route
 * (/api/health) measured in the same run, on the production build.
 *
 *   npm run build && npx tsx bench/stories.ts
 *
 * Starts `npm start` itself on its own port and data directory (BENCH_PORT, default 3140; BENCH_DATA_DIR, default
 * .data/bench-stories; the first start seeds the demo library), signs in as a guest for a session cookie, then runs
 * autocannon with 10 connections: a warm-up per route, then 3 rounds of every route in turn (so a busy moment on the
 * machine falls on all of them alike), and takes each route's median. Prints requests per second, p95 latency and
 * the ratio to the trivial route, with PASS/FAIL against the targets: at least 0.25 of the trivial route's
 * throughput and p95 under 60 ms. Exits 1 when a target is missed. Every request carries the session cookie and a
 * browser's Accept-Encoding (bench/request-headers.ts; BENCH_ACCEPT_ENCODING='' for uncompressed).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REQUEST_HEADERS_NOTE, requestHeaders } from './request-headers';
import { median, percentile } from './stats';
import { waitForHealth } from './server';

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void;
}
type Autocannon = (options: Record<string, unknown>, done: (error: Error | null, result: AutocannonResult) => void) => AutocannonInstance;

// autocannon ships no types; it is loaded through require with the small surface used here.
const autocannon = createRequire(path.join(process.cwd(), 'package.json'))('autocannon') as Autocannon;

const PORT = Number(process.env.BENCH_PORT ?? 3140);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.data/bench-stories';
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 10;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const RUN_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 3;
const TARGET = { ratio: 0.25, p95Ms: 60 };

interface Run {
  rps: number;
  p95: number;
  failures: number;
}

function load(url: string, cookie: string, seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: requestHeaders(cookie) }, (error, result) => {
      if (error) return reject(error);
      resolve({ rps: result.requests.total / result.duration, p95: percentile(times, 95), failures: result.errors + result.timeouts + result.non2xx });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

async function guestCookie(): Promise<string> {
  const response = await fetch(`${BASE}/api/user/loginAsGuest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uniqId: 'bench-stories-guest', os: 'web' }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .find((cookie) => cookie.startsWith('session='));
  if (!response.ok || !session) throw new Error(`guest sign-in failed (${response.status})`);
  return session;
}

/** The page must answer 200 with what a reader expects, or the numbers would measure an error page. */
async function check(url: string, cookie: string, mustContain: string): Promise<void> {
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200 || !html.includes(mustContain)) throw new Error(`${url} answered ${response.status} without “${mustContain}”`);
}

async function main() {
  console.log(`[bench] starting the production server on ${BASE} (data in ${DATA_DIR})`);
  const server = spawn('npm', ['start', '--', '-p', String(PORT), '-H', '127.0.0.1'], {
    env: { ...process.env, DATA_DIR, NODE_ENV: 'production', PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    await waitForHealth(server, BASE);
    const cookie = await guestCookie();
    const covers = (await (await fetch(`${BASE}/api/article/v1/article?storeID=1&section=sec_60&page=0`, { headers: { cookie } })).json()) as {
      Articles: Array<{ url: string; title: string }>;
    };
    const story = covers.Articles[0];
    const routes = [
      { name: 'trivial /api/health', url: `${BASE}/api/health`, text: '"ok"' },
      { name: 'story list /stories/category/Cover-Stories/sec_60', url: `${BASE}/stories/category/Cover-Stories/sec_60`, text: 'Cover Stories' },
      { name: `story page ${story.url}`, url: `${BASE}${story.url}`, text: 'id="story-title"' },
    ];
    for (const route of routes) await check(route.url, cookie, route.text);

    console.log(`[bench] warm-up, ${WARMUP_SECONDS} s a route`);
    for (const route of routes) await load(route.url, cookie, WARMUP_SECONDS);
    const runs = new Map<string, Run[]>(routes.map((route) => [route.name, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const route of routes) {
        const run = await load(route.url, cookie, RUN_SECONDS);
        runs.get(route.name)!.push(run);
        console.log(`[bench] round ${round} ${route.name}: ${run.rps.toFixed(0)} req/s, p95 ${run.p95.toFixed(0)} ms`);
      }
    }

    const summary = routes.map((route) => {
      const list = runs.get(route.name)!;
      return { name: route.name, rps: median(list.map((r) => r.rps)), p95: median(list.map((r) => r.p95)), failures: list.reduce((n, r) => n + r.failures, 0) };
    });
    const trivial = summary[0];
    console.log(`\nbench/stories: ${CONNECTIONS} connections, ${REQUEST_HEADERS_NOTE}, ${ROUNDS} rounds of ${RUN_SECONDS} s, medians (targets: >= ${TARGET.ratio} of the trivial route, p95 < ${TARGET.p95Ms} ms)`);
    let failed = false;
    for (const row of summary) {
      const ratio = row.rps / trivial.rps;
      const pass = row === trivial || (ratio >= TARGET.ratio && row.p95 < TARGET.p95Ms && row.failures === 0);
      if (!pass) failed = true;
      const verdict = row === trivial ? '' : pass ? 'PASS' : 'FAIL';
      console.log(
        `${row.name.padEnd(64)} ${row.rps.toFixed(0).padStart(6)} req/s  p95 ${row.p95.toFixed(0).padStart(4)} ms  ratio ${ratio.toFixed(2)}${row.failures ? `  ${row.failures} failed requests` : ''}  ${verdict}`,
      );
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
