/**
 * One value per process, shared by every bundle Next.js builds. API routes and pages are bundled apart, each with
 * its own copy of a module, so a module-level Map written by an API call (a member renamed, a token revoked) would
 * not be the Map a page reads. State that one side changes and the other reads lives here instead.
 */
export function processWide<T>(name: string, create: () => T): T {
  const key = Symbol.for(`library-reader:${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[key] ??= create());
}
