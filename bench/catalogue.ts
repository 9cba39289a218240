/**
 * Catalogue pages under load: `npx tsx bench/catalogue.ts` (after `npx next build`).
 *
 * Starts the production server itself (`npm start` with its own DATA_DIR and port; the first start seeds the demo
 * library there), signs in as a guest for a session cookie, then runs autocannon (10 connections, a warm-up, then 3
 * runs per route, interleaved) against the trivial liveness route /api/health, /magazines/BS/en and /magazine/{mid}
 * (and /login, the app's smallest server-rendered page, for scale). Prints each page's median throughput and p95
 * latency, their ratio to the trivial route in the same run, and PASS/FAIL against the targets: at least 0.25 of the
 * trivial route's throughput, p95 under 60 ms.
 *
 * Every request carries the session cookie and a browser's Accept-Encoding (bench/request-headers.ts).
 *
 * Environment: BENCH_PORT (3190), BENCH_DATA_DIR (.data/bench), BENCH_SECONDS per run (10), BENCH_CONNECTIONS (10), BENCH_ACCEPT_ENCODING ('' for uncompressed).
 * Exits 1 when a page misses a target.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { REQUEST_HEADERS_NOTE, requestHeaders } from './request-headers';
import { median, percentile } from './stats';
import { waitForHealth } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3190);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.data/bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 3;
const RUNS = 3;
const BASE = `http://127.0.0.1:${PORT}`;

const TARGET = { ratio: 0.25, p95Ms: 60 } as const;

interface Measurement {
  rps: number;
  p95: number;
  non2xx: number;
  errors: number;
}

function startServer(): ChildProcess {
  if (!fs.existsSync(path.join('.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npx next build` first');
  }
  console.log(`starting the production server on port ${PORT} with DATA_DIR=${DATA_DIR} (the first start seeds it)`);
  // Its own process group, so the whole tree (npm, the start script, Next.js, the embedded database) stops together.
  const child = spawn('npm', ['start', '--', '-p', String(PORT), '-H', '127.0.0.1'], {
    env: { ...process.env, DATA_DIR, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = fs.createWriteStream(path.join(DATA_DIR, 'bench-server.log'), { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

function stopServer(child: ChildProcess): void {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

/** A guest's session cookie, as a person gets it from 'Continue as guest'. */
async function guestCookie(): Promise<string> {
  const res = await fetch(`${BASE}/api/user/loginAsGuest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uniqId: 'bench-guest-0001', os: 'web' }),
  });
  const body = (await res.json()) as { status: number };
  const session = res.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
  if (body.status !== 1 || !session) throw new Error('guest sign-in failed');
  return session.split(';', 1)[0];
}

/** The first title of Most Popular in English, as the guest sees it. */
async function firstMagazine(cookie: string): Promise<number> {
  const res = await fetch(`${BASE}/api/catalogue/magazine-filter?categoryID=BS&lang=en&page=1`, { headers: { cookie } });
  const body = (await res.json()) as { data: Array<{ mid: number }> };
  if (!body.data?.[0]) throw new Error('Most Popular in English is empty');
  return body.data[0].mid;
}

async function measure(url: string, cookie: string, seconds: number): Promise<Measurement> {
  const times: number[] = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: requestHeaders(cookie), timeout: 30 });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return { rps: times.length / result.duration, p95: percentile(times, 95), non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

async function main(): Promise<void> {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const server = startServer();
  const stop = () => stopServer(server);
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    await waitForHealth(server, BASE, `${DATA_DIR}/bench-server.log`);
    const cookie = await guestCookie();
    const mid = await firstMagazine(cookie);
    const routes = [
      { name: 'trivial /api/health', path: '/api/health', judged: false },
      { name: '/magazines/BS/en', path: '/magazines/BS/en', judged: true },
      { name: `/magazine/${mid}`, path: `/magazine/${mid}`, judged: true },
      // For scale, not judged: the smallest server-rendered page of the app (one query, a small form).
      { name: 'reference /login', path: '/login', judged: false },
    ];

    for (const route of routes) {
      const check = await fetch(`${BASE}${route.path}`, { headers: { cookie }, redirect: 'manual' });
      if (check.status !== 200) throw new Error(`${route.path} answered ${check.status}, not 200`);
      await measure(`${BASE}${route.path}`, cookie, WARM_UP_SECONDS);
    }

    const runs = new Map<string, Measurement[]>(routes.map((route) => [route.path, []]));
    for (let run = 1; run <= RUNS; run += 1) {
      for (const route of routes) {
        const result = await measure(`${BASE}${route.path}`, cookie, SECONDS);
        runs.get(route.path)!.push(result);
        console.log(`run ${run} ${route.name}: ${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`);
      }
    }

    const summary = routes.map((route) => {
      const all = runs.get(route.path)!;
      return { ...route, rps: median(all.map((m) => m.rps)), p95: median(all.map((m) => m.p95)), failed: all.reduce((n, m) => n + m.non2xx + m.errors, 0) };
    });
    const trivial = summary[0];
    console.log(`\nmedians of ${RUNS} runs of ${SECONDS}s, ${CONNECTIONS} connections, ${REQUEST_HEADERS_NOTE} (targets: >= ${TARGET.ratio} of trivial throughput, p95 < ${TARGET.p95Ms} ms)`);
    console.log(`${trivial.name.padEnd(24)} ${trivial.rps.toFixed(0).padStart(6)} req/s  p95 ${trivial.p95.toFixed(1).padStart(6)} ms`);
    let pass = true;
    for (const page of summary.slice(1)) {
      const ratio = page.rps / trivial.rps;
      const ok = ratio >= TARGET.ratio && page.p95 < TARGET.p95Ms && page.failed === 0;
      if (page.judged) pass &&= ok;
      const verdict = page.judged ? (ok ? 'PASS' : 'FAIL') : '(not judged)';
      console.log(
        `${page.name.padEnd(24)} ${page.rps.toFixed(0).padStart(6)} req/s  p95 ${page.p95.toFixed(1).padStart(6)} ms  ratio ${ratio.toFixed(3)}  ${verdict}${page.failed ? ` (${page.failed} failed responses)` : ''}`,
      );
    }
    process.exitCode = pass ? 0 : 1;
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
