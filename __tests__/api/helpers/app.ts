import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { closeDb, getDb, getPool, type Database } from '@/server/db/client';
import { startEmbeddedDatabaseProcess } from '@/server/db/embedded-process';
import { runMigrations } from '@/server/db/migrate';
import { createServiceHandler } from '@/server/http/handler';
import { buildOpenApi } from '@/server/http/openapi';
import { serveMedia } from '@/server/media/serve';
import { oddRequest, sendRefusal, writeRawRefusal } from '@/server/http/odd-requests';
import { SERVICE_OPTIONS, SERVICES } from '@/server/services';
import { contractCheck, type OpenApiDocument } from './contract';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  baseUrl: string;
  db: Database;
  /** Stops the database server, to see how the API behaves during an outage. */
  stopDatabase(): Promise<void>;
  close(): Promise<void>;
}

/** Keeps a copy of what a response sends, for the contract check once it has finished. */
function captureBody(res: http.ServerResponse): () => Buffer {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.write = ((...args: unknown[]) => {
    keep(args[0]);
    return write(...args);
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    keep(args[0]);
    return end(...args);
  }) as typeof res.end;
  return () => Buffer.concat(chunks);
}

/** Null when a PostgreSQL server answers at `url`, else why not (tests that need one say so). */
export async function databaseUnreachable(url: string): Promise<string | null> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A database of its own for one test file: in-memory PGlite, or a fresh database on `server` (TEST_DATABASE_URL). */
export async function freshDatabase(
  prefix = 'reading_test',
  server = process.env.TEST_DATABASE_URL,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (!server) {
    return startEmbeddedDatabaseProcess();
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      const cleanup = new Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The real service routes over real HTTP, on a real, migrated, empty database: on `databaseServer` when given (a
 * PostgreSQL URL, for tests that need PostgreSQL whatever the pass), else as freshDatabase chooses.
 */
export async function startTestApp(options: { databaseServer?: string } = {}): Promise<TestApp> {
  process.env.JWT_SECRET = TEST_JWT_SECRET;
  const database = await freshDatabase(undefined, options.databaseServer);
  process.env.DATABASE_URL = database.url;
  process.env.DATABASE_POOL_MAX = '4';
  await runMigrations(getPool());

  const handlers = Object.fromEntries(
    Object.entries(SERVICES).map(([service, routes]) => [service, createServiceHandler(service, routes, SERVICE_OPTIONS[service as keyof typeof SERVICE_OPTIONS])]),
  );
  const document = buildOpenApi(SERVICES);
  const openApi = JSON.stringify(document);
  // Every answer this app gives is held against the document (helpers/contract.ts); close() fails on a mismatch.
  const contract = contractCheck(JSON.parse(openApi) as OpenApiDocument);
  const server = http.createServer((req, res) => {
    // What the site server (scripts/site-server.ts) answers itself, before Next.js would see the request.
    const refusal = oddRequest(req.method, req.url);
    if (refusal) return sendRefusal(req, res, refusal);
    const body = captureBody(res);
    res.on('finish', () => contract.check(req.method ?? 'GET', req.url ?? '/', res.statusCode, String(res.getHeader('content-type') ?? ''), body()));
    // The document pages/api/openapi.json.ts serves, so a test can walk every route it names.
    if (req.url === '/api/openapi.json') {
      res.setHeader('Content-Type', 'application/json');
      res.end(openApi);
      return;
    }
    // Covers and story pictures, as pages/api/media/[...path].ts serves them.
    const media = /^\/api\/media\/([^?]+)/.exec(req.url ?? '')?.[1];
    if (media) {
      const decode = (part: string) => {
        try {
          return decodeURIComponent(part);
        } catch {
          return '';
        }
      };
      void serveMedia(req, res, media.split('/').map(decode));
      return;
    }
    // The COUNTER API's public paths, as next.config.js rewrites them.
    if (req.url?.startsWith('/r51/')) req.url = `/api${req.url}`;
    const service = /^\/api\/([^/?]+)\//.exec(req.url ?? '')?.[1];
    const handler = service ? handlers[service] : undefined;
    if (!handler) {
      res.statusCode = 404;
      res.end();
      return;
    }
    void handler(req, res);
  });
  server.on('connect', (_req, socket) => writeRawRefusal(socket, { status: 405, message: 'Method CONNECT not allowed', allow: 'GET, HEAD' }));
  server.on('clientError', (_error, socket) => writeRawRefusal(socket, { status: 400, message: 'The request could not be read' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The address the site server records as its own when SITE_URL is unset (server/http/origin.ts).
  process.env.SITE_LOCAL_URL = `http://127.0.0.1:${port}`;
  let databaseStopped = false;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: getDb(),
    async stopDatabase() {
      databaseStopped = true;
      await closeDb();
      await database.stop();
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!databaseStopped) {
        await closeDb();
        await database.stop();
      }
      if (contract.failures.length > 0) throw new Error(`Answers that break /api/openapi.json:\n${[...new Set(contract.failures)].join('\n')}`);
    },
  };
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls an API path with JSON, returning status, parsed body and headers. */
export async function call<T = Record<string, unknown>>(app: TestApp, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}
