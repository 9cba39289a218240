/**
 * npm run seed [-- --force]
 *
 * Fills the database with the deterministic demo library (server/seed). With DATABASE_URL set it seeds that
 * database; without it, the running site's embedded database, else the embedded one in $DATA_DIR/pglite started for
 * it (server/db/cli.ts). Migrations run first. A database that already
 * has libraries is left alone unless --force is given, which empties every table (and the seeded media folders)
 * before seeding again. Images go to the media storage: MEDIA_DIR (default .data/media), or the S3 bucket when S3_BUCKET
 * is set (server/storage).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { databaseForCommand } from '../server/db/cli';
import { closeDb, getDb, getPool } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedDemoLibrary } from '../server/seed';
import { mediaStorage } from '../server/storage';

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
  const database = await databaseForCommand();
  if (database.kind !== 'configured') console.log(database.kind === 'running site' ? "Using the running site's embedded database" : 'Using the embedded database (started for this command)');
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
      const storage = mediaStorage(mediaDir);
      await Promise.all(SEEDED_MEDIA.map((folder) => storage.removeFolder(folder)));
      // Translation files stay on the local disk in either case (a missing one is served from its row).
      await fs.rm(path.join(mediaDir, 'translations'), { recursive: true, force: true });
    }
    console.log(`Seeding the demo library (media in ${process.env.S3_BUCKET ? `the S3 bucket ${process.env.S3_BUCKET}` : mediaDir})`);
    const summary = await seedDemoLibrary(getDb(), { mediaDir, log: (line) => console.log(`  ${line}`) });
    const { ms, ...counts } = summary;
    console.log(Object.entries(counts).map(([name, count]) => `  ${name}: ${count}`).join('\n'));
    console.log(`Seeded in ${(ms / 1000).toFixed(1)}s; ${((performance.now() - started) / 1000).toFixed(1)}s in all`);
  } finally {
    await closeDb();
    await database.release();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
