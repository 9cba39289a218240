import { sql, type SQL } from 'drizzle-orm';
import { splitUnspaced, UNSPACED_SCRIPT } from '@/lib/text-normalise';
import type { Highlight } from '@/lib/wire';

/**
 * ts_headline marks matches with these control characters rather than tags, so the text around them can be
 * HTML-escaped afterwards and only our own <em> tags reach the page.
 */
const START = '\u0002';
const STOP = '\u0003';
const MARKERS = `StartSel="${START}", StopSel="${STOP}"`;


const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/**
 * Turns ts_headline's marked text into a Highlight. matchLevel is 'full' when every query word was found
 * (compared by their first letters, since the index matched stems), 'partial' when some were.
 */
export function toHighlight(headline: string, queryWords: string[]): Highlight {
  const marked = markUnspaced(headline, queryWords);
  const matched: string[] = [];
  const pattern = new RegExp(`${START}([^${STOP}]*)${STOP}`, 'g');
  for (const match of marked.matchAll(pattern)) {
    const word = match[1].trim();
    if (word && !matched.includes(word)) matched.push(word);
  }
  // Paragraph breaks stay as single line breaks (the page shows them); other control characters go.
  const text = marked.replace(/[\u0000-\u0001\u0004-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/\s*\n\s*/g, '\n');
  const value = escapeHtml(text)
    .replaceAll(START, '<em>')
    .replaceAll(STOP, '</em>');
  const found = queryWords.filter((word) => matched.some((m) => sameStem(m.toLowerCase(), word)));
  const matchLevel = matched.length === 0 ? 'none' : found.length >= queryWords.length ? 'full' : 'partial';
  return { value, matchLevel, matchedWords: matched };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Marks the query's Chinese, Japanese and Korean words where they stand inside a longer run: ts_headline sees a run
 * as one word, and the index matched the word by its pairs of characters (server/search/text.ts), not the run.
 */
function markUnspaced(marked: string, queryWords: string[]): string {
  const words = [...new Set(queryWords.flatMap((word) => splitUnspaced(word).unspaced))].sort((a, b) => b.length - a.length);
  if (words.length === 0) return marked;
  const pattern = new RegExp(words.map(escapeRegExp).join('|'), 'gu');
  // Pieces at odd indexes are what ts_headline marked already.
  return marked
    .split(new RegExp(`(${START}[^${STOP}]*${STOP})`))
    .map((piece, i) => (i % 2 === 1 ? piece : piece.replace(pattern, (word) => `${START}${word}${STOP}`)))
    .join('');
}

/** Two words share a stem closely enough for matchLevel (national / nation, stories / story). */
function sameStem(a: string, b: string): boolean {
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  return common === Math.min(a.length, b.length) || common >= Math.max(3, Math.min(a.length, b.length) - 3);
}

/** A highlight with nothing matched, for a field shown as it is. */
export function plainHighlight(text: string): Highlight {
  return { value: escapeHtml(text), matchLevel: 'none', matchedWords: [] };
}

/** Wraps `part` (already found in `text`, case-insensitive) in <em>, for matches made by substring, not by words. */
export function substringHighlight(text: string, part: string): Highlight {
  const at = text.toLowerCase().indexOf(part.toLowerCase());
  if (!part || at < 0) return plainHighlight(text);
  const value = `${escapeHtml(text.slice(0, at))}<em>${escapeHtml(text.slice(at, at + part.length))}</em>${escapeHtml(text.slice(at + part.length))}`;
  return { value, matchLevel: 'full', matchedWords: [text.slice(at, at + part.length)] };
}

/** The whole of a short field (a title, a name) with every match marked. */
export function headlineAll(config: SQL, text: SQL, tsquery: string): SQL {
  return sql`ts_headline(${config}, ${text}, ${tsquery}::tsquery, ${`HighlightAll=true, ${MARKERS}`})`;
}

/** Characters either side of the first match handed to ts_headline: room for a fragment of about 30 words. */
const EXCERPT_RADIUS = 160;
/** The same for a Chinese or Japanese word, whose characters say more each (and ts_headline counts a run as one word). */
const UNSPACED_EXCERPT_RADIUS = 80;
const UNSPACED_CHARACTER = new RegExp(`[${UNSPACED_SCRIPT}]`, 'u');

/**
 * A fragment of a long text (a story body, a page) around its matches. ts_headline parses all the text it is given,
 * so it gets only `radius` characters either side of the first place a query word appears (search_excerpt in the
 * migration), which keeps a page of results cheap however long the bodies are.
 */
export function headlineFragment(config: SQL, text: SQL, tsquery: string, anchors: string[], options: { maxWords?: number; radius?: number } = {}): SQL {
  const maxWords = options.maxWords ?? 28;
  // One fragment, stretched to both sides of the match, so the words before it are shown too.
  const settings = `MaxFragments=1, MaxWords=${maxWords}, MinWords=${Math.floor(maxWords / 2)}, ShortWord=2, ${MARKERS}`;
  const radius = options.radius ?? (anchors.some((anchor) => UNSPACED_CHARACTER.test(anchor)) ? UNSPACED_EXCERPT_RADIUS : EXCERPT_RADIUS);
  return sql`ts_headline(${config}, search_excerpt(${text}, ${sql.param(anchors)}::text[], ${radius}), ${tsquery}::tsquery, ${settings})`;
}

/**
 * Where to look for the first match, as regular expressions: each query word cut back towards its stem (stories ->
 * stor, years -> year) at the start of a word, so that a plain search finds the inflected forms the index matched;
 * a Chinese or Japanese word anywhere, as it sits inside a longer run.
 */
export function excerptAnchors(words: string[]): string[] {
  const cut = (word: string) => (word.length >= 7 ? word.slice(0, -3) : word.length >= 5 ? word.slice(0, -1) : word);
  const anchors = words.flatMap((word) => {
    const { unspaced, rest } = splitUnspaced(word);
    const spaced = rest ? rest.split(' ').map((part) => `\\m${escapeRegExp(cut(part))}`) : [];
    return [...unspaced.map(escapeRegExp), ...spaced];
  });
  return [...new Set(anchors)];
}
