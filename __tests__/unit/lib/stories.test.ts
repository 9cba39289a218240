import { decideGate } from '@/lib/gate';
import { readTimeLabel } from '@/lib/read-time';
import { capStoryPages, wireStoryPage } from '@/lib/story-paging';
import { FIRST_WORDS_PREVIEW_MAGAZINE_ID, paragraphsOf, PREVIEW_MAX_CHARS, storyPreview } from '@/lib/story-preview';
import { isStoryReadingPath, keywordHref, parseStoryListId, storyHref, storyPathSegments } from '@/lib/story-paths';

describe('read time (SPEC §4)', () => {
  const story = (seconds: number) => readTimeLabel({ timeReadSeconds: seconds, isNews: false });

  it('shows minutes from seconds, at least 1 min', () => {
    expect(story(0)).toBe('1 min');
    expect(story(59)).toBe('1 min');
    expect(story(60)).toBe('1 min');
    expect(story(150)).toBe('3 mins');
    expect(story(600)).toBe('10 mins');
  });

  it('caps at 10+ mins once a story takes longer than ten minutes', () => {
    expect(story(601)).toBe('10+ mins');
    expect(story(3600)).toBe('10+ mins');
  });

  it('shows news as how long ago it was published: mins, hours or days', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    const news = (publishedAt: string) => readTimeLabel({ timeReadSeconds: 30, isNews: true, publishedAt }, now);
    expect(news('2026-11-01T11:59:40Z')).toBe('1 min ago');
    expect(news('2026-11-01T11:35:00Z')).toBe('25 mins ago');
    expect(news('2026-11-01T11:00:00Z')).toBe('1 hour ago');
    expect(news('2026-11-01T07:00:00Z')).toBe('5 hours ago');
    expect(news('2026-10-31T12:00:00Z')).toBe('1 day ago');
    expect(news('2026-10-29T09:00:00Z')).toBe('3 days ago');
  });

  it('falls back to minutes for news without a usable date', () => {
    expect(readTimeLabel({ timeReadSeconds: 120, isNews: true })).toBe('2 mins');
    expect(readTimeLabel({ timeReadSeconds: 120, isNews: true, publishedAt: 'not a date' })).toBe('2 mins');
  });
});

describe('preview text (SPEC §4)', () => {
  const paragraph = (n: number, length: number) => `Paragraph ${n} ${'word '.repeat(length)}`.slice(0, length).trim() + '.';

  it('gives the special magazine’s stories their first 30 words', () => {
    const body = Array.from({ length: 50 }, (_, i) => `w${i + 1}`).join(' ');
    const preview = storyPreview(body, FIRST_WORDS_PREVIEW_MAGAZINE_ID);
    expect(preview).toBe(`${Array.from({ length: 30 }, (_, i) => `w${i + 1}`).join(' ')}…`);
    expect(storyPreview('Only six words in this story.', FIRST_WORDS_PREVIEW_MAGAZINE_ID)).toBe('Only six words in this story.');
  });

  it('gives other stories the whole paragraphs inside the first 30% of the text', () => {
    const body = [paragraph(1, 100), paragraph(2, 100), paragraph(3, 100), paragraph(4, 100), paragraph(5, 100)].join('\n\n');
    const preview = storyPreview(body, 1);
    expect(paragraphsOf(preview)).toEqual(paragraphsOf(body).slice(0, 1));
    expect(preview.length).toBeLessThanOrEqual(body.length * 0.3);
  });

  it('cuts at a paragraph end, never inside a paragraph that follows one that fits', () => {
    const body = [paragraph(1, 50), paragraph(2, 60), paragraph(3, 400)].join('\n\n');
    // 30% of about 517 characters is 155: the first two paragraphs (114 with the break) fit, the third does not.
    expect(storyPreview(body, 1)).toBe([paragraph(1, 50), paragraph(2, 60)].join('\n\n'));
  });

  it('caps the preview at 2000 characters', () => {
    const body = Array.from({ length: 40 }, (_, i) => paragraph(i + 1, 480)).join('\n\n');
    const preview = storyPreview(body, 1);
    expect(body.length * 0.3).toBeGreaterThan(PREVIEW_MAX_CHARS);
    expect(preview.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    expect(paragraphsOf(preview)).toHaveLength(4);
  });

  it('cuts a short text inside its only paragraph at a sentence end, or a word with an ellipsis', () => {
    expect(storyPreview('The ferry leaves at dawn. By noon the island is quiet again, and the harbour sleeps until the evening boat.', 1)).toBe(
      'The ferry leaves at dawn.',
    );
    expect(storyPreview('A single sentence that runs on without any full stop at all until the end', 1)).toBe('A single sentence…');
    expect(storyPreview('', 1)).toBe('');
  });
});

describe('story paging (SPEC §9)', () => {
  it('caps the page count at 300 and then sets the total to 9000', () => {
    expect(capStoryPages(6246, 20)).toEqual({ nbPages: 300, nbHits: 9000 });
    expect(capStoryPages(6000, 20)).toEqual({ nbPages: 300, nbHits: 6000 });
    expect(capStoryPages(6001, 20)).toEqual({ nbPages: 300, nbHits: 9000 });
    expect(capStoryPages(41, 20)).toEqual({ nbPages: 3, nbHits: 41 });
    expect(capStoryPages(0, 20)).toEqual({ nbPages: 0, nbHits: 0 });
  });

  it('sends page numbers zero-based (page minus 1)', () => {
    expect(wireStoryPage(1)).toBe(0);
    expect(wireStoryPage(2)).toBe(1);
    expect(wireStoryPage(0)).toBe(0);
  });
});

describe('story addresses', () => {
  it('reads the fixed story categories and content categories from /stories/category/{slug}/{categoryId}', () => {
    expect(parseStoryListId('Cover-Stories', 'sec_60')).toEqual({ kind: 'cover' });
    expect(parseStoryListId('Latest-Stories', 'RC')).toEqual({ kind: 'latest' });
    expect(parseStoryListId('Popular', 'recom')).toEqual({ kind: 'latest' });
    expect(parseStoryListId('For-You', 'recom')).toEqual({ kind: 'forYou' });
    expect(parseStoryListId('travel', '7')).toEqual({ kind: 'category', categoryId: 7 });
    expect(parseStoryListId('islands', 'kw_slow travel')).toEqual({ kind: 'keyword', keyword: 'slow travel' });
    expect(parseStoryListId('x', 'sec_61')).toBeNull();
    expect(parseStoryListId('x', 'kw_<b>')).toBeNull();
  });

  it('builds keyword, story and category links', () => {
    expect(keywordHref('Slow Travel')).toBe('/stories/category/slow-travel/kw_slow%20travel');
    expect(storyHref('travel/wanderlust/100001/ten-islands', 'hi')).toBe('/stories/travel/wanderlust/100001/ten-islands?lang=hi');
    expect(storyPathSegments('https://x.example/stories/a/b/1/c?lang=hi')).toEqual(['a', 'b', '1', 'c']);
  });

  it('tells a story page from a story list; the gate sends a visitor with no session to /login from both', () => {
    const now = 1_800_000_000;
    expect(isStoryReadingPath('/stories/travel/wanderlust/100001/ten-islands')).toBe(true);
    expect(isStoryReadingPath('/stories/details')).toBe(true);
    expect(isStoryReadingPath('/stories/category/Cover-Stories/sec_60')).toBe(false);
    expect(isStoryReadingPath('/stories')).toBe(false);
    expect(decideGate('/stories/ten-islands', null, now)).toEqual({ action: 'redirect', to: '/login', reason: 'no-session' });
    expect(decideGate('/stories/category/Cover-Stories/sec_60', null, now)).toMatchObject({ to: '/login' });
    // Rules 2 and 3 still apply to a signed-in user on a story page.
    expect(decideGate('/stories/ten-islands', { libraryId: '0', expiresAt: now + 60 }, now)).toMatchObject({ to: '/validate-user?type=1' });
    expect(decideGate('/stories/ten-islands', { libraryId: '1001', expiresAt: now - 60 }, now)).toMatchObject({ to: '/validate-user?type=2' });
  });
});
