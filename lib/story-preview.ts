/**
 * SPEC §4 'Story preview text': what a reader who may not read the whole story is shown instead of it.
 * For one special magazine the first 30 words; otherwise the first 30% of the text, capped at 2000 characters
 * and cut at a paragraph end.
 */

/**
 * The one special magazine whose preview is its first 30 words: The Riverside Chronicle (1315) in the demo
 * library, a daily whose briefs are short enough that 30% would give most of them away.
 */
export const FIRST_WORDS_PREVIEW_MAGAZINE_ID = 1315;
const PREVIEW_WORDS = 30;
const PREVIEW_SHARE = 0.3;
export const PREVIEW_MAX_CHARS = 2000;

const ELLIPSIS = '…';

/** A story body's paragraphs: blocks separated by blank lines, trimmed, empty ones dropped. */
export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The first `count` words, keeping the text's own spacing and paragraph breaks. */
function firstWords(text: string, count: number): string {
  const words = [...text.matchAll(/\S+/g)];
  if (words.length <= count) return text.trim();
  const last = words[count - 1];
  return `${text.slice(0, (last.index ?? 0) + last[0].length).trim()}${ELLIPSIS}`;
}

/** A paragraph cut to `limit` characters: at its last sentence end inside the limit, else its last word. */
function cutParagraph(paragraph: string, limit: number): string {
  const head = paragraph.slice(0, limit + 1);
  const sentenceEnds = [...head.matchAll(/[.!?][”’"')\]]*(?=\s)/g)];
  const sentenceEnd = sentenceEnds.length ? (sentenceEnds[sentenceEnds.length - 1].index ?? 0) + sentenceEnds[sentenceEnds.length - 1][0].length : 0;
  if (sentenceEnd > 0 && sentenceEnd <= limit) return paragraph.slice(0, sentenceEnd);
  const space = head.lastIndexOf(' ', limit);
  return `${(space > 0 ? paragraph.slice(0, space) : paragraph.slice(0, Math.max(1, limit))).replace(/[\s,;:–—-]+$/, '')}${ELLIPSIS}`;
}

/**
 * The whole paragraphs that fit in the first 30% of the text (at most 2000 characters). When even the first
 * paragraph is longer than that, it is cut at its last sentence end (or word) inside the limit.
 */
function shareOfText(body: string): string {
  const paragraphs = paragraphsOf(body);
  const text = paragraphs.join('\n\n');
  if (!text) return '';
  const limit = Math.min(Math.floor(text.length * PREVIEW_SHARE), PREVIEW_MAX_CHARS);
  const kept: string[] = [];
  let length = 0;
  for (const paragraph of paragraphs) {
    const next = length + (kept.length ? 2 : 0) + paragraph.length;
    if (next > limit) break;
    kept.push(paragraph);
    length = next;
  }
  if (kept.length) return kept.join('\n\n');
  return cutParagraph(paragraphs[0], limit);
}

/** The preview of a story of the given magazine. */
export function storyPreview(body: string, magazineId: number): string {
  if (magazineId === FIRST_WORDS_PREVIEW_MAGAZINE_ID) return firstWords(paragraphsOf(body).join('\n\n'), PREVIEW_WORDS);
  return shareOfText(body);
}
