/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CATALOGUE_ROUTES } from '@/bench/first-load-js';

const ROOT = path.resolve(__dirname, '../../..');

function pageFile(route: string): string {
  const base = path.join(ROOT, 'pages', route);
  const file = [`${base}.tsx`, path.join(base, 'index.tsx')].find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`no page file for ${route}`);
  return file;
}

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** The modules a file imports at load time: type-only imports are erased, and `await import()` is not one. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const onlyTypes = clause && (clause.isTypeOnly || (!clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly)));
      if (!onlyTypes) found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !statement.isTypeOnly) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** The chain of static imports from `entry` to a module that imports `pkg` (or a subpath of it) itself, or null. */
function pathTo(entry: string, pkg: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const imports = staticImports(file);
    const found = imports.find((specifier) => specifier === pkg || specifier.startsWith(`${pkg}/`));
    if (found) {
      const chain: string[] = [found];
      for (let step: string | null = file; step; step = cameFrom.get(step) ?? null) chain.unshift(path.relative(ROOT, step));
      return chain;
    }
    for (const specifier of imports) {
      const next = resolve(file, specifier);
      if (next && !cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Every page of the site (not the API routes, which run on the server only). */
function allPages(dir = path.join(ROOT, 'pages')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'api' ? [] : allPages(full);
    return /\.tsx?$/.test(entry.name) && entry.name !== '_document.tsx' ? [full] : [];
  });
}

/** What a catalogue page renders in the browser: its imports from components/ (its data loading stays on the server). */
function screensOf(route: string): string[] {
  const page = pageFile(route);
  return staticImports(page)
    .map((specifier) => resolve(page, specifier))
    .filter((file): file is string => file !== null && file.startsWith(path.join(ROOT, 'components') + path.sep));
}

const pathToAxios = (entry: string) => pathTo(entry, 'axios');

describe('first-load JS of the catalogue routes', () => {
  it.each(CATALOGUE_ROUTES)('%s loads no axios at first: the call code comes with the first call', (route) => {
    const screens = screensOf(route);
    expect(screens.length).toBeGreaterThan(0);
    for (const screen of screens) expect(pathToAxios(screen)).toBeNull();
  });

  it.each(CATALOGUE_ROUTES)(
    '%s loads no SWR at first: the grid pages through it, and the favourite toggle reads through it, once loaded after the first paint (about 6 kB of gzip)',
    (route) => {
      for (const screen of screensOf(route)) expect(pathTo(screen, 'swr')).toBeNull();
    },
  );

  it('/dashboard/myFavorites loads no SWR at first: the server\'s list is drawn, and the list and toggles read through SWR once loaded after the first paint', () => {
    const screens = screensOf('/dashboard/myFavorites');
    expect(screens.map((file) => path.relative(ROOT, file))).toContain('components/dashboard/MyFavoritesScreen.tsx');
    for (const screen of screens) expect(pathTo(screen, 'swr')).toBeNull();
  });

  // The story list and /search draw the server's first page; their paging, the story categories' reader and search's
  // home (popular titles) read through SWR and load after the first paint.
  const serverDrawnLists = [
    ['/stories/category/[slug]/[categoryId]', 'components/story/StoriesScreen.tsx'],
    ['/search', 'components/search/SearchScreen.tsx'],
  ];

  it.each(serverDrawnLists)('%s loads no SWR at first: what reads through it loads after the first paint (about 6 kB of gzip)', (route, screenFile) => {
    const screens = screensOf(route);
    expect(screens.map((file) => path.relative(ROOT, file))).toContain(screenFile);
    for (const screen of screens) expect(pathTo(screen, 'swr')).toBeNull();
  });

  it.each(serverDrawnLists)('%s loads no next/link at first: its links are plain anchors the frame navigates (about 2 kB of gzip)', (route) => {
    for (const screen of screensOf(route)) expect(pathTo(screen, 'next/link')).toBeNull();
  });

  it('no page loads axios with itself: services/http.ts imports it on the first call (about 20 kB of gzip on the sign-in and account pages)', () => {
    const pages = allPages();
    expect(pages.length).toBeGreaterThan(50);
    const withAxios = pages.map((page) => pathToAxios(page)).filter((chain) => chain !== null);
    expect(withAxios).toEqual([]);
  });
});
