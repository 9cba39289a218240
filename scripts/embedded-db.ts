/**
 * Runs PGlite (in memory unless a folder is given; on a given port, else any free one) as its own process and prints `READY <url>` once it accepts
 * connections. Stops when its parent closes stdin or sends SIGTERM. Used by the API tests
 * (PGlite loads its WASM with dynamic imports, which jest's module sandbox does not allow). With
 * EMBEDDED_DB_ENGINE=postgres it runs the site's embedded PostgreSQL on the folder instead (its own server processes).
 */
import { startPGliteServer, startPostgresServer } from '../server/db/embedded';

async function main() {
  const dataDir = process.argv[2] || undefined;
  const port = Number(process.argv[3]) || undefined;
  const database = process.env.EMBEDDED_DB_ENGINE === 'postgres' && dataDir ? await startPostgresServer({ dataDir, port }) : await startPGliteServer({ dataDir, port });
  const stop = async () => {
    await database.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  process.stdout.write(`READY ${database.url}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
