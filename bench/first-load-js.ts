/**
 * First-load JS of the catalogue routes: `npx tsx bench/first-load-js.ts` after `npx next build`.
 *
 * Reads .next/build-manifest.json: a route's first load is the app's files (/_app and the root main files) plus the
 * route's own, each counted once; polyfill files are left out (only browsers without modules load them). Prints each
 * catalogue route's total in gzip bytes (level 9) and exits 1 when one is above the budget (130 kB).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const NEXT_DIR = process.env.NEXT_DIR ?? '.next';
const BUDGET_BYTES = 130 * 1000;

/** Every catalogue screen of SPEC §2 this app serves, as the build names its pages. */
export const CATALOGUE_ROUTES = [
  '/magazines/[catId]',
  '/magazines/[catId]/[magLang]',
  '/magazine/[mid]',
  '/magazine/[mid]/[issueId]',
  '/all-issues/[mid]',
  '/journals',
  '/q/temp/magazines/[catId]',
  '/q/temp/magazines/[catId]/[magLang]',
  '/q/temp/magazines/language/[langCode]',
  '/q/temp/magazine/[mid]',
  '/q/temp/magazine/[mid]/[issueId]',
  '/q/temp/all-issues/[mid]',
] as const;

interface BuildManifest {
  pages: Record<string, string[]>;
  rootMainFiles?: string[];
}

const gzipSizes = new Map<string, number>();

function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(NEXT_DIR, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

export function firstLoadFiles(manifest: BuildManifest, route: string): string[] {
  const own = manifest.pages[route];
  if (!own) throw new Error(`${route} is not in the build manifest: is the build current?`);
  return [...new Set([...(manifest.rootMainFiles ?? []), ...(manifest.pages['/_app'] ?? []), ...own])].filter((file) => file.endsWith('.js'));
}

function main(): void {
  const manifestPath = path.join(NEXT_DIR, 'build-manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error('No build manifest: run `npx next build` first');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BuildManifest;
  const shared = firstLoadFiles(manifest, '/_app').reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(`first-load JS (gzip), budget ${BUDGET_BYTES / 1000} kB; shared by every page: ${(shared / 1000).toFixed(1)} kB`);
  let over = 0;
  for (const route of CATALOGUE_ROUTES) {
    const files = firstLoadFiles(manifest, route);
    const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
    const ok = bytes <= BUDGET_BYTES;
    if (!ok) over += 1;
    console.log(`${route.padEnd(40)} ${String(bytes).padStart(7)} B  ${(bytes / 1000).toFixed(1).padStart(6)} kB  ${ok ? 'PASS' : 'FAIL'}`);
  }
  if (over > 0) {
    console.log(`${over} route(s) over ${BUDGET_BYTES / 1000} kB`);
    process.exitCode = 1;
  }
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}
