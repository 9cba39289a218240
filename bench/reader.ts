/**
 * The reader's speed: `npx tsx bench/reader.ts` after `npx next build`.
 *
 * Starts the production build on loopback (port BENCH_PORT, 3171 by default, with its own DATA_DIR under
 * .data/bench-reader, seeded on first start), signs in as the demo member of library 1001, asks for reader codes,
 * and in Chromium measures: navigation to page 1's picture painted (the browser's own Largest Contentful Paint entry for
 * that picture; the moment a poll of the page first saw it decoded is printed beside it), the bytes transferred for it,
 * when the reader's scripts have run (Next's hydration: the toolbar works from then; the scripts wait for that picture,
 * lib/held-scripts.ts), and turning to a prefetched page. Page images are rendered on their first request, so each issue is measured cold (its rendered pages removed)
 * and then warm (rendered and on disk; a new code, so the browser's cache is empty). Also prints the reader route's
 * first-load JS from the build manifest. Then, on the page turned to (warm: its text loaded with its picture), the
 * switch to the text view (key T) until its text is on screen. Targets: first page < 300 ms, page 1 at 1x < 150 kB,
 * turn < 50 ms, text view < 100 ms, first-load JS < 150 kB gzip.
 *
 * A/B on this shared, noisy machine: BENCH_OTHER=<another checkout, built> starts its site too (port BENCH_OTHER_PORT,
 * BENCH_PORT+1 by default; data in BENCH_DATA_DIR-other) and makes every visit on both builds in turn, the order
 * swapped from one visit to the next, then prints each build's first page and this/other visit by visit.
 * BENCH_ROUNDS visits each issue that many times (1). The load average is printed with each visit.
 *
 *   git archive <before> | tar -x -C /tmp/before && ln -s $PWD/node_modules /tmp/before/ && (cd /tmp/before && npx next build)
 *   BENCH_OTHER=/tmp/before BENCH_ROUNDS=2 npx tsx bench/reader.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { signSessionToken } from '../lib/session-token';
import { firstLoadFiles } from './first-load-js';
import { median } from './stats';

const PORT = Number(process.env.BENCH_PORT ?? 3171);
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'bench-reader-secret-long-enough-for-hs256-0123456789';
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.data/bench-reader';
const MEMBER = { uid: 1, libid: 1001 };
const ISSUES = Number(process.env.BENCH_ISSUES ?? 3);
/** Visits to each issue (cold and warm each time). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** Another checkout, built: its reader measured beside this one's, visit for visit (an A/B on a noisy machine). */
const OTHER = process.env.BENCH_OTHER;
const OTHER_PORT = Number(process.env.BENCH_OTHER_PORT ?? PORT + 1);
const TARGET = { firstPageMs: 300, firstPageBytes: 150_000, turnMs: 50, textViewMs: 100, jsBytes: 150_000 };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

async function waitForServer(server: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start in 10 minutes');
}

async function issueIds(base: string, cookie: string, count: number): Promise<number[]> {
  const listing = await (await fetch(`${base}/magazines/BS/en`, { headers: { cookie } })).text();
  const mids = [...new Set([...listing.matchAll(/href="\/magazine\/(\d+)"/g)].map((m) => Number(m[1])))].slice(0, count);
  const ids: number[] = [];
  for (const mid of mids) {
    const title = await (await fetch(`${base}/magazine/${mid}`, { headers: { cookie } })).text();
    const match = new RegExp(`href="/magazine/${mid}/(\\d+)"`).exec(title);
    if (match) ids.push(Number(match[1]));
  }
  return ids;
}

async function readerCode(base: string, token: string, issue: number): Promise<string> {
  const res = await fetch(`${base}/api/user/genCode?isLib=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: MEMBER.uid, issue, lib_id: MEMBER.libid, store_id: 1, user_con: 'IN', readtype: 'reader', userLang: 'en', purType: 1, isnews: 0, ageRating: 5, device: 'web', clvr: 'bench', 'Is Gold': 1 }),
  });
  if (!res.ok) throw new Error(`genCode ${issue}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { code: string }).code;
}

/** What the first page waited for, in ms from navigation start (from the browser's own timings; -1 when absent). */
interface Waits {
  /** The reader's HTML: its first byte and all of it received (its server time is most of it). */
  htmlFirstByte: number;
  html: number;
  /** The HTML's size as sent (compressed, when it was). */
  htmlBytes: number;
  /**
   * Page 1's image: asked for, sent (after waiting for a free connection: HTTP/1.1 allows six to a host), its first
   * byte (the server's time is firstByte less sent), received.
   */
  imageAsked: number;
  imageSent: number;
  imageFirstByte: number;
  imageReceived: number;
  /** The last of the first load's scripts received, and Next's hydration ended. */
  scriptsReceived: number;
  hydrated: number;
  /** Page 1's text (for its layer): asked for and received. */
  textAsked: number;
  textReceived: number;
  /**
   * The page's picture on screen: the browser's Largest Contentful Paint entry for page 1's picture (-1 when the
   * largest paint was something else). The bench's poll below sees the same picture later, by as much as the main
   * thread is busy: Playwright's poll is a script in the page, so it waits behind parsing, layout and the scripts.
   */
  lcp: number;
  /** The main thread's long tasks (over 50 ms) between the picture received and LCP: how long its paint waited on script. */
  blockedMs: number;
}

interface Run {
  waits: Waits;
  /** The same page image asked for again on its own, from Node, to its first byte: the server's time without company. */
  imageAloneMs: number;
  /** Page 1's picture painted (its LCP entry), or when absent the poll's moment. */
  firstPageMs: number;
  /** When the poll (each frame, a script in the page) first saw page 1's picture decoded. */
  polledMs: number;
  firstPageBytes: number;
  turnMs: number;
  textViewMs: number;
}

async function measure(browser: Browser, base: string, token: string, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 800, height: 1000 } });
  await context.addCookies([{ name: 'session', value: token, url: base, httpOnly: true }]);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  // Polled each frame: the time (from navigation start) at which page 1's image is decoded, seen from the page.
  const polledMs = await (
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('img[data-page="1"]');
        return img && img.complete && img.naturalWidth > 0 ? performance.now() : null;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
  ).jsonValue();
  // The reader's scripts wait for the first page's picture (lib/held-scripts.ts): the toolbar works once they have run,
  // so hydration is waited for and printed beside the picture.
  await page.waitForFunction(() => performance.getEntriesByName('Next.js-hydration').length > 0, undefined, { timeout: 30_000 });
  // A string, so tsx's name helpers (__name) do not reach the page.
  const waits = await page.evaluate<Waits>(`(async () => {
    const end = (entry, key) => (entry ? Math.round(entry[key]) : -1);
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const src = document.querySelector('img[data-page="1"]').currentSrc;
    const image = resources.find((e) => e.name === src);
    const text = resources.find((e) => e.name.includes('/api/reader/text') && /[?&]page=1(&|$)/.test(e.name));
    const scripts = resources.filter((e) => e.initiatorType === 'script' || /\\.js(\\?|$)/.test(e.name));
    const hydration = performance.getEntriesByName('Next.js-hydration')[0];
    const lcp = await new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const picture = list.getEntries().filter((e) => e.url === src).at(-1);
        resolve(picture ? picture.renderTime || picture.startTime : -1);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(-1), 1000);
    });
    const longTasks = await new Promise((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'longtask', buffered: true });
      setTimeout(() => resolve([]), 500);
    });
    const from = image ? image.responseEnd : 0;
    const blocked = longTasks.reduce((sum, task) => sum + Math.max(0, Math.min(task.startTime + task.duration, lcp) - Math.max(task.startTime, from)), 0);
    return {
      htmlFirstByte: end(nav, 'responseStart'),
      html: end(nav, 'responseEnd'),
      htmlBytes: nav ? nav.encodedBodySize : -1,
      imageAsked: end(image, 'startTime'),
      imageSent: end(image, 'requestStart'),
      imageFirstByte: end(image, 'responseStart'),
      imageReceived: end(image, 'responseEnd'),
      scriptsReceived: scripts.length ? Math.round(Math.max(...scripts.map((e) => e.responseEnd))) : -1,
      hydrated: hydration ? Math.round(hydration.startTime + hydration.duration) : -1,
      textAsked: end(text, 'startTime'),
      textReceived: end(text, 'responseEnd'),
      lcp: Math.round(lcp),
      blockedMs: lcp > 0 ? Math.round(blocked) : -1,
    };
  })()`);
  const imageSrc = await page.evaluate(() => document.querySelector<HTMLImageElement>('img[data-page="1"]')!.currentSrc);
  const firstPageBytes = await page.evaluate(() => {
    const src = document.querySelector<HTMLImageElement>('img[data-page="1"]')!.currentSrc;
    const entry = performance.getEntriesByType('resource').find((e) => e.name === src) as PerformanceResourceTiming | undefined;
    return entry ? entry.transferSize || entry.encodedBodySize : -1;
  });
  // Let the prefetch of pages 2 and 3 finish, then turn with the keyboard and wait for page 2 to be on screen.
  await page.waitForFunction(() => performance.getEntriesByType('resource').filter((e) => /\/api\/reader\/page\/[^/]+\/p[23]x1-/.test(e.name)).length >= 2, undefined, { timeout: 30_000 });
  // A string, so tsx's name helpers (__name) do not reach the page.
  const turnMs = await page.evaluate<number>(`new Promise((resolve) => {
    const start = performance.now();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    const check = () => {
      const img = document.querySelector('img[data-page="2"]');
      if (img && img.complete && img.naturalWidth > 0) resolve(performance.now() - start);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
  // Warm: the page's text layer is over its picture, so its text is in the browser.
  await page.waitForSelector('svg[data-text-layer="2"]', { state: 'attached', timeout: 30_000 });
  const textViewMs = await page.evaluate<number>(`new Promise((resolve) => {
    const start = performance.now();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 't' }));
    const check = () => {
      const text = document.querySelector('#reader-text section[data-page="2"] h3, #reader-text section[data-page="2"] p');
      if (text && text.textContent) resolve(performance.now() - start);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
  await context.close();
  const asked = performance.now();
  const alone = await fetch(imageSrc, { headers: { cookie: `session=${token}`, accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } });
  const imageAloneMs = performance.now() - asked;
  await alone.arrayBuffer();
  const polled = polledMs ?? -1;
  return { waits, imageAloneMs, firstPageMs: waits.lcp > 0 ? waits.lcp : polled, polledMs: polled, firstPageBytes, turnMs, textViewMs };
}

function verdict(value: number, target: number): string {
  return value < target ? 'PASS' : 'FAIL';
}

function firstLoadJs(): { route: string; bytes: number }[] {
  const manifest = JSON.parse(fs.readFileSync(path.join('.next', 'build-manifest.json'), 'utf8'));
  return ['/reader/[code]/[issue]', '/q/temp/tpreader'].map((route) => ({
    route,
    bytes: firstLoadFiles(manifest, route).reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join('.next', file)), { level: 9 }).length, 0),
  }));
}

interface Site {
  /** 'this' (this checkout's build) or 'other' (BENCH_OTHER's). */
  name: string;
  base: string;
  dataDir: string;
  server: ChildProcess;
  token: string;
  ids: number[];
}

function startServer(cwd: string, port: number, dataDir: string): ChildProcess {
  return spawn('npm', ['start', '--', '-p', String(port), '-H', '127.0.0.1'], {
    cwd,
    env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: SECRET, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

function stopServer(server: ChildProcess): void {
  // The server's process group (npm, the start script, Next and the embedded database); gone already if it died.
  try {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  } catch {
    // nothing left to stop
  }
}

async function ready(name: string, base: string, dataDir: string, server: ChildProcess): Promise<Site> {
  await waitForServer(server, base);
  const { token } = await signSessionToken({ ...MEMBER, mexp: Math.floor(Date.parse('2027-12-31T23:59:59Z') / 1000), guest: false }, SECRET, 3600);
  const ids = await issueIds(base, `session=${token}`, ISSUES);
  return { name, base, dataDir, server, token, ids };
}

function load(): string {
  return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

function summary(values: number[]): string {
  const under = values.filter((v) => v < TARGET.firstPageMs).length;
  return `median ${median(values).toFixed(0)} ms, ${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)} ms, ${under} of ${values.length} under ${TARGET.firstPageMs} ms`;
}

async function main(): Promise<void> {
  const servers: ChildProcess[] = [];
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const thisServer = startServer(process.cwd(), PORT, DATA_DIR);
    servers.push(thisServer);
    // Its own data directory beside this one's (an absolute path: the other server runs in its own checkout).
    const otherDir = path.resolve(`${DATA_DIR}-other`);
    const otherServer = OTHER ? startServer(path.resolve(OTHER), OTHER_PORT, otherDir) : null;
    if (otherServer) servers.push(otherServer);
    const sites = [await ready('this', BASE, DATA_DIR, thisServer)];
    if (otherServer) sites.push(await ready('other', `http://127.0.0.1:${OTHER_PORT}`, otherDir, otherServer));
    for (const site of sites) console.log(`reader (${site.name}) on ${site.base}, issues ${site.ids.join(', ')} (member ${MEMBER.uid} of library ${MEMBER.libid})`);
    const rows: { label: string; site: string; run: Run; load: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < ISSUES; i++) {
        // Cold: the issue's page images are removed first, so they are drawn for this visit (as on the first reading of
        // an issue); warm: the second visit, with a new code and an empty browser cache, finds the files. With two
        // builds, each visit is made on both in turn, the order swapped from one visit to the next.
        for (const label of ['cold', 'warm']) {
          const order = (round * ISSUES * 2 + i * 2 + (label === 'warm' ? 1 : 0)) % 2 ? [...sites].reverse() : sites;
          for (const site of order) {
            const issue = site.ids[i];
            if (issue === undefined) continue;
            if (label === 'cold') fs.rmSync(path.join(site.dataDir, 'media', 'pages', String(issue)), { recursive: true, force: true });
            const code = await readerCode(site.base, site.token, issue);
            const run = await measure(browser, site.base, site.token, `${site.base}/reader/${code}/${issue}?isLib=1`);
            rows.push({ label: `${issue} ${label}`, site: site.name, run, load: load() });
            // As it goes, so a long run shows where it is (and a stopped one what it had).
            console.log(`${site.name} ${issue} ${label}: first page painted ${run.firstPageMs.toFixed(0)} ms${run.waits.lcp > 0 ? '' : ' (no paint entry: polled)'}, polled ${run.polledMs.toFixed(0)} ms, load ${rows.at(-1)?.load}`);
          }
        }
      }
    }
    const tag = (site: string) => (OTHER ? `${site.padEnd(6)}` : '');
    console.log(`${OTHER ? 'build ' : ''}issue       first page painted        page 1 bytes (1x)       turn to prefetched     text view         load`);
    for (const { label, site, run, load: avg } of rows) {
      console.log(
        `${tag(site)}${label.padEnd(12)}${`${run.firstPageMs.toFixed(0)} ms ${verdict(run.firstPageMs, TARGET.firstPageMs)}`.padEnd(26)}${`${(run.firstPageBytes / 1000).toFixed(1)} kB ${verdict(run.firstPageBytes, TARGET.firstPageBytes)}`.padEnd(24)}${`${run.turnMs.toFixed(1)} ms ${verdict(run.turnMs, TARGET.turnMs)}`.padEnd(23)}${`${run.textViewMs.toFixed(1)} ms ${verdict(run.textViewMs, TARGET.textViewMs)}`.padEnd(18)}${avg}`,
      );
    }
    console.log('what the first page waited for (ms from navigation start): html first byte/received, image asked/sent/first byte/received (alone: the same image asked again on its own), scripts received, hydrated, page 1 text asked/received, page 1’s picture painted (its LCP entry)');
    for (const { label, site, run } of rows) {
      const w = run.waits;
      console.log(
        `${tag(site)}${label.padEnd(12)}html ${w.htmlFirstByte}/${w.html} (${(w.htmlBytes / 1000).toFixed(1)} kB)  image ${w.imageAsked}/${w.imageSent}/${w.imageFirstByte}/${w.imageReceived} (waited ${w.imageSent - w.imageAsked}, server ${w.imageFirstByte - w.imageSent}, alone ${run.imageAloneMs.toFixed(0)})  scripts ${w.scriptsReceived}  hydrated ${w.hydrated}  text ${w.textAsked}/${w.textReceived}  painted (LCP) ${w.lcp} (long tasks ${w.blockedMs} ms of the ${w.lcp - w.imageReceived} since the picture arrived)  polled ${run.polledMs.toFixed(0)}`,
      );
    }
    console.log(`targets: first page < ${TARGET.firstPageMs} ms, page 1 < ${TARGET.firstPageBytes / 1000} kB, turn < ${TARGET.turnMs} ms, text view < ${TARGET.textViewMs} ms`);
    for (const site of sites) {
      // Warm is a member's usual visit (an issue's pages are drawn in the background once it is imported); cold is the
      // first visit to a page nobody asked for before it was drawn, which waits for its drawing (issue 28's 1 s).
      for (const kind of ['warm', 'cold']) {
        const visits = rows.filter((row) => row.site === site.name && row.label.endsWith(kind));
        console.log(`first page painted, ${kind} (${site.name}): ${summary(visits.map((row) => row.run.firstPageMs))}; seen by the poll: ${summary(visits.map((row) => row.run.polledMs))}`);
        const hydrated = visits.map((row) => row.run.waits.hydrated).filter((ms) => ms > 0);
        if (hydrated.length) console.log(`  hydrated (the toolbar works), ${kind} (${site.name}): median ${median(hydrated).toFixed(0)} ms, ${Math.min(...hydrated)}-${Math.max(...hydrated)} ms`);
      }
    }
    if (OTHER) {
      // Each visit on this build against the same visit on the other, made beside it.
      const mine = rows.filter((row) => row.site === 'this');
      const theirs = rows.filter((row) => row.site === 'other');
      const ratios = mine.map((row, k) => row.run.firstPageMs / theirs[k].run.firstPageMs).filter(Number.isFinite);
      console.log(`this / other, visit by visit: median ${median(ratios).toFixed(2)}, ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}; ratio of medians ${(median(mine.map((row) => row.run.firstPageMs)) / median(theirs.map((row) => row.run.firstPageMs))).toFixed(2)}`);
    }
    for (const { route, bytes } of firstLoadJs()) console.log(`first-load JS ${route}: ${(bytes / 1000).toFixed(1)} kB gzip ${verdict(bytes, TARGET.jsBytes)} (< ${TARGET.jsBytes / 1000} kB)`);
  } finally {
    await browser?.close();
    for (const server of servers) stopServer(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
