import { spawn } from 'node:child_process';
import path from 'node:path';
import type { EmbeddedDatabase } from './embedded';

interface ProcessOptions {
  /**
   * In a process group (and session) of its own: a terminal's Ctrl-C, sent to the whole foreground group, then reaches
   * the site and not its database, which its parent stops once the site has finished with it.
   */
  detached?: boolean;
  /** What the process prints besides its READY line (which database, where) is printed here too. */
  echo?: boolean;
}

/**
 * Starts the embedded database in a child process (see scripts/embedded-db.ts) and returns its URL. With a folder and
 * a port, a stopped one starts again at the same address with the same data (the outage tests). PGlite unless
 * `engine` is 'postgres' (which needs the folder) or 'auto' (the site's choice under a data folder). The process
 * also ends when this one does (its stdin closes).
 */
export async function startEmbeddedDatabaseProcess(dataDir?: string, port?: number, engine: 'pglite' | 'postgres' | 'auto' = 'pglite', options: ProcessOptions = {}): Promise<EmbeddedDatabase> {
  const script = path.join(process.cwd(), 'scripts', 'embedded-db.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir ?? '', ...(port ? [String(port)] : [])], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, EMBEDDED_DB_ENGINE: engine },
    detached: options.detached ?? false,
  });
  const ready = await new Promise<{ url: string; engine: EmbeddedDatabase['engine'] }>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('embedded database did not start in 60 s')), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^READY (\S+)(?: (postgres|pglite))?$/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve({ url: match[1], engine: (match[2] as EmbeddedDatabase['engine'] | undefined) ?? 'pglite' });
        } else if (options.echo) {
          process.stdout.write(`${line}\n`);
        }
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded database exited with code ${code}`));
    });
  });
  return {
    ...ready,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
