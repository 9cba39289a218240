import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { startEmbeddedDatabaseProcess } from '@/server/db/embedded-process';
import { signSessionToken } from '@/lib/session-token';
import { E2E_PEERS } from '../../playwright.config';
import { waitFor } from './site-instance';

const SECRET = 'stopping-secret-long-enough-for-hs256-signing-0123456789';
const MEMBER = { uid: 1, libid: 1001 };

/** The first issue of the demo library's listing that the demo member opens (as bench/reader finds one). */
async function demoIssue(base: string, cookie: string): Promise<number> {
  const listing = await (await fetch(`${base}/magazines/BS/en`, { headers: { cookie } })).text();
  const mid = /href="\/magazine\/(\d+)"/.exec(listing)?.[1];
  const title = await (await fetch(`${base}/magazine/${mid}`, { headers: { cookie } })).text();
  return Number(new RegExp(`href="/magazine/${mid}/(\\d+)"`).exec(title)?.[1]);
}

/**
 * `npm start` stopped as a terminal's Ctrl-C stops it: SIGINT to its whole process group. The site finishes first (the
 * job queue stops, the usage counts it accepted are written) and only then is its embedded PostgreSQL stopped; before,
 * PostgreSQL took the same signal and stopped at once under the site ("terminating connection due to administrator
 * command", thirty times, and a count could be lost).
 */
test('Ctrl-C on npm start stops the site before its embedded database: no connection cut, the last count written, nothing left running', async () => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stopping-'));
  // As root, PostgreSQL runs as the postgres user, who must be able to reach the folder (mkdtemp makes it 0700).
  fs.chmodSync(dataDir, 0o755);
  const port = E2E_PEERS.dbPort + 40;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, JWT_SECRET: SECRET, NODE_ENV: 'production' };
  for (const name of ['DATABASE_URL', 'MEDIA_DIR', 'REDIS_URL', 'EMBEDDED_DB_PORT', 'PORT']) delete env[name];
  // As a terminal runs it: a process group of its own, which Ctrl-C signals as a whole.
  const site = spawn(process.execPath, ['--import', 'tsx', 'scripts/run.ts', 'start', '-p', String(port), '-H', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  site.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  site.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => site.on('exit', (code) => resolve(code)));
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 240_000;
    while (!(await fetch(`${base}/api/health`).then((answer) => answer.ok, () => false))) {
      if (site.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not answer in 240 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { token } = await signSessionToken({ ...MEMBER, mexp: Math.floor(Date.parse('2027-12-31T23:59:59Z') / 1000), guest: false }, SECRET, 3600);
    const issue = await demoIssue(base, `session=${token}`);
    expect(issue).toBeGreaterThan(0);
    const answer = await fetch(`${base}/api/user/genCode?isLib=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: MEMBER.uid, issue, lib_id: MEMBER.libid, store_id: 1, user_con: 'IN', readtype: 'reader', userLang: 'en', purType: 1, isnews: 0, ageRating: 5, device: 'web', clvr: 'e2e', 'Is Gold': 1 }),
    });
    const { code } = (await answer.json()) as { code: string };
    // Opening the reader counts the issue opened: accepted at once, written after the answer.
    expect((await fetch(`${base}/reader/${code}/${issue}?isLib=1`, { headers: { cookie: `session=${token}` } })).status).toBe(200);

    process.kill(-site.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/terminating connection|Usage counting failed/);
    // Nothing of it is left: no PostgreSQL serving its data folder.
    await waitFor('its PostgreSQL to end', async () => !fs.readdirSync('/proc').some((pid) => /^\d+$/.test(pid) && readCommandLine(pid).includes(path.join(dataDir, 'postgres'))), 10_000);

    // Started again on its own, the database holds the count.
    const database = await startEmbeddedDatabaseProcess(dataDir, undefined, 'auto');
    const client = new Client({ connectionString: database.url });
    try {
      await client.connect();
      const { rows } = await client.query<{ count: string }>("select count(*) from usage_events where kind = 'issue' and issue_id = $1", [issue]);
      expect(Number(rows[0].count)).toBe(1);
    } finally {
      await client.end();
      await database.stop();
    }
  } finally {
    if (site.exitCode === null && site.signalCode === null) process.kill(-site.pid!, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

function readCommandLine(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
