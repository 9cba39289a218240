import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { queriesAtPriority, type CommandDatabase } from '@/server/db/cli';
import { startEmbeddedDatabaseProcess } from '@/server/db/embedded-process';

/**
 * `npm run import` yields the machine to the site, and its queries too: on the running site's embedded PostgreSQL,
 * the server process that runs each of the import's connections is given the import's nice value, so the import's
 * inserts and text indexing wait behind the site's answers to its members instead of sharing the site's priority.
 */

jest.setTimeout(120_000);

const linux = process.platform === 'linux';

/** The server process behind each of `count` connections held at once, and that process's nice value. */
async function backends(pool: Pool, count: number): Promise<{ pid: number; nice: number }[]> {
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
  try {
    const pids = await Promise.all(clients.map(async (client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid));
    return pids.map((pid) => ({ pid, nice: os.getPriority(pid) }));
  } finally {
    for (const client of clients) client.release();
  }
}

(linux ? describe : describe.skip)('the import command’s queries on the running site’s embedded PostgreSQL', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-db-priority-'));
  // As root, PostgreSQL runs as the postgres user, who must be able to reach the folder (mkdtemp makes it 0700).
  fs.chmodSync(dir, 0o755);
  let server: Awaited<ReturnType<typeof startEmbeddedDatabaseProcess>>;
  const pools: Pool[] = [];
  const poolFor = (database: CommandDatabase, nice: number) => {
    // An idle client losing its server (the server stopping at the end) must not fail the run, as in server/db/client.
    const pool = new Pool({ connectionString: database.url, max: 2 }).on('error', () => undefined);
    pools.push(pool);
    queriesAtPriority(pool, database, nice);
    return pool;
  };

  beforeAll(async () => {
    server = await startEmbeddedDatabaseProcess(path.join(dir, 'postgres'), undefined, 'postgres');
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const runningSite = (): CommandDatabase => ({ kind: 'running site', url: server.url, release: async () => undefined });

  it('runs each of its connections’ server processes at the import’s nice value', async () => {
    const seen = await backends(poolFor(runningSite(), 7), 2);
    expect(seen).toHaveLength(2);
    for (const backend of seen) {
      expect(fs.readFileSync(`/proc/${backend.pid}/comm`, 'utf8').trim()).toBe('postgres');
      expect(backend.nice).toBe(7);
    }
  });

  it('leaves the site’s own connections at the site’s priority', async () => {
    const site = new Pool({ connectionString: server.url, max: 2 }).on('error', () => undefined);
    pools.push(site);
    for (const backend of await backends(site, 2)) expect(backend.nice).toBe(0);
  });

  it('leaves a configured database alone (it may be on another machine) and an import at the shell’s priority', async () => {
    const configured: CommandDatabase = { kind: 'configured', url: server.url, release: async () => undefined };
    for (const backend of await backends(poolFor(configured, 7), 2)) expect(backend.nice).toBe(0);
    for (const backend of await backends(poolFor(runningSite(), 0), 2)) expect(backend.nice).toBe(0);
  });
});

(linux ? describe : describe.skip)('the import command’s queries on PGlite', () => {
  it('lowers no process on PGlite, whose pg_backend_pid() names no server process of its own', async () => {
    const pglite = await startEmbeddedDatabaseProcess();
    try {
      const plain = new Pool({ connectionString: pglite.url, max: 1 });
      const [before] = await backends(plain, 1);
      await plain.end();
      const lowered = new Pool({ connectionString: pglite.url, max: 1 });
      queriesAtPriority(lowered, { kind: 'running site', url: pglite.url, release: async () => undefined }, 7);
      const [after] = await backends(lowered, 1);
      await lowered.end();
      // The same number each time, and whatever process it is here (a kernel thread, say) it is not PostgreSQL's.
      expect(after.pid).toBe(before.pid);
      expect(fs.existsSync(`/proc/${after.pid}/comm`) ? fs.readFileSync(`/proc/${after.pid}/comm`, 'utf8').trim() : 'none').not.toBe('postgres');
      expect(after.nice).toBe(before.nice);
    } finally {
      await pglite.stop();
    }
  });
});
