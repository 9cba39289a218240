import type { HitCount } from './count';
import { correctedWords, queryWords, tsqueryFor } from './text';

/** What a search matched with: the words (after any typo correction) and their tsquery (null: only stop words). */
export interface SearchTerms {
  words: string[];
  tsquery: string | null;
  /** The corrected text, when the words typed matched nothing and title words alike were used instead. */
  correctedQuery?: string;
}

/**
 * Runs a search for the typed text; when it finds nothing, runs it once more with each unknown word replaced by
 * the most alike title word (pg_trgm), so 'natonal geographc' still finds 'National Geographic'.
 */
export async function withTypoCorrection<R extends { count: HitCount }>(
  text: string,
  run: (terms: SearchTerms) => Promise<R>,
): Promise<R & { correctedQuery?: string }> {
  const words = queryWords(text);
  const first = await run({ words, tsquery: await tsqueryFor(words) });
  if (first.count.count > 0 || words.length === 0) return first;
  const fixed = await correctedWords(words);
  if (!fixed) return first;
  const correctedQuery = fixed.join(' ');
  const second = await run({ words: fixed, tsquery: await tsqueryFor(fixed), correctedQuery });
  return second.count.count > 0 ? { ...second, correctedQuery } : first;
}
