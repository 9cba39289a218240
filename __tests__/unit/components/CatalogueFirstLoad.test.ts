/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CATALOGUE_ROUTES } from '@/bench/first-load-js';

const ROOT = path.resolve(__dirname, '../../..');
const HTTP_CLIENT = path.join(ROOT, 'services/http.ts');

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

/** The chain of static imports from `entry` to the axios client, or null when there is none. */
function pathToHttpClient(entry: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === HTTP_CLIENT) {
      const chain: string[] = [];
      for (let step: string | null = file; step; step = cameFrom.get(step) ?? null) chain.unshift(path.relative(ROOT, step));
      return chain;
    }
    for (const specifier of staticImports(file)) {
      const next = resolve(file, specifier);
      if (next && !cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** What a catalogue page renders in the browser: its imports from components/ (its data loading stays on the server). */
function screensOf(route: string): string[] {
  const page = pageFile(route);
  return staticImports(page)
    .map((specifier) => resolve(page, specifier))
    .filter((file): file is string => file !== null && file.startsWith(path.join(ROOT, 'components') + path.sep));
}

describe('first-load JS of the catalogue routes', () => {
  it.each(CATALOGUE_ROUTES)('%s loads no axios at first: the call code comes with the first call', (route) => {
    const screens = screensOf(route);
    expect(screens.length).toBeGreaterThan(0);
    for (const screen of screens) expect(pathToHttpClient(screen)).toBeNull();
  });
});
