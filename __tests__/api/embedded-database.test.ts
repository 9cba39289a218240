import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PROBE = path.join(__dirname, 'scripts', 'embedded-probe.ts');

interface Probe {
  engine: 'postgres' | 'pglite';
  extensions: string[];
  configs: string[];
  twoSleepsMs: number;
}

/** What `npm start` gets from startEmbeddedDatabase on this data root, asked in a child process. */
async function probe(dataRoot: string, env: Record<string, string> = {}): Promise<{ result: Probe; log: string }> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', PROBE, dataRoot], { env: { ...process.env, ...env }, timeout: 90_000 });
  const lines = stdout.trim().split('\n');
  return { result: JSON.parse(lines.at(-1)!) as Probe, log: lines.slice(0, -1).join('\n') };
}

describe('the embedded database of npm run dev / npm start', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-db-'));
    // As root, PostgreSQL runs as the postgres user, who must be able to reach the folder (mkdtemp makes it 0700).
    fs.chmodSync(root, 0o755);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is PostgreSQL in DATA_DIR/postgres, with the extensions and text search configurations the migrations use, running queries in parallel', async () => {
    const { result, log } = await probe(root);
    expect(result.engine).toBe('postgres');
    expect(fs.existsSync(path.join(root, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(result.extensions).toEqual(['pg_trgm', 'unaccent']);
    expect(result.configs).toEqual(['hindi', 'tamil']);
    expect(result.twoSleepsMs).toBeLessThan(750);
    expect(log).toContain(`creating the embedded PostgreSQL database in ${path.join(root, 'postgres')}`);
    // A second start opens the same database instead of making one.
    expect((await probe(root)).log).not.toContain('creating');
  });

  it('keeps a PGlite database from before on PGlite, one query at a time, and says how to move', async () => {
    expect((await probe(root, { EMBEDDED_DB: 'pglite' })).result.engine).toBe('pglite');
    const { result, log } = await probe(root);
    expect(result.engine).toBe('pglite');
    expect(result.twoSleepsMs).toBeGreaterThanOrEqual(800);
    expect(log).toContain(`keeping the existing PGlite database in ${path.join(root, 'pglite')}`);
    expect(log).toContain('To move to the embedded PostgreSQL');
    expect(fs.existsSync(path.join(root, 'postgres'))).toBe(false);
  });
});
