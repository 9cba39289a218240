/**
 * The memory of the caches: one bounded store per name, process-wide (server/process-wide.ts), and the one
 * time-to-live. server/cache/index.ts is the interface; this module is apart so the bus can drop entries without a
 * circular import.
 */
import { processWide } from '../process-wide';
import { BoundedStore } from './store';

/** Every cache of the site, and what its keys are. */
export const CACHES = {
  /** Library rows, by library id, and the open /q/temp catalogue's row (server/context/viewer.ts OPEN_CATALOGUE_KEY). */
  library: 2_000,
  /** Catalogue reads (listings, categories, languages, title and issue pages), by library and age rating. */
  catalogue: 5_000,
  /**
   * A search's words as a tsquery in every language titles are written in (server/search/text.ts), by the words; and
   * how many printed pages the planner expects a tsquery to match (server/search/issues.ts), by the tsquery.
   */
  'search-terms': 5_000,
  /** Search answers (a page of titles, issues or stories), by the visibility rules, the call's inputs and the text. */
  'search-results': 1_000,
  /** Which sign-in ways /login offers when no library is named (one key). */
  'sign-in-ways': 1,
  /** Story lists and stories, by the rules that decide what a reader may see (server/article/lists.ts). */
  stories: 2_000,
  /** The story categories a set of rules shows, without a member's marks. */
  'story-categories': 100,
  /** A member's favourite story categories, by user id. */
  'favourite-categories': 5_000,
  /**
   * A member's favourite magazines with their latest issues (My Favorites), by user id, with the visibility rules they
   * were read under; dropped when the member adds or removes one and when titles or a library's rules change.
   */
  favourites: 5_000,
  /** The page a member last read in an issue, by user and issue (server/reader/queries.ts); saving a page drops it. */
  'reading-places': 10_000,
  /** The translation languages list (one key). */
  'translation-languages': 1,
  /** Member rows the session check and the header read, by user id. */
  member: 10_000,
  /** Whether a token is revoked, by its jti. */
  'token-revoked': 10_000,
  /** Claims of tokens whose signature was checked, by secret and token (expiry is checked on every use). */
  'verified-tokens': 5_000,
  /** OpenID providers' configurations, by issuer, client and secret. */
  'sso-providers': 100,
  /** Page image files, by file: one render shared by the readers asking for it. */
  'page-images': 2_000,
  /** WebP twins made on first request for JPEGs stored without one (the demo seed's), by the twin's key. */
  'media-twins': 2_000,
  /**
   * Reading apps' HTTP Basic credentials once checked, by a hash of the library and credentials (server/opds/): an
   * app's burst of requests is one check; revoking an app password drops them all.
   */
  'app-credentials': 5_000,
  /** The usage counts' salt, by UTC day (server/usage/counting.ts). */
  'usage-salt': 4,
} as const satisfies Record<string, number>;

export type CacheName = keyof typeof CACHES;

const DEFAULT_SECONDS = 30;

/**
 * How long an entry stands, in ms: CACHE_SECONDS, else the older CONTENT_CACHE_SECONDS or CATALOGUE_CACHE_SECONDS
 * (aliases, first set wins), else 30 s, and 0 (nothing kept) under tests. Read on every call, so a test may turn it on.
 */
export function cacheTtlMs(): number {
  for (const name of ['CACHE_SECONDS', 'CONTENT_CACHE_SECONDS', 'CATALOGUE_CACHE_SECONDS']) {
    const raw = process.env[name];
    if (raw !== undefined && raw.trim() !== '') {
      const seconds = Number(raw);
      return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
    }
  }
  return process.env.NODE_ENV === 'test' ? 0 : DEFAULT_SECONDS * 1000;
}

const stores = processWide('cache-stores', () => new Map<CacheName, BoundedStore<unknown>>());

export function storeOf(name: CacheName): BoundedStore<unknown> {
  let store = stores.get(name);
  if (!store) {
    store = new BoundedStore<unknown>(CACHES[name]);
    stores.set(name, store);
  }
  return store;
}

/** What a notice asks to drop: one key, a whole cache (no key), or every cache ('*'). */
export interface Drop {
  name: CacheName | '*';
  key?: string;
}

/** Drops entries here, without telling anyone: what a notice from another instance does. */
export function dropLocally(drops: readonly Drop[]): void {
  for (const drop of drops) {
    if (drop.name === '*') {
      for (const store of stores.values()) store.clear();
      continue;
    }
    const store = stores.get(drop.name);
    if (!store) continue;
    if (drop.key === undefined) store.clear();
    else store.delete(drop.key);
  }
}

