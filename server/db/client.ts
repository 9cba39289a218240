import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { processWide } from '../process-wide';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

interface DbState {
  url: string;
  pool: Pool;
  db: Database;
}

// One pool per process; kept on globalThis so Next's dev reloads do not open a new pool per edit.
const holder = globalThis as typeof globalThis & { __readingDb?: DbState };

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error('DATABASE_URL is not set: start the site with `npm run dev` or `npm start`, which provide the embedded database');
  }
  return url;
}

function open(): DbState {
  const url = databaseUrl();
  const pool = new Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reports the outage.
  pool.on('error', () => undefined);
  return { url, pool, db: drizzle(pool, { schema, casing: 'snake_case' }) };
}

function state(): DbState {
  const current = holder.__readingDb;
  if (current && current.url === process.env.DATABASE_URL) return current;
  if (current) void current.pool.end().catch(() => undefined);
  holder.__readingDb = open();
  return holder.__readingDb;
}

export function getDb(): Database {
  return state().db;
}

export function getPool(): Pool {
  return state().pool;
}

/** Writes this process has accepted but not yet made (usage counts), by name: closeDb lets them land first. */
const beforeClose = processWide('db-before-close', () => new Map<string, () => Promise<void>>());

/**
 * Registers work that closeDb waits for before it ends the pool. Without it a write still queued when the pool
 * closes would open a second pool of its own (getDb) and fail when the server goes, or be lost.
 */
export function settleBeforeClose(name: string, settle: () => Promise<void>): void {
  beforeClose.set(name, settle);
}

export async function closeDb(): Promise<void> {
  await Promise.allSettled([...beforeClose.values()].map((settle) => settle()));
  const current = holder.__readingDb;
  holder.__readingDb = undefined;
  if (current) await current.pool.end();
}

const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '3D000', '53300']);

/** True when an error means the database cannot be reached, as opposed to a bad query. */
export function isDatabaseOutage(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && OUTAGE_CODES.has(code)) return true;
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(message)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
