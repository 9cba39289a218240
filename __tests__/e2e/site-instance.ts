import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { runMigrations } from '@/server/db/migrate';

/**
 * One more instance of the production build (the site server `npm start` runs, scripts/site-server.ts, on the build
 * the e2e run already made), on its own port and environment: its own database, media storage, Redis. The scale specs
 * start their own, beside the e2e server.
 */
export interface SiteInstance {
  url: string;
  /** The server's process id (what its job workers name it by in job_runners). */
  pid: number;
  /** What the server printed so far (its errors, for a failing assertion's message). */
  output(): string;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash or a lost machine would: nothing of it runs after. */
  kill(): Promise<void>;
}

export const SCALE_JWT_SECRET = 'scale-secret-long-enough-for-hs256-signing-0123456789';

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startSite(port: number, env: Record<string, string>): Promise<SiteInstance> {
  const server = path.join(process.cwd(), 'scripts', 'site-server.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `site-${port}-`));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', server, '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, MEDIA_DIR: path.join(dataDir, 'media'), JWT_SECRET: SCALE_JWT_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`the site on port ${port} (${output})`, async () => (await fetch(`${url}/api/health`)).ok, 90_000);
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const done = () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill(signal);
    });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}

/** Applies the migrations to a database the spec started. */
export async function migrate(url: string): Promise<void> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    await runMigrations(pool);
  } finally {
    await pool.end();
  }
}
