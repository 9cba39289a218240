/**
 * `npm run import` starts here: the import (scripts/import.ts, through tsx) in a child process whose glibc malloc is
 * held to 2 arenas. Its worker threads' drawing and encoding otherwise spread over one arena per thread (measured on
 * 100 pages: peak memory 591 -> 470 MB). Blocks of 1 MB or more (a page's pixels and its WebP encoding, 10-20 MB
 * each) are mapped for themselves and given back when freed (MALLOC_MMAP_THRESHOLD_): otherwise glibc raises that
 * threshold to the largest block freed and keeps such blocks in its arenas. On 166 real PDFs (docs/measurements.md) the
 * peak was 542 MB with it and 610 MB without, for about 10% more CPU a page: under 600 MB only with it. glibc reads
 * both only as a process starts, so they are set here rather than as a shell prefix in package.json, which Windows'
 * npm shell does not understand. Elsewhere they are unused.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importNice, spawnYielding } from './background-process.mjs';

// The whole import yields to the site it feeds, not only its drawing workers: its reading of files, its writing of
// rows and its start (tsx compiling the command) took the site's members' turn (bench/first-library). It runs at
// IMPORT_NICE in a session of its own, whose group has that priority too (scripts/background-process.mjs).
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'import.ts');
const child = spawnYielding(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576', ...process.env },
}, importNice());
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
