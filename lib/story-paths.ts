/** The story addresses of SPEC §2, built and read in one place (pages, components and the gate share them). */
import { STORY_CATEGORIES } from './constants';

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
