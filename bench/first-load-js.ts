/**
 * First-load JS of every route: `npx tsx bench/first-load-js.ts` after a build.
 *
 * Reads <build>/build-manifest.json: a route's first load is the app's files (/_app and the root main files) plus the
 * route's own, each counted once; polyfill files are left out (only browsers without modules load them). Prints each
 * route's total in gzip bytes (level 9) and exits 1 when one is above the budget (150 kB, issue 15).
 *
 * With the build's browser source maps (`BENCH_SOURCE_MAPS=1 npx next build`, into .next-maps), it also splits each
 * file into the framework's code (React DOM, React, the scheduler, Next's client and Turbopack's runtime,
 * styled-components and stylis, and their helpers) and ours, by the source each byte was compiled from, and prints the framework's floor (what every
 * page loads before any code of ours) and each route's own share (its total less the framework's part of it). A
 * file's gzip size is shared out in proportion to the gzip size of each part compressed on its own.
 *
 *   BENCH_SOURCE_MAPS=1 npx next build && NEXT_DIR=.next-maps npx tsx bench/first-load-js.ts
 *
 * With BENCH_ROUTE (a route as the build names it, `/search`, `/magazines/[catId]`), it lists instead what that
 * route's first load is made of, source by source, largest first, each source's gzip share counted the same way.
 *
 *   NEXT_DIR=.next-maps BENCH_ROUTE=/search npx tsx bench/first-load-js.ts
 *
 * With BENCH_PART too (a pattern of source paths), it sums that part's share of the route's first load and lists its
 * sources: the reader's text layer (issue 31's budget, 10 kB gzip) is
 *
 *   NEXT_DIR=.next-maps BENCH_ROUTE='/reader/[code]/[issue]' BENCH_PART='components/reader/text/|lib/text-layer' npx tsx bench/first-load-js.ts
 *
 * Environment: NEXT_DIR, the build to read (.next); BENCH_ROUTE; BENCH_PART; BENCH_ROWS, how many sources to list (60).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const NEXT_DIR = process.env.NEXT_DIR ?? '.next';
const BUDGET_BYTES = 150 * 1000;
/** Packages that are the framework every page pays for: React, Next's client and its bundler's runtime, styled-components. */
const FRAMEWORK = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|scheduler|next|styled-components|stylis|@emotion\/[^/]+|@swc\/helpers|tslib|shallowequal)\/|^turbopack:\/\/\/\[(?:turbopack|next)\]\//;

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

interface FileSize {
  gzip: number;
  /** The framework's share of `gzip`; null without a source map. */
  framework: number | null;
}

const sizes = new Map<string, FileSize>();

function gzip(text: string | Buffer): number {
  return zlib.gzipSync(text, { level: 9 }).length;
}

/** The file's text split by whether each mapped segment was compiled from the framework's sources. */
function splitBySource(code: string, map: RawSourceMap): { framework: string; ours: string } {
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const parts = { framework: [] as string[], ours: [] as string[] };
  let previous: { line: number; column: number; framework: boolean } | null = null;
  const take = (until: { line: number; column: number } | null) => {
    if (!previous) return;
    const line = lines[previous.line - 1] ?? '';
    const end = until && until.line === previous.line ? until.column : line.length;
    (previous.framework ? parts.framework : parts.ours).push(line.slice(previous.column, end));
  };
  consumer.eachMapping((mapping) => {
    const next = { line: mapping.generatedLine, column: mapping.generatedColumn, framework: FRAMEWORK.test(mapping.source ?? '') };
    take(next);
    previous = next;
  });
  take(null);
  return { framework: parts.framework.join('\n'), ours: parts.ours.join('\n') };
}

/** The file's code (without its source map comment) and the map's path, when the build wrote one. */
function readBuilt(file: string): { code: string; mapFile: string | null } {
  const full = path.join(NEXT_DIR, file);
  const text = fs.readFileSync(full, 'utf8');
  // A build with source maps names its map in a last comment, which a build without them does not have.
  const mapName = /\n\/\/# sourceMappingURL=(\S+)\s*$/.exec(text);
  const mapFile = mapName ? path.join(path.dirname(full), mapName[1]) : null;
  return { code: mapName ? text.slice(0, mapName.index) : text, mapFile: mapFile && fs.existsSync(mapFile) ? mapFile : null };
}

/** The file's gzip size shared out among the sources its bytes were compiled from, as sizeOf shares it in two. */
function sizeBySource(file: string): Map<string, number> {
  const { code, mapFile } = readBuilt(file);
  const total = gzip(code);
  if (!mapFile) return new Map([[`${file} (no source map)`, total]]);
  const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap);
  const lines = code.split('\n');
  const parts = new Map<string, string[]>();
  let previous: { line: number; column: number; source: string } | null = null;
  const take = (until: { line: number; column: number } | null) => {
    if (!previous) return;
    const line = lines[previous.line - 1] ?? '';
    const end = until && until.line === previous.line ? until.column : line.length;
    const list = parts.get(previous.source) ?? [];
    list.push(line.slice(previous.column, end));
    parts.set(previous.source, list);
  };
  consumer.eachMapping((mapping) => {
    const next = { line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source ?? '(unmapped)' };
    take(next);
    previous = next;
  });
  take(null);
  const alone = new Map([...parts].map(([source, texts]) => [source, gzip(texts.join('\n'))]));
  const sum = [...alone.values()].reduce((a, b) => a + b, 0);
  // A file with no mapped bytes (a module's re-exports Turbopack wrote) is named for itself, as the split counts it ours.
  if (sum === 0) return new Map([[`${file} (unmapped)`, total]]);
  return new Map([...alone].map(([source, bytes]) => [source, (total * bytes) / sum]));
}

/** BENCH_ROUTE: the route's first load, source by source; with BENCH_PART, the share of the sources it matches. */
function listRoute(manifest: BuildManifest, route: string, rows: number, part: RegExp | null): void {
  const bySource = new Map<string, number>();
  for (const file of firstLoadFiles(manifest, route)) {
    for (const [source, bytes] of sizeBySource(file)) bySource.set(source, (bySource.get(source) ?? 0) + bytes);
  }
  const sorted = [...bySource].sort((a, b) => b[1] - a[1]);
  const sum = (list: Array<[string, number]>) => list.reduce((total, [, bytes]) => total + bytes, 0);
  const ours = sorted.filter(([source]) => !FRAMEWORK.test(source));
  console.log(`${route}: ${kB(sum(sorted)).trim()} gzip; the framework's ${kB(sum(sorted) - sum(ours)).trim()}, ours ${kB(sum(ours)).trim()}`);
  console.log(`our sources, largest first (${Math.min(rows, ours.length)} of ${ours.length}):`);
  const name = (source: string) => source.replace(/^turbopack:\/\/\/\[project\]\//, '');
  for (const [source, bytes] of ours.slice(0, rows)) console.log(`${(bytes / 1000).toFixed(2).padStart(6)} kB  ${name(source)}`);
  if (!part) return;
  const matched = ours.filter(([source]) => part.test(name(source)));
  console.log(`BENCH_PART ${part.source}: ${kB(sum(matched)).trim()} gzip of the route's first load, in ${matched.length} sources:`);
  for (const [source, bytes] of matched) console.log(`${(bytes / 1000).toFixed(2).padStart(6)} kB  ${name(source)}`);
}

function sizeOf(file: string): FileSize {
  let size = sizes.get(file);
  if (!size) {
    const { code, mapFile } = readBuilt(file);
    const total = gzip(code);
    let framework: number | null = null;
    if (mapFile) {
      const split = splitBySource(code, JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap);
      const frameworkAlone = split.framework ? gzip(split.framework) : 0;
      const oursAlone = split.ours ? gzip(split.ours) : 0;
      framework = frameworkAlone + oursAlone === 0 ? 0 : Math.round((total * frameworkAlone) / (frameworkAlone + oursAlone));
    }
    size = { gzip: total, framework };
    sizes.set(file, size);
  }
  return size;
}

export function firstLoadFiles(manifest: BuildManifest, route: string): string[] {
  const own = manifest.pages[route];
  if (!own) throw new Error(`${route} is not in the build manifest: is the build current?`);
  return [...new Set([...(manifest.rootMainFiles ?? []), ...(manifest.pages['/_app'] ?? []), ...own])].filter((file) => file.endsWith('.js'));
}

function total(files: string[]): { gzip: number; framework: number | null } {
  let gzipBytes = 0;
  let framework: number | null = 0;
  for (const file of files) {
    const size = sizeOf(file);
    gzipBytes += size.gzip;
    framework = framework === null || size.framework === null ? null : framework + size.framework;
  }
  return { gzip: gzipBytes, framework };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;

function main(): void {
  const manifestPath = path.join(NEXT_DIR, 'build-manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`No build manifest in ${NEXT_DIR}: build first`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BuildManifest;
  if (process.env.BENCH_ROUTE) {
    listRoute(manifest, process.env.BENCH_ROUTE, Number(process.env.BENCH_ROWS ?? 60), process.env.BENCH_PART ? new RegExp(process.env.BENCH_PART) : null);
    return;
  }
  const routes = Object.keys(manifest.pages)
    .filter((route) => !route.startsWith('/_') && route !== '/bench-bare')
    .sort();
  const shared = total(firstLoadFiles(manifest, '/_app'));
  console.log(`first-load JS (gzip), budget ${BUDGET_BYTES / 1000} kB; shared by every page: ${kB(shared.gzip).trim()}`);
  if (shared.framework === null) {
    console.log('(no browser source maps in this build: `BENCH_SOURCE_MAPS=1 npx next build` and NEXT_DIR=.next-maps show the framework floor and our share)');
  } else {
    console.log(`framework floor (React DOM, React, Next's client and runtime, styled-components): ${kB(shared.framework).trim()}; ours in the shared files: ${kB(shared.gzip - shared.framework).trim()}`);
  }
  console.log(`${'route'.padEnd(42)} ${'total'.padStart(9)} ${'ours'.padStart(9)}`);
  let over = 0;
  let largest = { route: '', bytes: 0 };
  for (const route of routes) {
    const size = total(firstLoadFiles(manifest, route));
    const ok = size.gzip <= BUDGET_BYTES;
    if (!ok) over += 1;
    if (size.gzip > largest.bytes) largest = { route, bytes: size.gzip };
    const ours = size.framework === null ? ''.padStart(9) : kB(size.gzip - size.framework);
    console.log(`${route.padEnd(42)} ${kB(size.gzip)} ${ours}  ${ok ? 'PASS' : 'FAIL'}`);
  }
  console.log(`${routes.length} routes; the largest ${largest.route} at ${kB(largest.bytes).trim()}; ${over} over ${BUDGET_BYTES / 1000} kB`);
  if (over > 0) process.exitCode = 1;
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}
