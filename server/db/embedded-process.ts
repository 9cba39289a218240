import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Starts the embedded database in a child process (see scripts/embedded-db.ts) and returns its URL. With a folder and
 * a port, a stopped one starts again at the same address with the same data (the outage tests). PGlite unless
 * `engine` is 'postgres' (which needs the folder).
 */
export async function startEmbeddedDatabaseProcess(dataDir?: string, port?: number, engine: 'pglite' | 'postgres' = 'pglite'): Promise<{ url: string; stop(): Promise<void> }> {
  const script = path.join(process.cwd(), 'scripts', 'embedded-db.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir ?? '', ...(port ? [String(port)] : [])], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, EMBEDDED_DB_ENGINE: engine },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('embedded database did not start in 60 s')), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /READY (\S+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded database exited with code ${code}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
