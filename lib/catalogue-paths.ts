/** Addresses of the catalogue screens (SPEC §2), under '' or '/q/temp' for libraries that read there (catalogueBase, a library setting). */

export type CatalogueBase = '' | '/q/temp';

/** /magazines/{catId} (all languages) or /magazines/{catId}/{magLang}. */
export function listingPath(base: CatalogueBase, catId: string | number, lang?: string | null): string {
  return lang ? `${base}/magazines/${catId}/${encodeURIComponent(lang)}` : `${base}/magazines/${catId}`;
}

export function magazinePath(base: CatalogueBase, mid: number): string {
  return `${base}/magazine/${mid}`;
}

export function issuePath(base: CatalogueBase, mid: number, issueId: number): string {
  return `${base}/magazine/${mid}/${issueId}`;
}

export function allIssuesPath(base: CatalogueBase, mid: number): string {
  return `${base}/all-issues/${mid}`;
}

/**
 * Titles in one language: the /q/temp catalogue has its own route for it (/q/temp/magazines/language/{code}); elsewhere
 * the title's category in that language is the nearest listing.
 */
export function languagePath(base: CatalogueBase, lang: string, catId: number): string {
  return base ? `${base}/magazines/language/${encodeURIComponent(lang)}` : listingPath(base, catId, lang);
}

/**
 * The hosted reader's address (SPEC §2): {reader}/reader/{code}/{issue}?isLib=1, with #page/{n} when the page to
 * open is known, and &hl={words} when it opens from a search (the reader marks the words).
 */
export function readerAddress(readerBase: string, code: string, issueId: number, page?: number | null, highlight?: string): string {
  const base = readerBase.replace(/\/+$/, '');
  const hash = page && page > 0 ? `#page/${page}` : '';
  const words = highlight?.trim() ? `&hl=${encodeURIComponent(highlight.trim())}` : '';
  return `${base}/reader/${encodeURIComponent(code)}/${issueId}?isLib=1${words}${hash}`;
}

/** Catalogue paths that have a twin under /q/temp (for libraries that read there). */
const TEMP_TWINS = [/^\/magazines\/[^/]+(?:\/[^/]+)?$/, /^\/magazine\/\d+(?:\/\d+)?$/, /^\/all-issues\/\d+$/];

/** The /q/temp twin of a catalogue path (query kept), or null when it has none. */
export function tempTwin(pathWithQuery: string): string | null {
  const [path] = pathWithQuery.split(/[?#]/, 1);
  return TEMP_TWINS.some((pattern) => pattern.test(path)) ? `/q/temp${pathWithQuery}` : null;
}
