/**
 * The reader's speed: `npx tsx bench/reader.ts` after `npx next build`.
 *
 * Starts the production build on loopback (port BENCH_PORT, 3171 by default, with its own DATA_DIR under
 * .data/bench-reader, seeded on first start), signs in as the demo member of library 1001, asks for reader codes,
 * and in Chromium measures: navigation to page 1's image decoded, the bytes transferred for it, and turning to a
 * prefetched page. Page images are rendered on their first request, so each issue is measured cold (its rendered pages removed)
 * and then warm (rendered and on disk; a new code, so the browser's cache is empty). Also prints the reader route's
 * first-load JS from the build manifest. Then, on the page turned to (warm: its text loaded with its picture), the
 * switch to the text view (key T) until its text is on screen. Targets: first page < 300 ms, page 1 at 1x < 150 kB,
 * turn < 50 ms, text view < 100 ms, first-load JS < 150 kB gzip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { signSessionToken } from '../lib/session-token';
import { firstLoadFiles } from './first-load-js';

const PORT = Number(process.env.BENCH_PORT ?? 3171);
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'bench-reader-secret-long-enough-for-hs256-0123456789';
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.data/bench-reader';
const MEMBER = { uid: 1, libid: 1001 };
const ISSUES = Number(process.env.BENCH_ISSUES ?? 3);
const TARGET = { firstPageMs: 300, firstPageBytes: 150_000, turnMs: 50, textViewMs: 100, jsBytes: 150_000 };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

async function waitForServer(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start in 10 minutes');
}

async function issueIds(cookie: string, count: number): Promise<number[]> {
  const listing = await (await fetch(`${BASE}/magazines/BS/en`, { headers: { cookie } })).text();
  const mids = [...new Set([...listing.matchAll(/href="\/magazine\/(\d+)"/g)].map((m) => Number(m[1])))].slice(0, count);
  const ids: number[] = [];
  for (const mid of mids) {
    const title = await (await fetch(`${BASE}/magazine/${mid}`, { headers: { cookie } })).text();
    const match = new RegExp(`href="/magazine/${mid}/(\\d+)"`).exec(title);
    if (match) ids.push(Number(match[1]));
  }
  return ids;
}

async function readerCode(token: string, issue: number): Promise<string> {
  const res = await fetch(`${BASE}/api/user/genCode?isLib=1`, {
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
  /** Largest Contentful Paint: the page's picture on screen (the browser's own measure of what the bench polls for). */
  lcp: number;
  /** The main thread's long tasks (over 50 ms) between the picture received and LCP: how long its paint waited on script. */
  blockedMs: number;
}

interface Run {
  waits: Waits;
  /** The same page image asked for again on its own, from Node, to its first byte: the server's time without company. */
  imageAloneMs: number;
  firstPageMs: number;
  firstPageBytes: number;
  turnMs: number;
  textViewMs: number;
}

async function measure(browser: Browser, token: string, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 800, height: 1000 } });
  await context.addCookies([{ name: 'session', value: token, url: BASE, httpOnly: true }]);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  // Polled each frame: the time (from navigation start) at which page 1's image is decoded.
  const firstPageMs = await (
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('img[data-page="1"]');
        return img && img.complete && img.naturalWidth > 0 ? performance.now() : null;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
  ).jsonValue();
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
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
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
  return { waits, imageAloneMs, firstPageMs: firstPageMs ?? -1, firstPageBytes, turnMs, textViewMs };
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

async function main(): Promise<void> {
  const server = spawn('npm', ['start', '--', '-p', String(PORT), '-H', '127.0.0.1'], {
    env: { ...process.env, DATA_DIR, JWT_SECRET: SECRET, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    await waitForServer(server);
    const { token } = await signSessionToken({ ...MEMBER, mexp: Math.floor(Date.parse('2027-12-31T23:59:59Z') / 1000), guest: false }, SECRET, 3600);
    const cookie = `session=${token}`;
    const ids = await issueIds(cookie, ISSUES);
    console.log(`reader on ${BASE}, issues ${ids.join(', ')} (member ${MEMBER.uid} of library ${MEMBER.libid})`);
    const rows: { label: string; run: Run }[] = [];
    for (const issue of ids) {
      // Cold: the issue's page images are removed first, so they are drawn for this visit (as on the first reading of
      // an issue); warm: the second visit, with a new code and an empty browser cache, finds the files.
      for (const label of ['cold', 'warm']) {
        if (label === 'cold') fs.rmSync(path.join(DATA_DIR, 'media', 'pages', String(issue)), { recursive: true, force: true });
        const code = await readerCode(token, issue);
        const run = await measure(browser, token, `${BASE}/reader/${code}/${issue}?isLib=1`);
        rows.push({ label: `${issue} ${label}`, run });
      }
    }
    console.log('issue       first page decoded        page 1 bytes (1x)       turn to prefetched     text view');
    for (const { label, run } of rows) {
      console.log(
        `${label.padEnd(12)}${`${run.firstPageMs.toFixed(0)} ms ${verdict(run.firstPageMs, TARGET.firstPageMs)}`.padEnd(26)}${`${(run.firstPageBytes / 1000).toFixed(1)} kB ${verdict(run.firstPageBytes, TARGET.firstPageBytes)}`.padEnd(24)}${`${run.turnMs.toFixed(1)} ms ${verdict(run.turnMs, TARGET.turnMs)}`.padEnd(23)}${run.textViewMs.toFixed(1)} ms ${verdict(run.textViewMs, TARGET.textViewMs)}`,
      );
    }
    console.log('what the first page waited for (ms from navigation start): html first byte/received, image asked/sent/first byte/received (alone: the same image asked again on its own), scripts received, hydrated, page 1 text asked/received, LCP');
    for (const { label, run } of rows) {
      const w = run.waits;
      console.log(
        `${label.padEnd(12)}html ${w.htmlFirstByte}/${w.html}  image ${w.imageAsked}/${w.imageSent}/${w.imageFirstByte}/${w.imageReceived} (waited ${w.imageSent - w.imageAsked}, server ${w.imageFirstByte - w.imageSent}, alone ${run.imageAloneMs.toFixed(0)})  scripts ${w.scriptsReceived}  hydrated ${w.hydrated}  text ${w.textAsked}/${w.textReceived}  LCP ${w.lcp} (long tasks ${w.blockedMs} ms of the ${w.lcp - w.imageReceived} since the picture arrived)  polled ${run.firstPageMs.toFixed(0)}`,
      );
    }
    console.log(`targets: first page < ${TARGET.firstPageMs} ms, page 1 < ${TARGET.firstPageBytes / 1000} kB, turn < ${TARGET.turnMs} ms, text view < ${TARGET.textViewMs} ms`);
    for (const { route, bytes } of firstLoadJs()) console.log(`first-load JS ${route}: ${(bytes / 1000).toFixed(1)} kB gzip ${verdict(bytes, TARGET.jsBytes)} (< ${TARGET.jsBytes / 1000} kB)`);
  } finally {
    await browser?.close();
    // The server's process group (npm, the start script, Next and the embedded database); gone already if it died.
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // nothing left to stop
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
