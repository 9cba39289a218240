/**
 * npm run seed [-- --force]
 *
 * Fills the database with the deterministic demo library (server/seed). With DATABASE_URL set it seeds that
 * database; without it, the embedded PGlite database in .data/pglite. Migrations run first. A database that already
 * has libraries is left alone unless --force is given, which empties every table (and the seeded media folders)
 * before seeding again. Images go to MEDIA_DIR (default .data/media).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { closeDb, getDb, getPool } from '../server/db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { seedDemoLibrary } from '../server/seed';

/** Media folders the seed writes (pages/ holds page images cached by the media route). */
const SEEDED_MEDIA = ['covers', 'pages', 'stories', 'categories', 'logos', 'translations'];

async function emptyDatabase(): Promise<void> {
  const pool = getPool();
  const { rows } = await pool.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
  if (!rows.length) return;
  const tables = rows.map((row) => `"${row.name.replace(/"/g, '""')}"`).join(', ');
  await pool.query(`TRUNCATE TABLE ${tables} RESTART IDENTITY CASCADE`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const force = process.argv.includes('--force');
  const mediaDir = path.resolve(process.env.MEDIA_DIR ?? '.data/media');
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedDatabase({ dataDir: '.data/pglite' });
    process.env.DATABASE_URL = embedded.url;
    process.env.DATABASE_POOL_MAX = '4';
    console.log('Using the embedded database in .data/pglite');
  }
  try {
    await runMigrations(getPool());
    const { rows } = await getPool().query<{ count: number }>('SELECT count(*)::int AS count FROM libraries');
    if (rows[0].count > 0) {
      if (!force) {
        console.log('The database already has libraries; nothing to do. Run `npm run seed -- --force` to empty it and seed again.');
        return;
      }
      console.log('--force: emptying every table and the seeded media folders');
      await emptyDatabase();
      await Promise.all(SEEDED_MEDIA.map((folder) => fs.rm(path.join(mediaDir, folder), { recursive: true, force: true })));
    }
    console.log(`Seeding the demo library (media in ${mediaDir})`);
    const summary = await seedDemoLibrary(getDb(), { mediaDir, log: (line) => console.log(`  ${line}`) });
    const { ms, ...counts } = summary;
    console.log(Object.entries(counts).map(([name, count]) => `  ${name}: ${count}`).join('\n'));
    console.log(`Seeded in ${(ms / 1000).toFixed(1)}s; ${((performance.now() - started) / 1000).toFixed(1)}s in all`);
  } finally {
    await closeDb();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
