import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A media folder, a data folder and an uploads folder of the test file's own, set before server/config reads them: import this first. */
export const IMPORT_MEDIA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'import-media-'));
export const IMPORT_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'import-data-'));
process.env.MEDIA_DIR = IMPORT_MEDIA_DIR;
/** Where the console's PDF uploads wait for their import. */
export const IMPORT_UPLOAD_DIR = path.join(IMPORT_DATA_DIR, 'uploads');
process.env.UPLOAD_DIR = IMPORT_UPLOAD_DIR;

export interface ImportRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Starts `npm run import` as the operator would, in its own process, on the test's database and media folder. */
export function startImport(args: string[], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<ImportRun> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(process.cwd(), 'scripts', 'import.ts'), ...args], {
    // IMPORT_NICE 0: on a busy machine the tests wait for the drawing, which here has no site to yield to.
    env: { ...process.env, MEDIA_DIR: IMPORT_MEDIA_DIR, DATA_DIR: IMPORT_DATA_DIR, DATABASE_POOL_MAX: '2', IMPORT_NICE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<ImportRun>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, output })));
  return { child, done };
}

export function runImport(...args: string[]): Promise<ImportRun> {
  return startImport(args).done;
}

/** Every file under the media folder (relative paths, sorted), the import's temporary folder included. */
export function mediaFiles(dir = IMPORT_MEDIA_DIR): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A folder of the test's own for PDFs and their sidecars. */
export function pdfFolder(name: string): string {
  const dir = path.join(IMPORT_DATA_DIR, 'in', name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
