import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run import` on the embedded database it starts itself (no DATABASE_URL, no running site): the library that
 * runs that database ends the process on its own when the event loop empties, with exit code 0. A run whose every
 * file failed must still exit 1, after its summary.
 */
jest.setTimeout(180_000);

let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'import-exit-'));
  // As root the embedded PostgreSQL runs as the postgres user, who must reach its data folder in here.
  fs.chmodSync(work, 0o755);
});

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

it('exits 1 with its summary when every file of a folder fails on the embedded database', async () => {
  const folder = path.join(work, 'in');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'Not A Paper - 2026-01-01.pdf'), 'plain text, not a PDF');
  fs.writeFileSync(path.join(folder, 'Cut Short - 2026-01-01.pdf'), '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(work, 'data'), MEDIA_DIR: path.join(work, 'media'), IMPORT_NICE: '0' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'scripts', 'import.ts'), folder, '--workers', '1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(output).toContain('Database: the embedded database (started for this command)');
  expect(output).toContain('Summary: 0 imported, 0 updated, 0 unchanged, 2 failed');
  expect(output).toMatch(/failed: .*Not A Paper - 2026-01-01\.pdf: not a PDF/);
  expect(output).toMatch(/failed: .*Cut Short - 2026-01-01\.pdf: the file is truncated/);
  expect(code).toBe(1);
});

it('--help prints the usage and what each option does, and exits 0 without touching a database', async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(work, 'help-data') };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'scripts', 'import.ts'), '--help'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(output).toMatch(/^Usage: npm run import -- <file\.pdf \| folder>/);
  for (const option of ['--dry-run', '--replace', '--category', '--language', '--age-rating', '--issue-date', '--workers', '--redraw', '--help']) {
    expect(output).toMatch(new RegExp(`^ +(-h, )?${option} .*\\w`, 'm'));
  }
  expect(output).not.toMatch(/Unknown option|stopped/);
  expect(fs.existsSync(path.join(work, 'help-data'))).toBe(false);
  expect(code).toBe(0);
});
