/**
 * The site's page addresses (SPEC §2), built and read in one place by pages, components, the server's presenters and
 * the gate: where the gate and the sign-in steps send a person, the catalogue screens (under '' or '/q/temp' for a
 * library that reads there), the hosted reader and the story pages. The gate's rules about these addresses (which are
 * open, which carry a callback) are in gate.ts; the services' request addresses in services/ (keys.ts and each
 * service's keys).
 */
import { STORY_CATEGORIES } from './constants';

/** The path without query, hash or a trailing slash: how the gate and a list's scroll memory name a page. */
export function pathOnly(url: string): string {
  const path = url.split(/[?#]/, 1)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Where the gate sends a member with no library (type 1) or whose membership has ended (type 2), SPEC §4. */
export const VALIDATE_USER_NO_LIBRARY = '/validate-user?type=1';
export const VALIDATE_USER_EXPIRED = '/validate-user?type=2';

/** Where a new member without a name gives one, before anything else (SPEC §4). */
export const FULL_NAME_PATH = '/update/fullName';

/** The sign-in screens under /login. */
export type SignInStep = '' | 'email' | 'linkmobile' | 'librarycard' | 'sso';

/** `?lib={id}`, naming a library to the sign-in screens, or '' when there is none. */
export function libraryQuery(libraryId?: number | null): string {
  return libraryId ? `?${new URLSearchParams({ lib: String(libraryId) })}` : '';
}

/** A sign-in screen's address, naming the library (`?lib=`) when there is one. */
export function loginPath(step: SignInStep = '', libraryId?: number | null): string {
  return `${step ? `/login/${step}` : '/login'}${libraryQuery(libraryId)}`;
}

/* The catalogue screens, under '' or '/q/temp' (catalogueBase, a library setting). */

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

/* The story pages. */

export type FixedStoryCategory = keyof typeof STORY_CATEGORIES;

/** What a /stories/category/{slug}/{categoryId} page lists. */
export type StoryListKind =
  | { kind: 'cover' }
  | { kind: 'latest' }
  | { kind: 'forYou' }
  | { kind: 'category'; categoryId: number }
  | { kind: 'keyword'; keyword: string };

/** Keyword lists live under the category route with this prefix on the id, as 'sec_' marks the cover section. */
const KEYWORD_ID_PREFIX = 'kw_';
const KEYWORD_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} '&.-]{0,59}$/u;

function slugForPath(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'stories';
}

export function storyCategoryHref(slug: string, categoryId: string | number): string {
  return `/stories/category/${encodeURIComponent(slug)}/${encodeURIComponent(String(categoryId))}`;
}

export function fixedStoryCategoryHref(which: FixedStoryCategory): string {
  const category = STORY_CATEGORIES[which];
  return storyCategoryHref(category.slug, category.id);
}

/** A keyword chip leads to the stories carrying that keyword (article-filter by keywords). */
export function keywordHref(keyword: string): string {
  const word = keyword.trim().toLowerCase();
  return storyCategoryHref(slugForPath(word).toLowerCase(), `${KEYWORD_ID_PREFIX}${word}`);
}

export function isValidKeyword(keyword: string): boolean {
  return KEYWORD_PATTERN.test(keyword);
}

/**
 * What a story list address asks for. The fixed ids of SPEC §9 (sec_60, RC, recom) win; 'Popular/recom' is the
 * path of Latest Stories, so recom under the slug 'Popular' means Latest, and For You otherwise.
 */
export function parseStoryListId(slug: string, categoryId: string): StoryListKind | null {
  if (categoryId === STORY_CATEGORIES.cover.id) return { kind: 'cover' };
  if (categoryId === STORY_CATEGORIES.latest.id) return { kind: 'latest' };
  if (categoryId === STORY_CATEGORIES.forYou.id) {
    return slug === STORY_CATEGORIES.latest.path.split('/')[0] ? { kind: 'latest' } : { kind: 'forYou' };
  }
  if (categoryId.startsWith(KEYWORD_ID_PREFIX)) {
    const keyword = categoryId.slice(KEYWORD_ID_PREFIX.length).trim().toLowerCase();
    return isValidKeyword(keyword) ? { kind: 'keyword', keyword } : null;
  }
  if (/^\d{1,9}$/.test(categoryId) && Number(categoryId) > 0) return { kind: 'category', categoryId: Number(categoryId) };
  return null;
}

/** A story's page: its canonical path, optionally in another language. */
export function storyHref(canonUrl: string, lang?: string): string {
  const path = `/stories/${canonUrl.replace(/^\/+/, '').replace(/^stories\//, '')}`;
  return lang ? `${path}?lang=${encodeURIComponent(lang)}` : path;
}

/**
 * Story reading pages (not lists): /stories/{canonical path}, /stories/{slug} and /stories/details. Gated like any
 * page outside SPEC §2's open list; a guest who signs in from one comes back to it (hooks/guest-sign-in.ts).
 */
export function isStoryReadingPath(path: string): boolean {
  const clean = path.split(/[?#]/, 1)[0].replace(/\/+$/, '');
  if (!clean.startsWith('/stories/')) return false;
  const rest = clean.slice('/stories/'.length);
  return rest.length > 0 && rest !== 'category' && !rest.startsWith('category/');
}

/** The story path inside an address: a full URL, /stories/..., or the canonical path itself; [] when unreadable. */
export function storyPathSegments(url: string): string[] {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return [];
    }
  }
  const segments = path.split(/[?#]/, 1)[0].split('/').filter(Boolean);
  if (segments[0] === 'stories') segments.shift();
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return [];
  }
}
