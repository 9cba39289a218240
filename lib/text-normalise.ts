/**
 * One normal form for text that is searched: what the import stores for every page and story, and what a search
 * query is turned into before it is matched, so that a typed word and a printed word compare equal.
 *
 * - Control characters go (PostgreSQL refuses NUL; the others are invisible noise); tabs become spaces, other line
 *   separators become line breaks; bidirectional controls and byte-order marks go.
 * - Right-to-left lines that a PDF's text layer gave in visual order (last letter first) are put back in logical
 *   order. Which order a line is in is read from the letters themselves: Arabic presentation forms say whether a
 *   letter joins the one before or after it, Hebrew has letters used only at the end of a word, and Arabic has
 *   letters (ة, ى) and an article (ال) that sit only at one end of a word.
 * - Unicode NFKC, so presentation forms (ﻟ ﻌ ﺮ), ligatures (ﬁ), full-width letters and half-width katakana become
 *   the letters people type.
 */

/** C0 and C1 controls except tab and line breaks, DEL, bidirectional controls, byte-order marks and non-characters. */
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/g;
const LINE_BREAKS = /\r\n?|[\u000b\u000c\u0085\u2028\u2029]/g;

/** Letters written right to left (Hebrew, Arabic and its supplements and presentation forms, Syriac, Thaana, NKo). */
const RTL_LETTER = /[\u0590-\u05ff\u0600-\u065f\u066a-\u06ef\u06fa-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const RTL_WORD = /[\u0590-\u05ff\u0600-\u065f\u066a-\u06ef\u06fa-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]+/gu;
/** Letters and digits (Arabic-Indic digits too) that are read left to right, even inside a right-to-left line. */
const LTR_LETTER = /[\p{L}\p{N}\p{M}]/u;

type Direction = 'rtl' | 'ltr' | 'neutral';

function directionOf(ch: string): Direction {
  if (RTL_LETTER.test(ch)) return 'rtl';
  return LTR_LETTER.test(ch) ? 'ltr' : 'neutral';
}

/** Each stretch of `wanted` letters (with what lies between two of them) reversed where it stands. */
function reverseStretches(chars: string[], wanted: Direction): string {
  const directions = chars.map(directionOf);
  const out: string[] = [];
  let i = 0;
  while (i < chars.length) {
    if (directions[i] !== wanted) {
      out.push(chars[i]);
      i += 1;
      continue;
    }
    // The stretch runs to the last `wanted` letter before a letter of the other direction.
    let end = i;
    for (let j = i; j < chars.length && directions[j] !== (wanted === 'rtl' ? 'ltr' : 'rtl'); j += 1) {
      if (directions[j] === wanted) end = j;
    }
    out.push(...chars.slice(i, end + 1).reverse());
    i = end + 1;
  }
  return out.join('');
}

/** How an Arabic presentation form joins: to the letter before it in reading order, to the one after, both or neither. */
interface Joining {
  before: boolean;
  after: boolean;
}

/**
 * The joining of a presentation form of Arabic Presentation Forms-B (U+FE70..U+FEFC), or null for other characters.
 * Each letter there comes as isolated, final, initial, medial (or only the first two for letters that never join
 * the next one); the lam-alef ligatures come as isolated and final.
 */
function presentationJoining(ch: string): Joining | null {
  const code = ch.codePointAt(0)!;
  if (code < 0xfe80 || code > 0xfefc) return null;
  if (code >= 0xfef5) return { before: (code - 0xfef5) % 2 === 1, after: false };
  // Runs of the block in code order: hamza (1 form), then alef-like and other right-joining letters (2 forms),
  // then dual-joining letters (4 forms). The table lists each letter's form count.
  let start = 0xfe80;
  for (const forms of LETTER_FORMS) {
    if (code < start + forms) {
      const form = code - start;
      if (forms === 1) return { before: false, after: false };
      if (forms === 2) return { before: form === 1, after: false };
      return { before: form === 1 || form === 3, after: form === 2 || form === 3 };
    }
    start += forms;
  }
  return null;
}

/** Form counts of the letters of U+FE80..U+FEF4 in order: hamza, alef madda .. yeh (Unicode's Arabic Presentation Forms-B). */
const LETTER_FORMS = [1, 2, 2, 2, 2, 4, 2, 4, 2, 4, 4, 4, 4, 4, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 4];

const HEBREW_FINALS = new Set(['ך', 'ם', 'ן', 'ף', 'ץ']);
const HEBREW_NOT_FINAL = new Set(['כ', 'מ', 'נ', 'פ', 'צ']);
/** Arabic letters that end a word and never start one: teh marbuta and alef maksura. */
const ARABIC_WORD_END = new Set(['ة', 'ى']);

/**
 * Evidence, over the right-to-left words of a line, that it is in logical order and that it is reversed. Each
 * piece of evidence is one observation that is possible only in one of the two orders.
 */
function orderEvidence(line: string): { logical: number; reversed: number } {
  let logical = 0;
  let reversed = 0;
  for (const [word] of line.matchAll(RTL_WORD)) {
    const letters = [...word];
    // Presentation forms: in reading order a letter that joins the next is followed by one that joins the previous.
    // Nothing joins across a word's ends: a stretch of letters starts with one that does not join the one before.
    const none: Joining = { before: false, after: false };
    for (let i = -1; i < letters.length; i += 1) {
      const first = i < 0 ? none : presentationJoining(letters[i]);
      const second = i + 1 === letters.length ? none : presentationJoining(letters[i + 1]);
      if (!first || !second || (first === none && second === none)) continue;
      // Read forwards, the first joins the second exactly when the second joins back; read backwards, the other way.
      const forwards = first.after === second.before;
      const backwards = second.after === first.before;
      if (forwards && !backwards) logical += 1;
      if (backwards && !forwards) reversed += 1;
    }
    if (letters.length < 2) continue;
    const head = letters[0];
    const tail = letters[letters.length - 1];
    if (HEBREW_FINALS.has(tail) || HEBREW_NOT_FINAL.has(head)) logical += 1;
    if (HEBREW_FINALS.has(head) || HEBREW_NOT_FINAL.has(tail)) reversed += 1;
    if (ARABIC_WORD_END.has(tail)) logical += 1;
    if (ARABIC_WORD_END.has(head)) reversed += 1;
    if (letters.length > 3 && head === 'ا' && letters[1] === 'ل') logical += 1;
    if (letters.length > 3 && tail === 'ا' && letters[letters.length - 2] === 'ل') reversed += 1;
  }
  return { logical, reversed };
}

/**
 * A line in visual order back in logical order: the reordering a PDF text layer's reader applied, applied again
 * (it is its own inverse). Mostly right-to-left lines are reversed whole, with left-to-right words and numbers kept
 * in their own order; in a mostly left-to-right line only the right-to-left stretches are reversed.
 */
function reorderLine(line: string): string {
  const chars = [...line];
  const directions = chars.map(directionOf);
  const rtl = directions.filter((d) => d === 'rtl').length;
  const ltr = directions.filter((d) => d === 'ltr').length;
  if (rtl >= ltr) return reverseStretches(chars.reverse(), 'ltr');
  return reverseStretches(chars, 'rtl');
}

/** A line in logical order: reversed back when its letters show it was stored in visual order. */
function logicalLine(line: string): string {
  if (!RTL_LETTER.test(line)) return line;
  const { logical, reversed } = orderEvidence(line);
  return reversed > logical ? reorderLine(line) : line;
}

function withoutControls(text: string): string {
  return text.toWellFormed().replace(LINE_BREAKS, '\n').replace(/\t/g, ' ').replace(INVISIBLE, '');
}

/** Text (a page's, a story's) in the form it is stored and searched in: see the module comment. */
export function normaliseText(text: string): string {
  return withoutControls(text).split('\n').map(logicalLine).join('\n').normalize('NFKC');
}

/**
 * What someone typed, in the same form as the stored text (so a typed word compares equal to a printed one), on one
 * line. Typed text is always in reading order, so it is never reordered: a lone word like مثلا (which ends in لا, as
 * a reversed word with the article would) stays as it is.
 */
export function normaliseQuery(text: string): string {
  return withoutControls(text).normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * Characters of scripts written without spaces between words (Chinese, Japanese, Korean Hangul), searched by their
 * pairs of neighbours. The same ranges are in the migration's search_grams (server/db/migrations); keep them equal.
 */
export const UNSPACED_SCRIPT = '\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff';

const UNSPACED_RUN = new RegExp(`[${UNSPACED_SCRIPT}]+`, 'gu');

/** The stretches of a word written in an unspaced script, and what is left of it (the rest, joined by spaces). */
export function splitUnspaced(word: string): { unspaced: string[]; rest: string } {
  const unspaced = word.match(UNSPACED_RUN) ?? [];
  return { unspaced, rest: word.replace(UNSPACED_RUN, ' ').trim() };
}
