import { sql } from 'drizzle-orm';
import { normaliseQuery, splitUnspaced } from '@/lib/text-normalise';
import { namedCache } from '../cache';
import { getDb } from '../db/client';

/** Longer search text is refused (400): nobody types it, and it would only make the query slow. */
export const MAX_QUERY_LENGTH = 200;
/** Words after this many are ignored; each must match, so more would only narrow to nothing. */
export const MAX_QUERY_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Words shorter than this are not corrected: two or three letters are too ambiguous to guess at. */
const MIN_CORRECTABLE_LENGTH = 4;
/** How alike (pg_trgm similarity) a title word must be to stand in for a word nothing matched. */
const CORRECTION_SIMILARITY = 0.45;

/**
 * The words of what someone typed, in the form stored text is in (lib/text-normalise.ts: NFKC, so presentation forms
 * and full-width letters compare equal): runs of letters, digits and combining marks (so Indic words keep their vowel
 * signs), lower-cased. Quotes, operators and punctuation carry no meaning: every word has to match.
 */
export function queryWords(text: string): string[] {
  const words = normaliseQuery(text).toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return words.filter((word) => word.length <= MAX_WORD_LENGTH).slice(0, MAX_QUERY_WORDS);
}

/**
 * The tsquery for these words in every text-search configuration the content uses (the languages titles are
 * written in, and 'simple'), OR-ed, so each row is matched in its own language: English stems, Spanish stems,
 * 'simple' for the rest. Words are AND-ed inside each configuration (plainto_tsquery), which the GIN index answers
 * without re-reading any row. Null when the words hold no lexeme in any configuration (only stop words).
 */
export async function tsqueryFor(words: string[]): Promise<string | null> {
  if (words.length === 0) return null;
  // Kept: a page of results asks for it once for titles and once for issues, and the next page again.
  return searchTerms.get(words.join(' '), async () => {
    const parts = words.map(splitUnspaced);
    const spaced = parts.map((part) => part.rest).filter(Boolean);
    const unspaced = parts.flatMap((part) => part.unspaced).map(pairsPhrase);
    const inLanguages = spaced.length ? await loadTsquery(spaced) : null;
    // Only stop words besides a Chinese or Japanese word: the latter decides alone.
    if (!unspaced.length) return inLanguages;
    return [inLanguages ? `(${inLanguages})` : null, ...unspaced].filter(Boolean).join(' & ');
  });
}

/**
 * A word of a script written without spaces as the phrase of its pairs of neighbouring characters, which the
 * migration's search_grams puts in every search vector: '次元' for 次元, '取引' <-> '引所' for 取引所. One character
 * is looked for as the start of a pair (or a whole one-character word).
 */
function pairsPhrase(word: string): string {
  const chars = [...word];
  if (chars.length === 1) return `'${word}':*`;
  const pairs = chars.slice(0, -1).map((ch, i) => `'${ch}${chars[i + 1]}'`);
  return pairs.length === 1 ? pairs[0] : `(${pairs.join(' <-> ')})`;
}

const searchTerms = namedCache<string | null>('search-terms');

async function loadTsquery(words: string[]): Promise<string | null> {
  const result = await getDb().execute<{ q: string | null }>(sql`
    SELECT tsquery_or_agg(DISTINCT q)::text AS q
    FROM (
      SELECT plainto_tsquery(c.oid::regconfig, ${words.join(' ')}) AS q
      FROM pg_ts_config c
      WHERE c.cfgname = 'simple' OR c.cfgname IN (
        SELECT l.search_config FROM languages l WHERE EXISTS (SELECT 1 FROM magazines m WHERE m.language_code = l.code))
    ) per_config
    WHERE numnode(q) > 0`);
  return result.rows[0]?.q ?? null;
}

/**
 * Typo correction: each word that is not itself a title word is replaced by the most alike title word
 * (pg_trgm over search_terms), when one is alike enough. Returns null when nothing changed.
 */
export async function correctedWords(words: string[]): Promise<string[] | null> {
  const candidates = words.filter((word) => word.length >= MIN_CORRECTABLE_LENGTH);
  if (candidates.length === 0) return null;
  const result = await getDb().execute<{ word: string; fix: string | null }>(sql`
    SELECT w AS word,
      (SELECT t.term FROM search_terms t
        WHERE t.term % w AND similarity(t.term, w) >= ${CORRECTION_SIMILARITY}
        ORDER BY similarity(t.term, w) DESC, t.term LIMIT 1) AS fix
    FROM unnest(${sql.param(candidates)}::text[]) AS w`);
  const fixes = new Map(result.rows.filter((row) => row.fix && row.fix !== row.word).map((row) => [row.word, row.fix as string]));
  if (fixes.size === 0) return null;
  return words.map((word) => fixes.get(word) ?? word);
}
