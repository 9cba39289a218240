/**
 * bench/lighthouse: Lighthouse's mobile scores for the four pages issue 15 names (home, a magazine page, a story and
 * the reader), as a signed-in member sees them, in Debian's Chromium. Not part of CI.
 *
 *   npm run build && npx tsx bench/lighthouse.ts
 *
 * Starts `npm start` (the production build in .next) on the embedded database, signs the demo member in through the
 * sign-in pages in Chromium (so the browser holds what a member's does: the session cookie, the readable cookies and
 * local storage), asks for a reader code for the magazine's latest issue, then runs Lighthouse with its mobile
 * defaults (simulated slow 4G and a 4x slower CPU) on each page in that browser, its storage kept. Prints performance,
 * accessibility, LCP and CLS per page, and PASS/FAIL against the targets: performance >= 95, accessibility 100,
 * LCP <= 2.5 s. Exits 1 when a target is missed.
 *
 * Lighthouse 13 needs Node 22.19; this machine's Node 20 runs 12.8.2, the last release for Node 20 (the same
 * performance metrics and weights).
 *
 * Environment: CHROME_PATH (/usr/bin/chromium), BENCH_PORT (3620), BENCH_DATA_DIR (.data/bench-lighthouse),
 * BENCH_DATABASE (embedded | pglite | postgresql with BENCH_PG_URL), BENCH_RUNS (1: the median of N runs per page),
 * BENCH_DETAILS=1 (each run's metrics, LCP element, opportunities, long tasks and scripts' time).
 */
import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Page } from 'puppeteer-core';
import { median } from './stats';
import { DEMO_MEMBER, signInDemoMember, startSite, stopSite, waitForHealth } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3620);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.data/bench-lighthouse';
const DATABASE = process.env.BENCH_DATABASE ?? 'embedded';
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// DESIGN.md's flags for Chromium here: nothing it starts may reach outside this machine.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
const TARGET = { performance: 95, accessibility: 100, lcpMs: 2500 } as const;

interface Scores {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
}

async function api<T>(pathAndQuery: string, init: RequestInit): Promise<T> {
  const res = await fetch(`${BASE}${pathAndQuery}`, init);
  if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Home, the first magazine of the BS listing, the first cover story, and that magazine's latest issue in the reader. */
async function pagesToScore(member: Awaited<ReturnType<typeof signInDemoMember>>): Promise<{ name: string; path: string }[]> {
  const headers = { cookie: member.cookie };
  const titles = await api<{ data: Array<{ mid: number; issueId: number }> }>('/api/catalogue/magazine-filter?categoryID=BS&lang=en&page=1', { headers });
  const { mid, issueId } = titles.data[0];
  const covers = await api<{ Articles: Array<{ url: string }> }>('/api/article/v1/article?storeID=1&section=sec_60&page=0', { headers });
  const { code } = await api<{ code: string }>('/api/user/genCode?isLib=1', {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: member.userId, issue: issueId, store_id: 1, user_con: 'IN', readtype: 'reader', userLang: 'en', purType: 1, isnews: 0, ageRating: 5, device: 'web', clvr: 'web-1', lib_id: member.libraryId, 'Is Gold': 1 }),
  });
  return [
    { name: 'home /', path: '/' },
    { name: 'magazine /magazine/{mid}', path: `/magazine/${mid}` },
    { name: 'story', path: covers.Articles[0].url },
    { name: 'reader /reader/{code}/{issue}', path: `/reader/${code}/${issueId}?isLib=1` },
  ];
}

/** Signs the demo member in as a person does: the email sign-in page, Sign in with my password, their password. */
async function signInInBrowser(tab: Page): Promise<void> {
  await tab.goto(`${BASE}/login/email`, { waitUntil: 'networkidle0' });
  await tab.locator('input[type="email"]').fill(DEMO_MEMBER.email);
  await tab.locator('::-p-text(Sign in with my password)').click();
  await tab.locator('input[type="password"]').fill(DEMO_MEMBER.password);
  await Promise.all([tab.waitForNavigation({ waitUntil: 'networkidle0' }), tab.locator('button[type="submit"]').click()]);
  await tab.waitForFunction(() => window.location.pathname === '/', { timeout: 30_000 });
}

async function score(url: string, tab: Page): Promise<Scores> {
  const { default: lighthouse } = await import('lighthouse');
  // Storage kept: a member's browser comes to these pages signed in.
  const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true }, undefined, tab);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  if (process.env.BENCH_DETAILS === '1') {
    const metric = (id: string) => `${id} ${Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)}`;
    console.log(`  ${url}: ${['first-contentful-paint', 'speed-index', 'largest-contentful-paint', 'total-blocking-time', 'interactive'].map(metric).join(', ')}`);
    const lcp = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
    console.log(`  LCP element: ${lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? '?'}`);
    for (const audit of Object.values(lhr.audits)) {
      if (audit.details?.type === 'opportunity' && (audit.numericValue ?? 0) > 50) console.log(`  opportunity: ${audit.id} ${Math.round(audit.numericValue ?? 0)} ms`);
    }
    // Where blocking time comes from: the main thread's long tasks (on the simulated 4x slower CPU) and each script's
    // evaluation and parse time.
    const tasks = (lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; startTime?: number; duration?: number }> } | undefined)?.items ?? [];
    for (const task of tasks) console.log(`  long task: ${Math.round(task.startTime ?? 0)} ms +${Math.round(task.duration ?? 0)} ms ${task.url ?? ''}`);
    const scripts = (lhr.audits['bootup-time']?.details as { items?: Array<{ url?: string; scripting?: number; scriptParseCompile?: number }> } | undefined)?.items ?? [];
    for (const script of scripts) console.log(`  script: ${Math.round(script.scripting ?? 0)} ms run, ${Math.round(script.scriptParseCompile ?? 0)} ms parse ${script.url ?? ''}`);
  }
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN,
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}: apt-get install -y chromium, or set CHROME_PATH`);
  const { launch } = await import('chrome-launcher');
  const site = startSite({ database: DATABASE, dataDir: path.join(DATA_DIR, DATABASE), port: PORT, pgUrl: process.env.BENCH_PG_URL });
  let pass = true;
  try {
    await waitForHealth(site, BASE, `${DATA_DIR}/${DATABASE}/bench-server.log`);
    const member = await signInDemoMember(BASE);
    const pages = await pagesToScore(member);
    const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const tab = await browser.newPage();
      await signInInBrowser(tab);
      console.log(`Lighthouse (mobile defaults), ${RUNS} run(s) a page, the demo member's session; targets: performance >= ${TARGET.performance}, accessibility ${TARGET.accessibility}, LCP <= ${TARGET.lcpMs / 1000} s`);
      for (const page of pages) {
        const runs: Scores[] = [];
        // Reader codes are for one opening each: every run of the reader asks for its own.
        for (let run = 0; run < RUNS; run += 1) {
          const target = run > 0 && page.path.startsWith('/reader/') ? (await pagesToScore(member))[3].path : page.path;
          runs.push(await score(`${BASE}${target}`, tab));
        }
        const result: Scores = {
          performance: median(runs.map((r) => r.performance)),
          accessibility: median(runs.map((r) => r.accessibility)),
          lcpMs: median(runs.map((r) => r.lcpMs)),
          cls: median(runs.map((r) => r.cls)),
        };
        const ok = result.performance >= TARGET.performance && result.accessibility >= TARGET.accessibility && result.lcpMs <= TARGET.lcpMs;
        pass &&= ok;
        console.log(
          `${page.name.padEnd(32)} performance ${String(result.performance).padStart(3)}  accessibility ${String(result.accessibility).padStart(3)}  LCP ${(result.lcpMs / 1000).toFixed(2)} s  CLS ${result.cls.toFixed(3)}  ${ok ? 'PASS' : 'FAIL'}`,
        );
      }
    } finally {
      await browser.disconnect();
      chrome.kill();
    }
  } finally {
    await stopSite(site);
  }
  process.exitCode = pass ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
