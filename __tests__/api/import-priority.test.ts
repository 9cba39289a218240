import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run import` yields the machine to the site (scripts/background-process.mjs): on Linux with autogrouping, its
 * process runs in a session of its own whose group is lowered to IMPORT_NICE, because the scheduler shares the CPUs
 * between sessions before it reads any process's nice value; its exit code and the signals sent to the command reach
 * the import.
 */

jest.setTimeout(60_000);

const MODULE = path.join(process.cwd(), 'scripts', 'background-process.mjs');
const autogrouped = process.platform === 'linux' && fs.existsSync('/proc/sys/kernel/sched_autogroup_enabled') && fs.readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';

/** A node process that starts a long-running child with spawnYielding, prints the child's pid, then its end. */
function parentOfYielding(nice: number) {
  const script = `import(${JSON.stringify(MODULE)}).then(({ spawnYielding }) => {
    const child = spawnYielding(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }, ${nice});
    console.log('pid ' + child.pid);
    child.on('exit', (code, signal) => { console.log('ended ' + signal); process.exit(0); });
  });`;
  const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  parent.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const childPid = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const pid = /pid (\d+)/.exec(output)?.[1];
      if (pid) {
        clearInterval(timer);
        resolve(Number(pid));
      } else if (parent.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the parent ended: ${output}`));
      }
    }, 20);
  });
  const ended = new Promise<string>((resolve) => parent.on('close', () => resolve(output)));
  return { parent, childPid, ended };
}

it('runs the command at the nice value given, in a lowered session group of its own where Linux groups by session, and passes a signal on', async () => {
  const { parent, childPid, ended } = parentOfYielding(12);
  const pid = await childPid;
  expect(os.getPriority(pid)).toBe(12);
  if (autogrouped) {
    const group = fs.readFileSync(`/proc/${pid}/autogroup`, 'utf8');
    expect(group).toMatch(/ nice 12$/m);
    // Not this test's own group: its own session.
    expect(group.split(' ')[0]).not.toBe(fs.readFileSync('/proc/self/autogroup', 'utf8').split(' ')[0]);
  }
  parent.kill('SIGTERM');
  expect(await ended).toContain('ended SIGTERM');
});

it('gives the import its exit code and output through npm run import', async () => {
  const command = spawn(process.execPath, [path.join(process.cwd(), 'scripts', 'import-command.mjs'), '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  command.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  command.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => command.on('close', resolve));
  expect(output).toContain('Usage: npm run import -- <file.pdf | folder>');
  expect(code).toBe(0);
});

it('ends with the code of a failed import', async () => {
  const missing = path.join(os.tmpdir(), `no-such-folder-${process.pid}`);
  const command = spawn(process.execPath, [path.join(process.cwd(), 'scripts', 'import-command.mjs'), missing], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: 'postgres://root@127.0.0.1:1/none' },
  });
  let output = '';
  command.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  command.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => command.on('close', resolve));
  expect(code).not.toBe(0);
  expect(code).not.toBeNull();
  expect(output).not.toMatch(/^\s+at /m);
});
