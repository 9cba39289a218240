import { cached } from '../cache';
import { visibilityKey } from '../catalogue/visibility';
import type { Viewer } from '../context/viewer';

/**
 * A search's answer from the one cache ('search-results'). A common word is searched by many readers under the same
 * rules, and its answer changes only when titles, issues, stories or a library's rules do: titlesChanged and
 * libraryChanged (server/catalogue/edits.ts) drop every entry. The key is the call, the rules that decide what the
 * viewer may see (visibilityKey, with the age rating in force) and every other input the answer depends on.
 */
export function cachedSearch<T>(call: string, viewer: Viewer, ageRating: number | null, inputs: readonly unknown[], load: () => Promise<T>): Promise<T> {
  return cached('search-results', `${call}|${visibilityKey(viewer, ageRating)}|${JSON.stringify(inputs)}`, load);
}
