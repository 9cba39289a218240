import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as installQueueTables } from 'graphile-worker';
import type { Pool } from 'pg';

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'server', 'db', 'migrations');
// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 724_311_902;

/** graphile-worker's migration messages: errors only. */
const quiet = new Logger(() => (level, message) => {
  if (level === 'error') console.error(`[jobs] ${message}`);
});

/**
 * Applies the migrations in the repo, under an advisory lock so two instances starting together do not race, then
 * the job queue's own (graphile-worker's schema `graphile_worker`, under its own lock; server/jobs/queue.ts).
 */
export async function runMigrations(pool: Pool, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
  await installQueueTables({ pgPool: pool, logger: quiet });
}

/**
 * Tags of the repo's migrations the database has not applied, read without changing anything: drizzle applies those
 * whose journal `when` is later than the newest `created_at` it recorded.
 */
export async function pendingMigrations(pool: Pool, migrationsFolder = MIGRATIONS_FOLDER): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const newest = await pool
    .query<{ newest: string | null }>('SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations')
    .then((result) => Number(result.rows[0]?.newest ?? 0))
    // No table yet: nothing was ever applied.
    .catch(() => 0);
  return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
}
