/** The search overlay's and /search's rules (SPEC §2, §4), shared by the client and the page's server side. */
import { VALIDATE_USER_EXPIRED, VALIDATE_USER_NO_LIBRARY } from './paths';

/** Magazines (tab 0) and Stories (tab 1). */
export type SearchTab = 0 | 1;
export const SEARCH_TABS: readonly { tab: SearchTab; label: string }[] = [
  { tab: 0, label: 'Magazines' },
  { tab: 1, label: 'Stories' },
];

/** Typing waits this long for the next key before searching. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Discover tiles shown in the overlay before 'Discover more'. */
export const OVERLAY_DISCOVER_TILES = 3;
/** Page numbers a discover tile lists; above this fIn, 'More' appears (SPEC §3). */
export const DISCOVER_PAGES_SHOWN = 3;
/** The longest search text the service accepts. */
export const MAX_SEARCH_LENGTH = 200;

/** The tab in a URL: '0' or '1'; anything else is not a tab. */
export function parseTab(value: unknown): SearchTab | null {
  if (value === undefined || value === null || value === '') return 0;
  return value === '0' || value === 0 ? 0 : value === '1' || value === 1 ? 1 : null;
}

/** SPEC §2: 'Search Magazines', with ', newspapers' and ', journals' when those types are enabled. */
export function searchPlaceholder(flags: { isNewspaper?: string; isJournal?: string }): string {
  let text = 'Search Magazines';
  if (flags.isNewspaper && flags.isNewspaper !== '0') text += ', newspapers';
  if (flags.isJournal && flags.isJournal !== '0') text += ', journals';
  return text;
}

/** What the browser keeps about the session, as the header's search button sees it. */
export interface SearchGateState {
  /** The libraryId cookie; '0' means none. */
  libraryId: string | undefined;
  /** Membership end in seconds (local storage `expiration`). */
  expiresAt: number;
  /** The isLoggedIn cookie. */
  isLoggedIn: string | undefined;
}

/**
 * SPEC §4: the header search opens only when the library id is not '0', the session is unexpired and isLoggedIn
 * is '1'. Otherwise the visitor goes where the session gate would send them.
 */
export function searchGate(state: SearchGateState, nowSeconds: number): { open: true } | { open: false; to: string } {
  if (state.isLoggedIn !== '1') return { open: false, to: '/login' };
  if (!state.libraryId || state.libraryId === '0') return { open: false, to: VALIDATE_USER_NO_LIBRARY };
  if (state.expiresAt <= nowSeconds) return { open: false, to: VALIDATE_USER_EXPIRED };
  return { open: true };
}

/** /search's own address for a query and tab (and one issue's pages), so it can be shared and reloaded. */
export function searchPageUrl(query: string, tab: SearchTab = 0, issueId?: number): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (tab !== 0) params.set('tab', String(tab));
  if (issueId) params.set('issueId', String(issueId));
  const search = params.toString();
  return search ? `/search?${search}` : '/search';
}

/** A piece of highlighted text: `marked` pieces are the matched words. */
export interface HighlightPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function unescape(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);
}

/**
 * Splits a highlight from the search service (HTML-escaped text with <em> around matches) into plain pieces, so
 * the page renders it as text, never as HTML.
 */
export function highlightParts(value: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  const pattern = /<em>([\s\S]*?)<\/em>/g;
  let last = 0;
  for (const match of value.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: unescape(value.slice(last, match.index)), marked: false });
    parts.push({ text: unescape(match[1]), marked: true });
    last = match.index + match[0].length;
  }
  if (last < value.length) parts.push({ text: unescape(value.slice(last)), marked: false });
  return parts.filter((part) => part.text.length > 0);
}
