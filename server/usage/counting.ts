import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { cached } from '../cache';
import { getDb, settleBeforeClose } from '../db/client';
import { usageEvents, usageSalts, usageSearches } from '../db/schema';
import { processWide } from '../process-wide';

/** What a reader did, in COUNTER's terms: opened an issue or a story (a Request), or read a page of an issue. */
export type UsageKind = 'issue' | 'page' | 'story';

export interface ReadingUse {
  kind: UsageKind;
  libraryId: number;
  /** The magazine or newspaper. */
  titleId: number;
  issueId: number;
  storyId?: number;
  pageNo?: number;
  /**
   * Who is reading, only to tell sessions apart: it is hashed with the day's salt and never stored. A member's id
   * within a library and a day is COUNTER's "logged-in user" session; the salt going at the day's end unlinks it.
   */
  reader: string;
}

/** COUNTER's double-click rule: the same item by the same session again within this many seconds counts once. */
export const DOUBLE_CLICK_SECONDS = 30;

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function utcHour(at: Date): Date {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}

/** The stored session hash: sha256 of the day's salt, the library and the reader. */
export function sessionHash(salt: string, libraryId: number, reader: string): string {
  return createHash('sha256').update(`${salt}\n${libraryId}\n${reader}`).digest('base64url');
}

/**
 * The day's salt, made by whichever instance counts first that day. Making it also forgets every earlier day's salt
 * and the exact click times kept for the double-click rule, so past hashes cannot be recomputed. A late count for
 * a day already over (a request that began before midnight) hashes with a salt of its own that is not kept.
 */
async function saltOf(day: string): Promise<string> {
  return cached('usage-salt', day, async () => {
    const db = getDb();
    const salt = randomBytes(32).toString('base64url');
    const created = await db.insert(usageSalts).values({ day, salt }).onConflictDoNothing().returning();
    if (created.length > 0) {
      const newest = sql`(SELECT max(${usageSalts.day}) FROM ${usageSalts})`;
      await db.delete(usageSalts).where(lt(usageSalts.day, newest));
      await db.update(usageEvents).set({ lastClickAt: null }).where(and(lt(usageEvents.day, newest), isNotNull(usageEvents.lastClickAt)));
      return salt;
    }
    const [row] = await db.select({ salt: usageSalts.salt }).from(usageSalts).where(eq(usageSalts.day, day));
    return row.salt;
  });
}

/**
 * Counts one use at `now`. A repeat of the same item by the same session within DOUBLE_CLICK_SECONDS of its last
 * click moves that click to now (COUNTER records the later of the two) instead of counting again.
 */
export async function recordUse(use: ReadingUse, now: Date = new Date()): Promise<void> {
  await recordUses([{ use, at: now }]);
}

/** One session's clicks on one item, each within DOUBLE_CLICK_SECONDS of the one before: what one count is made of. */
interface Clicks {
  use: ReadingUse;
  day: string;
  hash: string;
  first: Date;
  last: Date;
}

/**
 * Uses, each at its own time, merged by COUNTER's double-click rule before they are written: clicks on the same
 * item by the same session, each within DOUBLE_CLICK_SECONDS of the one before, are one count whose click is the
 * last. The result is what writing them one at a time, in order, leaves: a run of clicks updates a recent click
 * of the item (within DOUBLE_CLICK_SECONDS of the run's first), else adds one count at the run's last click. Runs
 * of the same item and session go in separate writes, in order; different items and sessions share one.
 */
export async function recordUses(uses: readonly { use: ReadingUse; at: Date }[]): Promise<void> {
  const salts = new Map<string, string>();
  for (const day of new Set(uses.map(({ at }) => utcDay(at)))) salts.set(day, await saltOf(day));
  const writes: Map<string, Clicks>[] = [];
  // Which write holds each item and session's latest run. The session hash is the day's, so a new day is a new key.
  const writeOf = new Map<string, number>();
  for (const { use, at } of uses) {
    const day = utcDay(at);
    const hash = sessionHash(salts.get(day)!, use.libraryId, use.reader);
    const key = [hash, use.kind, use.libraryId, use.issueId, use.storyId ?? '', use.pageNo ?? ''].join('\n');
    const latest = writeOf.get(key);
    const run = latest === undefined ? undefined : writes[latest].get(key)!;
    if (run && at.getTime() - run.last.getTime() < DOUBLE_CLICK_SECONDS * 1000) {
      if (at > run.last) run.last = at;
      continue;
    }
    const next = latest === undefined ? 0 : latest + 1;
    (writes[next] ??= new Map()).set(key, { use, day, hash, first: at, last: at });
    writeOf.set(key, next);
  }
  for (const clicks of writes) await writeClicks([...clicks.values()]);
}

/**
 * One statement: each run updates its item's recent click (one at or after DOUBLE_CLICK_SECONDS before its first
 * click) to its last, or, when there is none, is inserted as a new count.
 */
async function writeClicks(runs: readonly Clicks[]): Promise<void> {
  if (runs.length === 0) return;
  const rows = runs.map(
    ({ use, day, hash, first, last }) =>
      sql`(${day}::date, ${utcHour(last).toISOString()}::timestamptz, ${use.libraryId}::integer, ${use.titleId}::integer, ${use.issueId}::integer,
           ${use.storyId ?? null}::integer, ${use.pageNo ?? null}::integer, ${use.kind}::text, ${hash}::text,
           ${new Date(first.getTime() - DOUBLE_CLICK_SECONDS * 1000).toISOString()}::timestamptz, ${last.toISOString()}::timestamptz)`,
  );
  await getDb().execute(sql`
    WITH clicks (day, hour, library_id, title_id, issue_id, story_id, page_no, kind, session_hash, cutoff, last_click_at) AS (
      VALUES ${sql.join(rows, sql`, `)}
    ),
    repeated AS (
      UPDATE usage_events AS e SET last_click_at = c.last_click_at, hour = c.hour
      FROM clicks AS c
      WHERE e.session_hash = c.session_hash AND e.kind = c.kind AND e.library_id = c.library_id AND e.issue_id = c.issue_id
        AND e.story_id IS NOT DISTINCT FROM c.story_id AND e.page_no IS NOT DISTINCT FROM c.page_no AND e.last_click_at >= c.cutoff
      RETURNING c.session_hash, c.kind, c.library_id, c.issue_id, c.story_id, c.page_no
    )
    INSERT INTO usage_events (day, hour, library_id, title_id, issue_id, story_id, page_no, kind, session_hash, last_click_at)
    SELECT c.day, c.hour, c.library_id, c.title_id, c.issue_id, c.story_id, c.page_no, c.kind, c.session_hash, c.last_click_at
    FROM clicks AS c
    WHERE NOT EXISTS (
      SELECT 1 FROM repeated AS r
      WHERE r.session_hash = c.session_hash AND r.kind = c.kind AND r.library_id = c.library_id AND r.issue_id = c.issue_id
        AND r.story_id IS NOT DISTINCT FROM c.story_id AND r.page_no IS NOT DISTINCT FROM c.page_no
    )
  `);
}

/**
 * A search a member ran (COUNTER's Searches_Platform): the library and the hour, with the same salted session
 * hash as reading, never who searched.
 */
export interface SearchUse {
  libraryId: number;
  /** Who is searching, only to tell sessions apart (hashed with the day's salt, never stored). */
  reader: string;
}

/** Counts searches, each at its own time, in one statement. */
async function recordSearches(searches: readonly { search: SearchUse; at: Date }[]): Promise<void> {
  if (searches.length === 0) return;
  const salts = new Map<string, string>();
  for (const day of new Set(searches.map(({ at }) => utcDay(at)))) salts.set(day, await saltOf(day));
  const rows = searches.map(({ search, at }) => ({
    day: utcDay(at),
    hour: utcHour(at),
    libraryId: search.libraryId,
    sessionHash: sessionHash(salts.get(utcDay(at))!, search.libraryId, search.reader),
  }));
  await getDb().insert(usageSearches).values(rows);
}

/** Counts still to write in this process: one at a time, so a burst of reading never crowds the database. */
const pending = processWide('usage-count-queue', () => ({ tail: Promise.resolve(), waiting: 0 }));
/** Past this many waiting counts (the database is down or slow), new ones are dropped rather than kept in memory. */
const MAX_WAITING = 1000;

const failures = processWide('usage-count-failures', () => ({ logged: false }));

/** Every count already accepted, written (or failed): what closing the database waits for. */
async function settled(): Promise<void> {
  while (pending.waiting > 0) await pending.tail;
}
settleBeforeClose('usage-counts', settled);

/**
 * Writes a count without holding up the reading or search that caused it: the page or call answers at once, and a
 * counting failure is logged once (until counting works again), never shown to the reader.
 */
function enqueue(write: () => Promise<void>): Promise<void> {
  if (pending.waiting >= MAX_WAITING) {
    report(new Error(`${MAX_WAITING} counts are waiting; this one is dropped`));
    return Promise.resolve();
  }
  pending.waiting += 1;
  const done = pending.tail.then(write).then(
    () => {
      failures.logged = false;
    },
    report,
  );
  pending.tail = done.finally(() => {
    pending.waiting -= 1;
  });
  return done;
}

/**
 * Counts of one kind accepted and not yet written: one write takes every count that arrived before it started. For
 * searches, each a row of its own: at 50 search pages a second, one insert and commit each fell behind on a busy
 * disk and the queue dropped counts. For uses, whose repeats recordUses merges first: one statement for all.
 */
function batched<T>(name: string, dropped: string, write: (entries: { entry: T; at: Date }[]) => Promise<void>): (entry: T) => Promise<void> {
  const batch = processWide(name, () => ({ entries: [] as { entry: T; at: Date }[], write: null as Promise<void> | null }));
  return (entry) => {
    // The batch is bounded like the queue, and a new write is asked for only when the queue will take it.
    if (batch.entries.length >= MAX_WAITING || (!batch.write && pending.waiting >= MAX_WAITING)) {
      report(new Error(`${MAX_WAITING} counts are waiting; ${dropped} is dropped`));
      return Promise.resolve();
    }
    batch.entries.push({ entry, at: new Date() });
    batch.write ??= enqueue(() => {
      const { entries } = batch;
      batch.entries = [];
      batch.write = null;
      return write(entries);
    });
    return batch.write;
  };
}

/** Counts a use of an item (see enqueue), written together with the others waiting. */
export const countUse: (use: ReadingUse) => Promise<void> = batched<ReadingUse>('usage-use-batch', 'this one', (entries) =>
  recordUses(entries.map(({ entry, at }) => ({ use: entry, at }))),
);

/** Counts a search (see enqueue), written together with the others waiting. */
export const countSearch: (search: SearchUse) => Promise<void> = batched<SearchUse>('usage-search-batch', 'this search', (entries) =>
  recordSearches(entries.map(({ entry, at }) => ({ search: entry, at }))),
);

/** Why a count failed: the innermost cause. Drizzle's own message repeats the statement and its parameters. */
function reason(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

function report(error: unknown): void {
  if (failures.logged) return;
  failures.logged = true;
  console.error('Usage counting failed; reading goes on uncounted until it works again:', reason(error));
}
