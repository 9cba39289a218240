/**
 * Importing PDFs: `npx tsx bench/import.ts [folder]` (after `npx next build`, for the part with the site).
 *
 * 0. Real-world inputs: every PDF under the folder given (for example Debian's documentation PDFs) and the generated
 *    hard pages (bench/hard-samples.ts), each copied with an issue date and a sidecar, imported in one run
 *    with 2 workers; beside it, in the same run, `pdftoppm -jpeg` (poppler-utils, for the bench only) on the same
 *    files at 72, 144 and 216 dpi with 2 processes. Prints pages/s and its ratio to pdftoppm (a page is all three
 *    sizes), bytes stored per page, peak memory, and the import's warning and failure lines. Targets: >= 0.5 of
 *    pdftoppm, <= 300 KB a page, peak < 600 MB.
 *    BENCH_LONG=1 adds a 1,000-page file imported alone, its memory sampled as its pages are drawn: the resident
 *    memory while its last 100 pages are drawn against its first 100 shows growth (BENCH_ONLY_LONG=1: that alone).
 * Then it writes a 100-page PDF (text on every page, a picture on every tenth) with its sidecar, and:
 * 1. imports it alone on a fresh database, as `npm run import` runs (MALLOC_ARENA_MAX=2 and
 *    MALLOC_MMAP_THRESHOLD_=1048576 unless set): pages per second end to end (process start to exit: each page's
 *    master WebP, its text, the cover; the other sizes and JPEG are made on request), the time until page 1 is
 *    readable (its master in the media folder), the process's peak memory (VmHWM: main thread and worker threads
 *    share it) and its CPU time;
 * 2. starts the production site on another fresh database (seeded on start), measures /magazines/BS/en with
 *    autocannon while idle, then again while the same PDF imports into the site's database, and prints the ratio.
 * Targets: >= 5 pages/s, peak < 600 MB, the catalogue page at >= 0.5 of its idle throughput during the import.
 *
 * Both databases are made on BENCH_PG (postgres://root@127.0.0.1:5432/test) and dropped after. Environment:
 * BENCH_PORT (3410), BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_WORKERS (default: one per core),
 * BENCH_SKIP_SITE=1 skips part 2, BENCH_ONLY_REAL=1 runs part 0 only, BENCH_ONLY_LONG=1 the 1,000-page file only.
 * Exits 1 when a target is missed.
 */
import { spawn, spawnSync, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import autocannon from 'autocannon';
import { Client, Pool } from 'pg';
import { runMigrations } from '../server/db/migrate';
import { importNice, spawnYielding } from '../scripts/background-process.mjs';
import { HARD_PAGE_NAMES, makeHardPdf } from './hard-samples';
import { fillerLines, makeSamplePdf } from './samples';
import { requestHeaders } from './request-headers';
import { signInDemoMember, waitForHealth } from './server';

const PG = process.env.BENCH_PG ?? 'postgres://root@127.0.0.1:5432/test';
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WORKERS = process.env.BENCH_WORKERS;
const PAGES = 100;
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET = { pagesPerSecond: 5, peakMb: 600, ratio: 0.5, pdftoppmRatio: 0.5, bytesPerPage: 300_000 } as const;
const REAL_WORKERS = 2;

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_import_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: PG });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** CPU seconds (user + system, every thread) a process has used so far (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds each of a process's threads has used so far, summed by thread name (Linux: /proc/<pid>/task). */
function threadSeconds(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        byName.set(name, (byName.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        // the thread ended
      }
    }
  } catch {
    // the process ended
  }
  return byName;
}

/** Peak resident memory of a process so far, in MB (Linux). */
function peakMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface ImportMeasurement {
  seconds: number;
  cpuSeconds: number;
  firstPageSeconds: number;
  peakMb: number;
  output: string;
  /** Resident memory (MB) every 50 ms, from start to exit: the process with its page workers (threads of it). */
  residentMb: number[];
  /** CPU seconds by thread name near the end (the main thread is `node`, libuv's pool, where sharp encodes, `libuv-worker`). */
  threads: Map<string, number>;
  /** The sample at which the first page image appeared in the media folder (drawing under way), or 0. */
  drawingFrom: number;
  /** With `countPages`: the pages drawn (moved into the media folder) at each sample of residentMb; else empty. */
  drawnPages: number[];
  code: number | null;
}

/** Resident memory of a process now, in MB (Linux). */
function residentMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Whether a WebP is in `dir` yet: a page's master, the first thing drawn (the import's scratch folders come and go while it is read). */
function anyWebp(dir: string): boolean {
  try {
    return fs.readdirSync(dir, { recursive: true }).some((name) => /\.webp$/.test(String(name)));
  } catch {
    return false;
  }
}

/** Runs the import command on `databaseUrl` and watches it: total time, page 1 appearing, peak memory. */
async function timedImport(file: string, databaseUrl: string, mediaDir: string, dataDir: string, options: { workers?: string; allowFailures?: boolean; countPages?: boolean; yielding?: boolean } = {}): Promise<ImportMeasurement> {
  const started = performance.now();
  const workers = options.workers ?? WORKERS;
  // BENCH_PROFILE=<dir>: a V8 CPU profile of the command's main thread and of each page worker, written at exit.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROFILE)] : [];
  const args = [...profile, '--import', 'tsx', 'scripts/import.ts', file, ...(workers ? ['--workers', workers] : [])];
  const spawnOptions = {
    // As `npm run import` runs it (scripts/import-command.mjs): glibc's malloc limited to 2 arenas, and blocks of 1 MB
    // or more mapped for themselves.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: mediaDir,
      DATA_DIR: dataDir,
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '1048576',
    },
    stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
  };
  // Beside the site, at the priority `npm run import` gives it (its own session, lowered as a whole); otherwise in the
  // bench's session, as pdftoppm runs beside it.
  const child = (options.yielding ? spawnYielding(process.execPath, args, spawnOptions, importNice()) : spawn(process.execPath, args, spawnOptions)) as ChildProcessByStdio<null, Readable, Readable>;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peak = 0;
  let cpu = 0;
  let firstPage = Number.NaN;
  const resident: number[] = [];
  let drawingFrom = 0;
  const drawnPages: number[] = [];
  let drawn = 0;
  let threads = new Map<string, number>();
  const pagesDir = path.join(mediaDir, 'pages');
  const watch = setInterval(() => {
    peak = Math.max(peak, peakMb(child.pid!));
    // A drawn page is moved into pages/<issue>/<page> whole: its folder there counts it (every 10th sample, 0.5 s).
    if (options.countPages && resident.length % 10 === 0 && fs.existsSync(pagesDir)) {
      drawn = fs.readdirSync(pagesDir).reduce((sum, issue) => sum + fs.readdirSync(path.join(pagesDir, issue)).length, 0);
    }
    if (options.countPages) drawnPages.push(drawn);
    resident.push(residentMb(child.pid!));
    const now = threadSeconds(child.pid!);
    if ([...now.values()].reduce((a, b) => a + b, 0) >= [...threads.values()].reduce((a, b) => a + b, 0)) threads = now;
    if (!drawingFrom && resident.length % 10 === 0 && anyWebp(mediaDir)) {
      drawingFrom = resident.length;
    }
    cpu = Math.max(cpu, cpuSeconds(child.pid!));
    if (Number.isNaN(firstPage) && fs.existsSync(pagesDir) && fs.readdirSync(pagesDir).some((id) => fs.existsSync(path.join(pagesDir, id, '1', 'view', '3.webp')))) {
      firstPage = (performance.now() - started) / 1000;
    }
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(watch);
  if (code !== 0 && !(options.allowFailures && code === 1)) throw new Error(`the import exited with ${code}:\n${output}`);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpu, firstPageSeconds: firstPage, peakMb: peak, output, residentMb: resident, drawingFrom, drawnPages, threads, code };
}

async function writeBenchPdf(dir: string): Promise<string> {
  const pages = Array.from({ length: PAGES }, (_, i) => ({ lines: [`Bench Monthly page ${i + 1}`, ...fillerLines(i + 1, 30)], picture: i % 10 === 0 }));
  const file = path.join(dir, 'Bench Monthly - 2026-05-14.pdf');
  fs.writeFileSync(file, await makeSamplePdf({ pages, outline: [{ title: 'First', pageNo: 1 }, { title: 'Middle', pageNo: 50 }] }));
  fs.writeFileSync(`${file}.json`, JSON.stringify({ category: 'Travel', language: 'en', ageRating: 3 }));
  return file;
}

function startSite(databaseUrl: string, dataDir: string): ChildProcess {
  if (!fs.existsSync(path.join('.next', 'BUILD_ID'))) throw new Error('No production build: run `npx next build` first');
  const child = spawn('npm', ['start', '--', '-p', String(PORT), '-H', '127.0.0.1'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = fs.createWriteStream(path.join(dataDir, 'site.log'));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

async function throughput(url: string, cookie: string, seconds: number): Promise<number> {
  let ok = 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: requestHeaders(cookie), timeout: 30 });
  instance.on('response', (_client, statusCode) => {
    if (statusCode >= 200 && statusCode < 300) ok += 1;
  });
  const result = await instance;
  return ok / result.duration;
}

/** Pages of a PDF by poppler's pdfinfo (the bench's reference tool); null when poppler cannot read it. */
function popplerPages(file: string): number | null {
  const result = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
  const match = /^Pages:\s+(\d+)/m.exec(result.stdout ?? '');
  return result.status === 0 && match ? Number(match[1]) : null;
}

/**
 * The PDFs under `source` (if given) and the generated hard pages, copied into `dir`, each its own title and issue
 * date through a sidecar, so the import takes every file whatever its own metadata says.
 */
async function realWorldFolder(source: string | undefined, dir: string): Promise<{ files: string[]; pages: number; unreadable: string[] }> {
  fs.mkdirSync(dir, { recursive: true });
  const inputs: { name: string; bytes: Buffer; generated?: boolean }[] = [];
  if (source) {
    for (const entry of fs.readdirSync(source, { withFileTypes: true, recursive: true })) {
      const full = path.join(entry.parentPath, entry.name);
      if (/\.pdf$/i.test(entry.name) && fs.statSync(full).isFile()) inputs.push({ name: path.relative(source, full), bytes: fs.readFileSync(full) });
    }
  }
  for (const name of HARD_PAGE_NAMES) inputs.push({ name: `hard ${name}.pdf`, bytes: Buffer.from(await makeHardPdf(name)), generated: true });
  // Image-heavy pages, as a magazine's: photographs under text, and a scanned page.
  const heavy = await makeSamplePdf({
    pages: [
      { photo: true, lines: ['Harbour at dusk', ...fillerLines(1, 24)] },
      { photo: true, lines: ['The fish market', ...fillerLines(2, 10)] },
      { lines: ['Letters', ...fillerLines(3, 30)] },
      { scanned: true },
    ],
  });
  inputs.push({ name: 'image-heavy pages.pdf', bytes: Buffer.from(heavy), generated: true });
  const files: string[] = [];
  const unreadable: string[] = [];
  let pages = 0;
  for (const [i, input] of inputs.entries()) {
    const file = path.join(dir, `real-${String(i + 1).padStart(3, '0')}.pdf`);
    fs.writeFileSync(file, input.bytes);
    const count = popplerPages(file);
    if (count === null) {
      unreadable.push(input.name);
      fs.rmSync(file);
      continue;
    }
    const issueDate = new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10);
    const title = `${input.generated ? GENERATED : 'Bench Real'} ${input.name}`.slice(0, 200);
    fs.writeFileSync(`${file}.json`, JSON.stringify({ title, issueDate, category: 'Travel', language: 'en', ageRating: 3 }));
    files.push(file);
    pages += count;
  }
  return { files, pages, unreadable };
}

/**
 * Wall and CPU seconds `pdftoppm -jpeg` takes for every file at 72, 144 and 216 dpi, `processes` at a time, at the
 * priority the import's page workers draw at (IMPORT_NICE, 10), so both get the same share of a busy machine.
 */
async function pdftoppmSeconds(files: string[], outDir: string, processes: number): Promise<{ seconds: number; cpuSeconds: number }> {
  fs.mkdirSync(outDir, { recursive: true });
  const jobs = files.flatMap((file, i) => [72, 144, 216].map((dpi) => ({ file, prefix: path.join(outDir, `${i}-${dpi}`), dpi })));
  const nice = process.env.IMPORT_NICE ?? '10';
  let cpuSeconds = 0;
  const started = performance.now();
  const run = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const { file, prefix, dpi } = job;
      const times = `${prefix}.time`;
      await new Promise((resolve) => spawn('/usr/bin/time', ['-f', '%U %S', '-o', times, 'nice', '-n', nice, 'pdftoppm', '-jpeg', '-r', String(dpi), file, prefix], { stdio: 'ignore' }).on('close', resolve));
      const [user, system] = fs.readFileSync(times, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
      cpuSeconds += user + system;
    }
  };
  await Promise.all(Array.from({ length: processes }, run));
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(outDir, { recursive: true, force: true });
  return { seconds, cpuSeconds };
}

/** The title prefix of the generated inputs (hard and image-heavy pages), told apart from the real folder's by it. */
const GENERATED = 'Bench Generated';

/**
 * Bytes stored for each issue under `dir` (its pages/<issue>/, covers/pdf-<issue>-*, stories/pdf-<issue>-*) and its
 * page folders.
 */
function storedByIssue(dir: string): Map<number, { bytes: number; pages: number }> {
  const byIssue = new Map<number, { bytes: number; pages: number }>();
  const entry = (id: number) => byIssue.get(id) ?? (byIssue.set(id, { bytes: 0, pages: 0 }), byIssue.get(id)!);
  for (const file of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!file.isFile()) continue;
    const relative = path.relative(dir, path.join(file.parentPath, file.name)).split(path.sep);
    const id = relative[0] === 'pages' ? Number(relative[1]) : Number(/^pdf-(\d+)-/.exec(relative[1] ?? '')?.[1]);
    if (Number.isInteger(id)) entry(id).bytes += fs.statSync(path.join(file.parentPath, file.name)).size;
  }
  const pagesDir = path.join(dir, 'pages');
  if (fs.existsSync(pagesDir)) for (const issue of fs.readdirSync(pagesDir)) entry(Number(issue)).pages += fs.readdirSync(path.join(pagesDir, issue)).filter((name) => /^\d+$/.test(name)).length;
  return byIssue;
}

/** Bytes of every file under `dir`, and how many page folders (pages/<issue>/<page>) it holds. */
function storedBytes(dir: string): { bytes: number; pages: number } {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  const pagesDir = path.join(dir, 'pages');
  let pages = 0;
  if (fs.existsSync(pagesDir)) for (const issue of fs.readdirSync(pagesDir)) pages += fs.readdirSync(path.join(pagesDir, issue)).filter((name) => /^\d+$/.test(name)).length;
  return { bytes, pages };
}

/** Bytes stored a page for the generated inputs and for the real folder's, each issue told by its title. */
async function bytesByGroup(databaseUrl: string, media: string): Promise<{ name: string; pages: number; perPage: number; largest: number }[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: number; name: string }>('SELECT i.id, m.name FROM issues i JOIN magazines m ON m.id = i.magazine_id');
  await client.end();
  const byIssue = storedByIssue(media);
  const groups = new Map<string, { bytes: number; pages: number; largest: number }>();
  for (const row of rows) {
    const stored = byIssue.get(row.id);
    if (!stored?.pages) continue;
    const name = row.name.startsWith(GENERATED) ? 'generated hard and image-heavy pages' : 'the real folder';
    const group = groups.get(name) ?? { bytes: 0, pages: 0, largest: 0 };
    group.bytes += stored.bytes;
    group.pages += stored.pages;
    group.largest = Math.max(group.largest, stored.bytes / stored.pages);
    groups.set(name, group);
  }
  return [...groups].map(([name, group]) => ({ name, pages: group.pages, perPage: group.bytes / group.pages, largest: group.largest }));
}

/** A database with the migrations and the category and language the sidecars name. */
async function importDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const database = await createDatabase();
  const pool = new Pool({ connectionString: database.url, max: 1 });
  await runMigrations(pool);
  await pool.query(`INSERT INTO categories (id, name, slug) VALUES (1, 'Travel', 'travel')`);
  await pool.query(`INSERT INTO languages (code, name, display_name, search_config) VALUES ('en', 'English', 'English', 'english')`);
  await pool.end();
  return database;
}

/** Part 0: real-world PDFs and the hard pages against pdftoppm on the same files in the same run. */
async function realWorld(source: string | undefined, work: string): Promise<boolean> {
  const { files, pages, unreadable } = await realWorldFolder(source, path.join(work, 'real'));
  console.log(`real-world inputs: ${files.length} PDFs (${source ? `${source} and ` : ''}${HARD_PAGE_NAMES.length} hard pages), ${pages} pages by pdfinfo${unreadable.length ? `; ${unreadable.length} poppler cannot read, left out: ${unreadable.join(', ')}` : ''}`);
  const reference = await pdftoppmSeconds(files, path.join(work, 'pdftoppm'), REAL_WORKERS);
  const database = await importDatabase();
  try {
    const media = path.join(work, 'media-real');
    const run = await timedImport(path.join(work, 'real'), database.url, media, path.join(work, 'data-real'), { workers: String(REAL_WORKERS), allowFailures: true });
    const stored = storedBytes(media);
    const groups = await bytesByGroup(database.url, media);
    const rate = stored.pages / run.seconds;
    const referenceRate = pages / reference.seconds;
    const ratio = rate / referenceRate;
    const cpuRatio = reference.cpuSeconds / run.cpuSeconds;
    const perPage = stored.pages ? stored.bytes / stored.pages : 0;
    const ok = ratio >= TARGET.pdftoppmRatio && perPage <= TARGET.bytesPerPage && run.peakMb < TARGET.peakMb && groups.every((group) => group.perPage <= TARGET.bytesPerPage);
    console.log(`  pdftoppm -jpeg at 72/144/216 dpi, ${REAL_WORKERS} processes: ${reference.seconds.toFixed(1)} s = ${referenceRate.toFixed(2)} pages/s; CPU ${reference.cpuSeconds.toFixed(1)} s (${((reference.cpuSeconds / pages) * 1000).toFixed(0)} ms a page)`);
    console.log(
      `  import, ${REAL_WORKERS} workers: ${stored.pages} pages in ${run.seconds.toFixed(1)} s = ${rate.toFixed(2)} pages/s end to end = ${ratio.toFixed(2)} of pdftoppm (target >= ${TARGET.pdftoppmRatio}); ` +
        `${(perPage / 1000).toFixed(0)} KB stored a page (target <= ${TARGET.bytesPerPage / 1000}); peak memory ${run.peakMb.toFixed(0)} MB (target < ${TARGET.peakMb}) ${ok ? 'PASS' : 'FAIL'}`,
    );
    for (const group of groups) {
      console.log(`  stored, ${group.name}: ${group.pages} pages, ${(group.perPage / 1000).toFixed(0)} KB a page, the largest issue ${(group.largest / 1000).toFixed(0)} KB a page (target <= ${TARGET.bytesPerPage / 1000})`);
    }
    console.log(`  load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (1, 5, 15 min) on ${os.availableParallelism()} cores`);
    // What a busy machine cannot change: CPU a page, the import's (drawing, encoding, database) against pdftoppm's.
    console.log(`  CPU: import ${run.cpuSeconds.toFixed(1)} s (${((run.cpuSeconds / stored.pages) * 1000).toFixed(0)} ms a page); pdftoppm's CPU / the import's = ${cpuRatio.toFixed(2)}`);
    const byThread = [...run.threads].sort((a, b) => b[1] - a[1]).filter(([, seconds]) => seconds >= 0.5);
    console.log(`  CPU by thread (s): ${byThread.map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`).join(', ')}`);
    const notes = run.output.split('\n').filter((line) => /warning|failed:|page \d+:/i.test(line));
    console.log(`  warnings and failures in the import's output: ${notes.length}${notes.length ? `\n    ${notes.slice(0, 20).join('\n    ')}` : ''}`);
    return ok;
  } finally {
    await database.drop();
  }
}

/**
 * BENCH_LONG: a 1,000-page file (text on every page, a picture on every tenth) imported alone with 2 workers, the
 * resident memory of the process and its page workers (threads of it) sampled every 50 ms beside the pages drawn so
 * far: its mean while the last 100 pages are drawn against the first 100 shows growth (target: under 10%, and the
 * peak under 600 MB).
 */
async function longFile(work: string): Promise<boolean> {
  const count = 1000;
  const file = path.join(work, 'long', 'Long Monthly - 2026-06-01.pdf');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await makeSamplePdf({ pages: Array.from({ length: count }, (_, i) => ({ lines: [`Long Monthly page ${i + 1}`, ...fillerLines(i + 1, 30)], picture: i % 10 === 0 })) }));
  fs.writeFileSync(`${file}.json`, JSON.stringify({ category: 'Travel', language: 'en', ageRating: 3 }));
  const database = await importDatabase();
  try {
    const run = await timedImport(file, database.url, path.join(work, 'media-long'), path.join(work, 'data-long'), { workers: String(REAL_WORKERS), countPages: true });
    // The samples taken while pages from..to-1 were being drawn (the plan's reading of every page's text is before).
    // A sample of 0 is the process gone (it exited between two counts of the pages drawn).
    const drawing = (from: number, to: number) => run.residentMb.filter((mb, i) => mb > 0 && i >= run.drawingFrom && run.drawnPages[i] >= from && run.drawnPages[i] < to);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
    const hundreds = Array.from({ length: count / 100 }, (_, i) => drawing(i * 100, (i + 1) * 100));
    const [first, last] = [hundreds[0], hundreds[hundreds.length - 1]];
    const growth = (mean(last) - mean(first)) / mean(first);
    const ok = first.length > 0 && last.length > 0 && growth < 0.1 && run.peakMb < TARGET.peakMb;
    const range = (values: number[]) => `mean ${mean(values).toFixed(0)} MB, ${values.length ? Math.min(...values).toFixed(0) : '-'}-${values.length ? Math.max(...values).toFixed(0) : '-'} MB (${values.length} samples)`;
    console.log(`1,000-page file, ${REAL_WORKERS} workers: ${(count / run.seconds).toFixed(2)} pages/s end to end (${run.seconds.toFixed(1)} s); load ${os.loadavg()[0].toFixed(1)}`);
    console.log(`  resident memory (the process and its page workers) by hundred pages drawn: ${hundreds.map((samples) => mean(samples).toFixed(0)).join(' ')} MB`);
    console.log(`  first 100 pages: ${range(first)}; last 100 pages: ${range(last)}`);
    console.log(`  last 100 against the first ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}% (target < 10%); peak ${run.peakMb.toFixed(0)} MB (target < ${TARGET.peakMb}) ${ok ? 'PASS' : 'FAIL'}`);
    return ok;
  } finally {
    await database.drop();
  }
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  if (process.env.BENCH_ONLY_LONG === '1') {
    const pass = await longFile(work);
    fs.rmSync(work, { recursive: true, force: true });
    process.exitCode = pass ? 0 : 1;
    return;
  }
  let pass = await realWorld(process.argv[2], work);
  if (process.env.BENCH_LONG === '1') pass = (await longFile(work)) && pass;
  if (process.env.BENCH_ONLY_REAL === '1') {
    fs.rmSync(work, { recursive: true, force: true });
    process.exitCode = pass ? 0 : 1;
    return;
  }
  const file = await writeBenchPdf(work);
  console.log(`${PAGES}-page PDF: ${(fs.statSync(file).size / 1e6).toFixed(1)} MB; ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}`);

  const alone = await importDatabase();
  try {
    const run = await timedImport(file, alone.url, path.join(work, 'media-a'), path.join(work, 'data-a'));
    const rate = PAGES / run.seconds;
    const ok = rate >= TARGET.pagesPerSecond && run.peakMb < TARGET.peakMb;
    pass &&= ok;
    console.log(
      `alone: ${run.seconds.toFixed(1)} s for ${PAGES} pages = ${rate.toFixed(2)} pages/s end to end (target ${TARGET.pagesPerSecond}); page 1 readable after ${run.firstPageSeconds.toFixed(1)} s; peak memory ${run.peakMb.toFixed(0)} MB (target < ${TARGET.peakMb}) ${ok ? 'PASS' : 'FAIL'}`,
    );
    // What the machine's load cannot change: CPU per page, and the rate it allows on idle cores.
    console.log(`  CPU: ${run.cpuSeconds.toFixed(1)} s (${((run.cpuSeconds / PAGES) * 1000).toFixed(0)} ms a page); on ${os.availableParallelism()} idle cores about ${(PAGES / (run.cpuSeconds / os.availableParallelism())).toFixed(1)} pages/s`);
  } finally {
    await alone.drop();
  }

  if (process.env.BENCH_SKIP_SITE === '1') {
    process.exitCode = pass ? 0 : 1;
    return;
  }
  const siteDb = await createDatabase();
  const siteData = path.join(work, 'site');
  fs.mkdirSync(siteData, { recursive: true });
  const site = startSite(siteDb.url, siteData);
  try {
    console.log('starting the site (it seeds the demo library on its first start)');
    await waitForHealth(site, BASE);
    // A member's page, with the demo member's session (the seed's reader), as bench/pages.ts loads it.
    const { cookie } = await signInDemoMember(BASE);
    const url = `${BASE}/magazines/BS/en`;
    await throughput(url, cookie, 3);
    const idle = await throughput(url, cookie, SECONDS);
    const importing = timedImport(file, siteDb.url, path.join(siteData, 'media'), siteData, { yielding: true });
    // Measured once the import is drawing pages, not while it starts.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const busy = await throughput(url, cookie, SECONDS);
    const run = await importing;
    const ratio = busy / idle;
    const ok = ratio >= TARGET.ratio;
    pass &&= ok;
    console.log(`site: ${url} as a member, ${idle.toFixed(0)} req/s idle, ${busy.toFixed(0)} req/s during the import = ${ratio.toFixed(2)} (target >= ${TARGET.ratio}); load ${os.loadavg()[0].toFixed(1)} ${ok ? 'PASS' : 'FAIL'}`);
    console.log(`the import beside the site: ${(PAGES / run.seconds).toFixed(2)} pages/s, peak ${run.peakMb.toFixed(0)} MB`);
  } finally {
    if (site.pid) {
      try {
        process.kill(-site.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await siteDb.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  process.exitCode = pass ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
