import { highlightParts, parseTab, searchGate, searchPageUrl, searchPlaceholder } from '@/lib/search';

describe('search placeholder (SPEC §2)', () => {
  it("reads 'Search Magazines', adding ', newspapers' and ', journals' when those types are enabled", () => {
    expect(searchPlaceholder({ isNewspaper: '0', isJournal: '0' })).toBe('Search Magazines');
    expect(searchPlaceholder({ isNewspaper: '1', isJournal: '0' })).toBe('Search Magazines, newspapers');
    expect(searchPlaceholder({ isNewspaper: '0', isJournal: '1' })).toBe('Search Magazines, journals');
    expect(searchPlaceholder({ isNewspaper: '1', isJournal: '1' })).toBe('Search Magazines, newspapers, journals');
    expect(searchPlaceholder({})).toBe('Search Magazines');
  });
});

describe('search gate (SPEC §4)', () => {
  const now = 1_800_000_000;
  it('opens only when the library id is not 0, the session is unexpired and isLoggedIn is 1', () => {
    expect(searchGate({ libraryId: '1001', expiresAt: now + 60, isLoggedIn: '1' }, now)).toEqual({ open: true });
  });

  it('sends everyone else where the session gate would', () => {
    expect(searchGate({ libraryId: '1001', expiresAt: now + 60, isLoggedIn: '0' }, now)).toEqual({ open: false, to: '/login' });
    expect(searchGate({ libraryId: undefined, expiresAt: 0, isLoggedIn: undefined }, now)).toEqual({ open: false, to: '/login' });
    expect(searchGate({ libraryId: '0', expiresAt: now + 60, isLoggedIn: '1' }, now)).toEqual({ open: false, to: '/validate-user?type=1' });
    expect(searchGate({ libraryId: '1001', expiresAt: now, isLoggedIn: '1' }, now)).toEqual({ open: false, to: '/validate-user?type=2' });
  });
});

describe('/search addresses', () => {
  it('has its own URL per query and tab, and per issue', () => {
    expect(searchPageUrl('')).toBe('/search');
    expect(searchPageUrl('quokka')).toBe('/search?q=quokka');
    expect(searchPageUrl('lighthouse keeper', 1)).toBe('/search?q=lighthouse+keeper&tab=1');
    expect(searchPageUrl('quokka', 0, 100020)).toBe('/search?q=quokka&issueId=100020');
  });

  it('knows tabs 0 and 1 only', () => {
    expect(parseTab(undefined)).toBe(0);
    expect(parseTab('0')).toBe(0);
    expect(parseTab('1')).toBe(1);
    expect(parseTab('2')).toBeNull();
    expect(parseTab('stories')).toBeNull();
    expect(parseTab('-1')).toBeNull();
  });
});

describe('highlights', () => {
  it('splits the service’s <em> marks into text pieces and unescapes the rest, so nothing is rendered as HTML', () => {
    expect(highlightParts('A <em>quokka</em> &amp; a &lt;b&gt;bold&lt;/b&gt; <em>grin</em>')).toEqual([
      { text: 'A ', marked: false },
      { text: 'quokka', marked: true },
      { text: ' & a <b>bold</b> ', marked: false },
      { text: 'grin', marked: true },
    ]);
    expect(highlightParts('no match')).toEqual([{ text: 'no match', marked: false }]);
  });
});
