import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Waits until the server a benchmark started answers /api/health, failing at once if it exits (see its log). */
export async function waitForHealth(child: ChildProcess, base: string, log = 'its output', timeoutMs = 15 * 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}; see ${log}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the server did not answer ${base}/api/health in time`);
}

/** The demo library's member whose session the page benchmarks use (server/seed). */
export const DEMO_MEMBER = { email: 'reader@riverside.test', password: 'reading-room-2026' } as const;

/**
 * `npm start` of the production build on `database` (`embedded`: what `npm start` picks with no DATABASE_URL;
 * `pglite`: EMBEDDED_DB=pglite; `postgresql`: `pgUrl`), with its data under `dataDir` and its output in
 * `dataDir/bench-server.log`, from the checkout `cwd` (this one by default). Its own process group, so stopSite ends the whole tree (npm, the start script, Next.js,
 * the embedded database) together.
 */
export function startSite(options: { database: string; dataDir: string; port: number; pgUrl?: string; env?: Record<string, string>; cwd?: string }): ChildProcess {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...options.env };
  delete env.DATABASE_URL;
  delete env.EMBEDDED_DB;
  if (options.database === 'postgresql') env.DATABASE_URL = options.pgUrl;
  if (options.database === 'pglite') env.EMBEDDED_DB = 'pglite';
  const child = spawn('npm', ['start', '--', '-p', String(options.port), '-H', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true, cwd: options.cwd });
  const log = fs.createWriteStream(path.join(options.dataDir, 'bench-server.log'), { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

export function stopSite(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (!child.pid || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

/** The demo member signed in with their password: the session cookie their browser gets, and the answer's fields. */
export async function signInDemoMember(base: string): Promise<{ cookie: string; token: string; userId: number; libraryId: number }> {
  const res = await fetch(`${base}/api/user/verifyotp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_MEMBER),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0])
    .find((line) => line.startsWith('session='));
  if (!res.ok || !cookie) throw new Error(`the member's sign-in failed (${res.status})`);
  const body = (await res.json()) as { jwtoken: string; uid: number; libid: number };
  return { cookie, token: body.jwtoken, userId: body.uid, libraryId: body.libid };
}

/** Runs a command to its end: its output (stdout and stderr) when it exits 0, else an error with the output's end. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-2000)}`))));
  });
}

/** A JSON call to the site at `base` with a bearer token, as the console makes it: its answer, or an error naming the status. */
export async function apiCall<T>(base: string, token: string, url: string, init: { method?: string; body?: unknown; raw?: Uint8Array; type?: string } = {}): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: init.method ?? (init.body !== undefined || init.raw ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${token}`, 'content-type': init.type ?? 'application/json' },
    body: init.raw ? new Uint8Array(init.raw) : init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'POST'} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
