import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, type Pool } from 'pg';
import { DATA_DIR } from '../config';
import { processAlive } from '../processes';
import { startEmbeddedDatabase } from './embedded';

/**
 * The database a command-line tool works on: DATABASE_URL when set; else the embedded server of the running site
 * (scripts/run.ts records its address under DATA_DIR); else an embedded server started here for the command and
 * stopped with it. The tool then uses DATABASE_URL like the site does.
 */

/** Where the start script records the embedded server it runs, removed when it stops. */
export const EMBEDDED_DB_RECORD = path.join(DATA_DIR, 'embedded-db.json');

export interface EmbeddedRecord {
  url: string;
  pid: number;
}

/** Where the site server records the address it listens on (scripts/site-server.ts), for `npm run operator`. */
export const RUNNING_SITE_RECORD = path.join(DATA_DIR, 'site.json');

function writeRecord(file: string, record: EmbeddedRecord): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(record)}\n`);
}

function forgetRecord(file: string): void {
  try {
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as EmbeddedRecord;
    // Another start may have taken over the record; only its writer removes it.
    if (record.pid === process.pid) fs.rmSync(file, { force: true });
  } catch {
    // no record
  }
}

/** The record's address when it names a live process; null when there is none. */
function liveRecord(file: string): string | null {
  try {
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as EmbeddedRecord;
    return record.url && processAlive(record.pid) ? record.url : null;
  } catch {
    return null;
  }
}

export const recordEmbeddedDatabase = (record: EmbeddedRecord) => writeRecord(EMBEDDED_DB_RECORD, record);
export const forgetEmbeddedDatabase = () => forgetRecord(EMBEDDED_DB_RECORD);
export const recordRunningSite = (record: EmbeddedRecord) => writeRecord(RUNNING_SITE_RECORD, record);
export const forgetRunningSite = () => forgetRecord(RUNNING_SITE_RECORD);

/** The address the running site listens on (http://host:port), when one runs on this DATA_DIR. */
export const runningSiteUrl = () => liveRecord(RUNNING_SITE_RECORD);

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The running site's embedded server, when the record names a live process whose server answers. */
export async function runningEmbeddedDatabase(): Promise<string | null> {
  const url = liveRecord(EMBEDDED_DB_RECORD);
  return url && (await answers(url)) ? url : null;
}

export interface CommandDatabase {
  /** 'configured' (DATABASE_URL), 'running site' or 'started' (stopped again by release). */
  kind: 'configured' | 'running site' | 'started';
  url: string;
  release(): Promise<void>;
}

/** Sets DATABASE_URL for a command and says where it points; `release` stops a server the command started. */
export async function databaseForCommand(): Promise<CommandDatabase> {
  if (process.env.DATABASE_URL) return { kind: 'configured', url: process.env.DATABASE_URL, release: async () => undefined };
  const running = await runningEmbeddedDatabase();
  if (running) {
    process.env.DATABASE_URL = running;
    // A few connections: the site keeps the rest of the embedded server's for its members.
    process.env.DATABASE_POOL_MAX ??= '2';
    return { kind: 'running site', url: running, release: async () => undefined };
  }
  const embedded = await startEmbeddedDatabase({ dataDir: DATA_DIR });
  process.env.DATABASE_URL = embedded.url;
  process.env.DATABASE_POOL_MAX ??= '4';
  return { kind: 'started', url: embedded.url, release: () => embedded.stop() };
}

/**
 * Runs the queries of `pool` at `nice` where the running site's embedded PostgreSQL executes them: each new
 * connection's server process (a backend, forked by the site's PostgreSQL and so in the site's own scheduling group)
 * is given that nice value. Without it the import's own priority stopped at its database work: its inserts, text
 * indexing and searches ran in the site's group at the site's priority, beside the site's answers to its members.
 * Only for 'running site' (a started server is the command's own child, at its priority already; a configured one
 * may be on another machine, where a process number names nothing here), only on a process that is PostgreSQL's
 * (PGlite answers from one process, the site's own), and only to lower a priority.
 */
export function queriesAtPriority(pool: Pool, database: CommandDatabase, nice: number): void {
  if (database.kind !== 'running site' || nice <= 0) return;
  pool.on('connect', (client) => {
    client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid').then(
      ({ rows }) => lowerPostgresProcess(rows[0]?.pid, nice),
      () => undefined,
    );
  });
}

function lowerPostgresProcess(pid: unknown, nice: number): void {
  if (!Number.isInteger(pid) || (pid as number) <= 1) return;
  try {
    if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return;
    if (os.getPriority(pid as number) < nice) os.setPriority(pid as number, nice);
  } catch {
    // Not Linux, the process gone, or not permitted: the query runs at the site's priority, as before.
  }
}
