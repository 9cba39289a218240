/**
 * Runs an embedded database as its own process and prints `READY <url> <engine>` once it accepts connections. Stops
 * when its parent closes stdin (or ends, which closes it) or sends SIGTERM or SIGINT.
 *
 * EMBEDDED_DB_ENGINE says which: `pglite` (the default: in memory unless a folder is given; on a given port, else any
 * free one), used by the API tests, as PGlite loads its WASM with dynamic imports, which jest's module sandbox does not
 * allow; `postgres`, the site's embedded PostgreSQL on the folder (its own server processes); `auto`, the site's
 * choice between the two under a data folder (server/db/embedded.ts startEmbeddedDatabase), for `npm start` and
 * `npm run dev` (scripts/run.ts), which run it apart from the site so that stopping the site lets it finish first.
 */
import { startEmbeddedDatabase, startPGliteServer, startPostgresServer } from '../server/db/embedded';

async function main() {
  const dataDir = process.argv[2] || undefined;
  const port = Number(process.argv[3]) || undefined;
  const engine = process.env.EMBEDDED_DB_ENGINE;
  const database =
    engine === 'auto' ? await startEmbeddedDatabase({ dataDir, port }) : engine === 'postgres' && dataDir ? await startPostgresServer({ dataDir, port }) : await startPGliteServer({ dataDir, port });
  const stop = async () => {
    await database.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  process.stdout.write(`READY ${database.url} ${database.engine}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
