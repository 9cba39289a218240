/**
 * bench/first-library: the measure of this phase, timed. A library goes from nothing to its own branded site with its
 * first 100 PDF issues searchable and readable and its members imported from a CSV, with README's commands and the
 * console's calls, on the embedded database. Not a test, and not run in CI.
 *
 *   npm run build && npx tsx bench/first-library.ts
 *
 * Steps, each timed (the clock starts at `npm start` on an empty data folder; `npm install` and `npm run build` are
 * timed only with BENCH_INSTALL=1, which runs both first):
 * 1. `npm start` on a fresh data folder (BENCH_DATA_DIR, default .data/bench-first-library; port BENCH_PORT, 3980):
 *    the embedded database is made, migrated and seeded with the demo library, until /api/health answers;
 * 2. `npm run operator -- add <email>` and its one-time link, followed as the browser does (validateToken);
 * 3. the library made through the console's calls: created, named, a logo uploaded, guests off;
 * 4. BENCH_MEMBERS (default 500) members imported from a CSV: preview, then import;
 * 5. `npm run import` of 100 PDF issues (10 titles of 10 issues, BENCH_PAGES pages each, default 24, with a
 *    title.json per title) into the running site's database, with 2 workers;
 * 6. checks: a word printed only in the 100th issue is found by the search API, and an imported member of the new
 *    library gets a reader code for it and its page 1 image.
 * Target: the whole under 600 s. Exits 1 when a step fails or the target is missed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import { signSessionToken } from '../lib/session-token';
import { fillerLines, makeSamplePdf } from '../server/import/samples';
import { startSite, stopSite, waitForHealth } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3980);
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? '.data/bench-first-library');
const BASE = `http://127.0.0.1:${PORT}`;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const PAGES = Number(process.env.BENCH_PAGES ?? 24);
const TITLES = 10;
const ISSUES_PER_TITLE = 10;
const TARGET_SECONDS = 600;
const OPERATOR = 'first.operator@bench.test';

const steps: { name: string; seconds: number }[] = [];

async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  steps.push({ name, seconds });
  console.log(`[first-library] ${name}: ${seconds.toFixed(1)} s`);
  return result;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-2000)}`))));
  });
}

async function api<T>(token: string, url: string, init: { method?: string; body?: unknown; raw?: Buffer; type?: string } = {}): Promise<T> {
  const response = await fetch(`${BASE}${url}`, {
    method: init.method ?? (init.body !== undefined || init.raw ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${token}`, 'content-type': init.type ?? 'application/json' },
    body: init.raw ? new Uint8Array(init.raw) : init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'POST'} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** 10 titles of 10 issues, each issue a PDF of PAGES pages; the 100th carries a word printed nowhere else. */
async function writeIssues(folder: string): Promise<string> {
  const unique = `zorbalith${Date.now().toString(36)}`;
  for (let t = 1; t <= TITLES; t += 1) {
    const title = `Lakeshore Quarterly ${t}`;
    const dir = path.join(folder, `title-${t}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'title.json'), JSON.stringify({ title, publisher: 'Lakeshore Press', category: 'Travel', language: 'en', ageRating: 3 }));
    for (let i = 1; i <= ISSUES_PER_TITLE; i += 1) {
      const last = t === TITLES && i === ISSUES_PER_TITLE;
      const pdf = await makeSamplePdf({
        pages: Array.from({ length: PAGES }, (_, p) => ({
          lines: [p === 0 ? title : `${title}, page ${p + 1}`, last && p === Math.min(2, PAGES - 1) ? `A ${unique} was seen on the shore.` : `Issue ${i}, page ${p + 1}.`, ...fillerLines(p + 1, 10)],
          picture: p % 8 === 0,
        })),
        outline: [{ title: `Feature of issue ${i}`, pageNo: 2 }],
        info: { title },
      });
      fs.writeFileSync(path.join(dir, `${title} - 2026-${String(i).padStart(2, '0')}-01.pdf`), pdf);
    }
  }
  return unique;
}

async function main(): Promise<void> {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const pdfs = path.join(DATA_DIR, 'incoming');
  console.log(`[first-library] writing ${TITLES * ISSUES_PER_TITLE} PDFs of ${PAGES} pages (not timed)`);
  const unique = await writeIssues(pdfs);
  const csv = ['email,name,end_date', ...Array.from({ length: MEMBERS }, (_, n) => `member${n}@lakeshore.test,Member ${n},2030-12-31`)].join('\n');

  const clock = performance.now();
  if (process.env.BENCH_INSTALL === '1') {
    await step('npm install', () => run('npm', ['install', '--no-audit', '--no-fund']));
    await step('npm run build', () => run('npm', ['run', 'build']));
  }
  const site = startSite({ database: 'embedded', dataDir: DATA_DIR, port: PORT });
  try {
    await step('npm start on an empty data folder (database made, migrated, demo seeded)', () => waitForHealth(site, BASE, path.join(DATA_DIR, 'bench-server.log')));
    const embedded = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'embedded-db.json'), 'utf8')) as { url: string };
    const commandEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR, SITE_URL: BASE };
    delete commandEnv.DATABASE_URL;

    const token = await step('npm run operator -- add, and its link followed', async () => {
      const output = await run('npx', ['tsx', 'scripts/operator.ts', 'add', OPERATOR], commandEnv);
      const randomtoken = /randomtoken=([A-Za-z0-9_-]+)/.exec(output)?.[1];
      if (!randomtoken) throw new Error(`no link in: ${output}`);
      const response = await fetch(`${BASE}/api/user/validateToken`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ randomtoken }) });
      const body = (await response.json()) as { jwtoken?: string };
      if (!body.jwtoken) throw new Error(`the link did not sign in (${response.status})`);
      return body.jwtoken;
    });

    const libraryId = await step('library created, set up and given its logo (console calls)', async () => {
      const { library } = await api<{ library: { id: number } }>(token, '/api/admin/library-create', { body: { name: 'Lakeshore Public Library', supportEmail: 'help@lakeshore.test', guestAccess: false } });
      const logo = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#0b5394' } }).png().toBuffer();
      await api(token, `/api/admin/libraries/${library.id}/images/logo1`, { method: 'PUT', raw: logo, type: 'application/octet-stream' });
      return library.id;
    });

    await step(`${MEMBERS} members from a CSV (preview, then import)`, async () => {
      const preview = await api<{ summary: { add: number; refuse: number } }>(token, `/api/admin/libraries/${libraryId}/member-import/preview`, { body: { csv } });
      if (preview.summary.add !== MEMBERS) throw new Error(`the preview would add ${preview.summary.add} of ${MEMBERS}`);
      await api(token, `/api/admin/libraries/${libraryId}/member-import`, { body: { csv } });
    });

    const importOutput = await step(`npm run import of ${TITLES * ISSUES_PER_TITLE} PDFs (${TITLES * ISSUES_PER_TITLE * PAGES} pages)`, () =>
      run(process.execPath, ['scripts/import-command.mjs', pdfs, '--workers', '2'], commandEnv),
    );
    const summary = /Summary: .*/.exec(importOutput)?.[0] ?? '(no summary)';
    if (!/Summary: 100 imported, 0 updated, 0 unchanged, 0 failed/.test(summary)) throw new Error(`the import did not take every file: ${summary}`);

    await step('checks: searchable and readable by a member of the new library', async () => {
      const db = new Client({ connectionString: embedded.url });
      await db.connect();
      const memberId = (await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', ['member7@lakeshore.test']).finally(() => db.end())).rows[0].id;
      const { token: member } = await signSessionToken({ uid: memberId, libid: libraryId, mexp: Math.floor(Date.parse('2030-12-31T23:59:59Z') / 1000), guest: false }, fs.readFileSync(path.join(DATA_DIR, 'jwt-secret'), 'utf8').trim(), 600);
      const search = await api<{ hits: { issue: { iss_id: number } }[] }>(member, `/api/catalogue/search_list?q=${unique}&isGold=1`);
      const issueId = search.hits[0]?.issue.iss_id;
      if (search.hits.length !== 1 || !issueId) throw new Error(`the search found ${search.hits.length} issues`);
      const { code } = await api<{ code: string }>(member, '/api/user/genCode?isLib=1', { body: { user_id: memberId, issue: issueId, lib_id: libraryId } });
      const reader = await api<{ pages: { src: string[] }[] }>(member, `/api/reader/issue?code=${encodeURIComponent(code)}&issue=${issueId}`);
      if (reader.pages.length !== PAGES) throw new Error(`the reader has ${reader.pages.length} pages`);
      const image = await fetch(`${BASE}${reader.pages[0].src[0]}`);
      if (!image.ok || !(image.headers.get('content-type') ?? '').startsWith('image/')) throw new Error(`page 1 answered ${image.status}`);
    });
  } finally {
    await stopSite(site);
  }
  const total = (performance.now() - clock) / 1000;
  console.log(`\nbench/first-library: ${TITLES * ISSUES_PER_TITLE} issues of ${PAGES} pages, ${MEMBERS} members`);
  for (const { name, seconds } of steps) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  console.log(`  ${total.toFixed(1).padStart(7)} s  in all (target under ${TARGET_SECONDS} s) ${total < TARGET_SECONDS ? 'PASS' : 'FAIL'}`);
  process.exitCode = total < TARGET_SECONDS ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error('[first-library] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
