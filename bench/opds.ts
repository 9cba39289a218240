/**
 * Reading apps under load: `npx tsx bench/opds.ts` (after `npx next build`).
 *
 * Starts the production server (its own DATA_DIR and port; the first start seeds the demo library), signs in the
 * demo member, and with autocannon (10 connections, a warm-up, then 3 interleaved runs) measures, as an OPDS app asks
 * for them with HTTP Basic (the member's email and password):
 * - the OPDS 1.2 feed of the latest issues (20 entries): p95 must be under 50 ms;
 * - a PSE page (page 1 of an issue at the 2x width) against the web reader's own page image of the same page at 2x
 *   (its signed address, the member's session), both asked for as JPEG: the PSE page's throughput must be at least
 *   0.8 of the reader's (as fast, within the run's noise);
 * - /api/health for scale.
 * Prints medians, the ratios measured in the same run, and PASS/FAIL. Exits 1 when a target is missed.
 *
 * Environment: BENCH_PORT (3252), BENCH_DATA_DIR (.data/bench-opds), BENCH_SECONDS per run (10), BENCH_CONNECTIONS (10).
 */
import autocannon from 'autocannon';
import { DEMO_MEMBER, signInDemoMember, startSite, stopSite, waitForHealth } from './server';
import { median, percentile } from './stats';

const PORT = Number(process.env.BENCH_PORT ?? 3252);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.data/bench-opds';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 3;
const RUNS = 3;
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET = { feedP95Ms: 50, pageRatio: 0.8 } as const;

interface Measurement {
  rps: number;
  p95: number;
  failed: number;
}

async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<Measurement> {
  const times: number[] = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, timeout: 30 });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return { rps: times.length / result.duration, p95: percentile(times, 95), failed: result.non2xx + result.errors + result.timeouts };
}

async function main(): Promise<void> {
  const server = startSite({ database: 'embedded', dataDir: DATA_DIR, port: PORT });
  process.on('SIGINT', () => {
    void stopSite(server).then(() => process.exit(130));
  });
  try {
    await waitForHealth(server, BASE, `${DATA_DIR}/bench-server.log`);
    const member = await signInDemoMember(BASE);
    const basic = { authorization: `Basic ${Buffer.from(`${DEMO_MEMBER.email}:${DEMO_MEMBER.password}`).toString('base64')}`, accept: 'image/jpeg' };
    const latestPath = `/api/opds/${member.libraryId}/latest`;
    const latest = await fetch(`${BASE}${latestPath}`, { headers: basic });
    const feed = await latest.text();
    const entries = feed.match(/<entry>/g)?.length ?? 0;
    if (latest.status !== 200 || entries !== 20) throw new Error(`${latestPath} answered ${latest.status} with ${entries} entries, not 200 with 20`);
    const issueId = Number(/\/issues\/(\d+)\/pages\//.exec(feed)?.[1]);

    // The web reader's page image of the same page at 2x, at the address its code signs, with the member's session.
    const codeAnswer = await fetch(`${BASE}/api/user/genCode?isLib=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: member.userId, issue: issueId, lib_id: member.libraryId, store_id: 1, user_con: 'IN', readtype: 'reader', userLang: 'en', purType: 1, isnews: 0, ageRating: 5, device: 'web', clvr: 'bench', 'Is Gold': 1 }),
    });
    const { code } = (await codeAnswer.json()) as { code: string };
    const issue = (await (await fetch(`${BASE}/api/reader/issue?code=${encodeURIComponent(code)}&issue=${issueId}`, { headers: { cookie: member.cookie } })).json()) as {
      pages: { width: number; src: string[] }[];
    };
    const readerPage = issue.pages[0].src[1];
    const psePath = `/api/opds/${member.libraryId}/issues/${issueId}/pages/0?width=${issue.pages[0].width * 2}`;

    const routes = [
      { name: 'trivial /api/health', path: '/api/health', headers: {} as Record<string, string> },
      { name: 'OPDS latest (20)', path: latestPath, headers: basic },
      { name: 'reader page 2x', path: readerPage, headers: { cookie: member.cookie, accept: 'image/jpeg' } },
      { name: 'PSE page 2x', path: psePath, headers: basic },
    ];
    for (const route of routes) {
      const check = await fetch(`${BASE}${route.path}`, { headers: route.headers });
      if (check.status !== 200) throw new Error(`${route.name} answered ${check.status}, not 200`);
      if (route.path !== '/api/health' && route.path !== latestPath && check.headers.get('content-type') !== 'image/jpeg') throw new Error(`${route.name} is not JPEG`);
      await measure(`${BASE}${route.path}`, route.headers, WARM_UP_SECONDS);
    }
    const runs = new Map<string, Measurement[]>(routes.map((route) => [route.name, []]));
    for (let run = 1; run <= RUNS; run += 1) {
      for (const route of routes) {
        const result = await measure(`${BASE}${route.path}`, route.headers, SECONDS);
        runs.get(route.name)!.push(result);
        console.log(`run ${run} ${route.name}: ${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms${result.failed ? `, ${result.failed} failed` : ''}`);
      }
    }
    const summary = new Map(
      routes.map((route) => {
        const all = runs.get(route.name)!;
        return [route.name, { rps: median(all.map((m) => m.rps)), p95: median(all.map((m) => m.p95)), failed: all.reduce((n, m) => n + m.failed, 0) }];
      }),
    );
    console.log(`\nmedians of ${RUNS} runs of ${SECONDS}s, ${CONNECTIONS} connections`);
    for (const [name, m] of summary) console.log(`${name.padEnd(22)} ${m.rps.toFixed(0).padStart(6)} req/s  p95 ${m.p95.toFixed(1).padStart(6)} ms${m.failed ? `  (${m.failed} failed)` : ''}`);
    const feedRun = summary.get('OPDS latest (20)')!;
    const pageRatio = summary.get('PSE page 2x')!.rps / summary.get('reader page 2x')!.rps;
    const feedOk = feedRun.p95 < TARGET.feedP95Ms && feedRun.failed === 0;
    const pageOk = pageRatio >= TARGET.pageRatio && summary.get('PSE page 2x')!.failed === 0;
    console.log(`OPDS feed of 20 entries: p95 ${feedRun.p95.toFixed(1)} ms (target < ${TARGET.feedP95Ms} ms), ${(feedRun.rps / summary.get('trivial /api/health')!.rps).toFixed(3)} of the trivial route: ${feedOk ? 'PASS' : 'FAIL'}`);
    console.log(`PSE page / reader page throughput: ${pageRatio.toFixed(3)} (target >= ${TARGET.pageRatio}): ${pageOk ? 'PASS' : 'FAIL'}`);
    process.exitCode = feedOk && pageOk ? 0 : 1;
  } finally {
    await stopSite(server);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
