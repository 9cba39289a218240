import { FIRST_NAMES, PLACES, PROSE, SURNAMES } from './content/prose';
import type { CategorySeed } from './content/types';
import type { Random } from './random';
import { capitalise, countWords, fill, firstSentences, makePerson, type Slots } from './text';

export const MIN_STORY_WORDS = 250;
export const MAX_STORY_WORDS = 900;
const WORDS_PER_MINUTE = 230;
/** How much longer a full journal paper is than the summary stored as its body. */
const PAPER_TO_SUMMARY = 8;

export interface StoryDraft {
  title: string;
  subtitle: string;
  /** Paragraphs separated by blank lines. */
  body: string;
  shortDesc: string;
  keywords: string[];
  wordCount: number;
  /** Reading time in seconds. */
  timeRead: number;
  byline: string;
  /** The topic the story is about, for cover lines. */
  topic: string;
}

/**
 * Reading time in seconds at ~230 words a minute, with two documented exceptions so the read-time display has both
 * ends to show: a newspaper brief is skimmed (300 words a minute, so it comes in under a minute), and a journal
 * paper's stored text is its abstract and summary while time_read covers the full paper (about eight times longer).
 */
function readingTime(words: number, kind: 'feature' | 'brief' | 'paper'): number {
  if (kind === 'brief') return Math.round((words * 60) / 300);
  if (kind === 'paper') return Math.round(((words * 60) / WORDS_PER_MINUTE) * PAPER_TO_SUMMARY);
  return Math.round((words * 60) / WORDS_PER_MINUTE);
}

function wordsIn(paragraphs: string[][]): number {
  return paragraphs.reduce((sum, sentences) => sum + sentences.reduce((s, sentence) => s + countWords(sentence), 0), 0);
}

/** What the stories of one issue have already used, so an issue does not repeat a topic or a headline shape. */
export interface IssueMemory {
  topics: Set<string>;
  headlines: Set<string>;
}

export function newIssueMemory(): IssueMemory {
  return { topics: new Set(), headlines: new Set() };
}

/** Writes one story of a category: title, subtitle and a body of 4 to 9 paragraphs, 250 to 900 words. */
export function writeStory(rng: Random, category: CategorySeed, magazine: string, memory: IssueMemory = newIssueMemory()): StoryDraft {
  const register = category.register ?? 'magazine';
  const prose = PROSE[register];
  const topic = rng.pickFresh(category.topics, memory.topics);
  const topic2 = rng.pick(category.topics.filter((t) => t !== topic));
  const slots: Slots = {
    rng,
    category,
    magazine,
    topic,
    topic2,
    place: rng.pick(category.places ?? PLACES),
    people: rng.sample(category.roles, 2).map((role) => makePerson(rng, FIRST_NAMES, SURNAMES, role)),
    numerals: register === 'journal',
  };
  const used = new Set<string>();
  const take = (pool: readonly string[]) => fill(rng.pickFresh(pool, used), slots);
  /** A quotation not yet used in this story, or '' when the category's quotes are used up. */
  const quote = (voice: 'person' | 'person2') => {
    if (category.quotes.every((q) => used.has(q))) return '';
    const frame = rng.pickFresh(prose.quoteFrames, used).replace('{person}', `{${voice}}`);
    return fill(frame.replace('{quote}', rng.pickFresh(category.quotes, used)), slots);
  };
  /**
   * A body sentence not yet used in this story: category facts weigh double, then the register's context and
   * analysis. When all are used, '' (the paragraph is simply shorter) unless `reuse` allows a repeat.
   */
  const pools = [category.facts, category.facts, prose.context, prose.analysis];
  const body = (reuse = false) => {
    const fresh = pools.flatMap((pool) => pool.filter((sentence) => !used.has(sentence)));
    if (!fresh.length && !reuse) return '';
    const template = fresh.length ? rng.pick(fresh) : rng.pick(pools.flat());
    used.add(template);
    return fill(template, slots);
  };

  const kind = register === 'journal' ? 'paper' : register === 'news' && rng.chance(0.3) ? 'brief' : 'feature';
  const paragraphCount = kind === 'brief' ? 4 : kind === 'paper' ? rng.int(5, 7) : register === 'news' ? rng.int(4, 7) : rng.int(4, 9);
  const paragraphs: string[][] = [[take(prose.ledes), take(prose.context), body()]];
  const counterAt = paragraphCount >= 5 ? rng.int(2, paragraphCount - 2) : -1;
  for (let i = 1; i < paragraphCount - 1; i += 1) {
    if (i === counterAt) {
      paragraphs.push([take(prose.counters), quote('person2'), body()]);
      continue;
    }
    const sentences = Array.from({ length: kind === 'brief' ? 2 : rng.int(3, 5) }, () => body()).filter(Boolean);
    if (rng.chance(0.55)) sentences.splice(rng.int(1, sentences.length), 0, quote('person'));
    paragraphs.push(sentences);
  }
  paragraphs.push([body(), body(), take(prose.closers)]);

  // Bring the length inside 250..900 words: add to the middle, or trim the longest middle paragraph.
  // A long story can run out of fresh sentences: its last middle paragraphs come out short or empty.
  for (const sentences of paragraphs) sentences.splice(0, sentences.length, ...sentences.filter(Boolean));
  for (let i = paragraphs.length - 2; i > 0; i -= 1) if (!paragraphs[i].length) paragraphs.splice(i, 1);
  while (wordsIn(paragraphs) < MIN_STORY_WORDS) paragraphs[rng.int(1, paragraphs.length - 2)].push(body(true));
  while (wordsIn(paragraphs) > MAX_STORY_WORDS) {
    const longest = paragraphs.slice(1, -1).reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length <= 2) paragraphs.splice(paragraphs.length - 2, 1);
    else longest.splice(longest.length - 1, 1);
  }

  const text = paragraphs.map((sentences) => sentences.join(' ')).join('\n\n');
  const wordCount = countWords(text);
  const headlines = prose.headlines.length && rng.chance(0.3) ? prose.headlines : category.headlines;
  const headline = rng.pickFresh(headlines, memory.headlines);
  const subtitles = prose.subtitles.length && rng.chance(0.4) ? prose.subtitles : category.subtitles;
  // Headlines and subtitles name no person, so their fill does not introduce anyone early.
  const title = capitalise(fill(headline, { ...slots, people: [], numerals: true }));
  const subtitle = capitalise(fill(rng.pick(subtitles), { ...slots, people: [] }));
  const topicKeyword = topic.toLowerCase().replace(/^the /, '');
  const keywords = [...new Set([topicKeyword.split(' ').length <= 4 ? topicKeyword : '', ...rng.shuffle(category.keywords)])]
    .filter(Boolean)
    .slice(0, rng.int(3, 6));
  const byline = makePerson(rng, FIRST_NAMES, SURNAMES, '').name;
  return {
    title,
    subtitle,
    body: text,
    shortDesc: firstSentences(text, 2),
    keywords,
    wordCount,
    timeRead: readingTime(wordCount, kind),
    byline,
    topic,
  };
}
