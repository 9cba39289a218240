/**
 * `npm run import` starts here: the import (scripts/import.ts, through tsx) in a child process whose glibc malloc is
 * held to 2 arenas. Its worker threads' drawing and encoding otherwise spread over one arena per thread (measured on
 * 100 pages: peak memory 591 -> 470 MB). glibc reads MALLOC_ARENA_MAX only as a process starts, so it is set here
 * rather than as a shell prefix in package.json, which Windows' npm shell does not understand. Elsewhere it is unused.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'import.ts');
const child = spawn(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
// Ctrl-C reaches the child through the terminal; a signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
