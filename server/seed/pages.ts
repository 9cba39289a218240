import type { IssuePlan, MagazinePlan } from './catalogue';
import {
  ADVERT_LINES,
  EDITOR_LETTER,
  FIRST_NAMES,
  JOURNAL_EDITORIAL,
  NEWS_EDITORIAL,
  PLACES,
  PROSE,
  RARE_READER_LETTERS,
  READER_LETTERS,
  SURNAMES,
} from './content/prose';
import { Random } from './random';
import { countWords, fill, limitWords, type Slots } from './text';

export const MIN_PAGES = 12;
export const MIN_PAGE_WORDS = 80;
export const MAX_PAGE_WORDS = 200;
/** Body words per story page; with the heading a first page stays within MAX_PAGE_WORDS. */
const STORY_WORDS_PER_PAGE = 165;

export interface PageText {
  pageNo: number;
  text: string;
}

/** Which issues print a letter with a rare word (see RARE_READER_LETTERS): a handful, spread over the catalogue. */
function rareLetterFor(issueId: number): string | undefined {
  if (issueId % 97 === 13) return RARE_READER_LETTERS[0];
  if (issueId % 89 === 5) return RARE_READER_LETTERS[1];
  return undefined;
}

/** Joins heading and paragraphs, padding with `more()` up to MIN_PAGE_WORDS and cutting at MAX_PAGE_WORDS. */
function page(heading: string, paragraphs: string[], more: () => string): string {
  const parts = [...paragraphs];
  let text = [heading, ...parts].join('\n\n');
  while (countWords(text) < MIN_PAGE_WORDS) {
    parts.push(more());
    text = [heading, ...parts].join('\n\n');
  }
  return limitWords(text, MAX_PAGE_WORDS);
}

/** Splits a story body over pages of at most STORY_WORDS_PER_PAGE words, keeping its paragraph breaks. */
function storyChunks(body: string): string[] {
  const tokens = body.split(/\n\n/).flatMap((paragraph, i) => [...(i ? ['\n\n'] : []), ...paragraph.split(' ')]);
  const words = tokens.filter((t) => t !== '\n\n').length;
  const pageCount = Math.ceil(words / STORY_WORDS_PER_PAGE);
  const perPage = Math.ceil(words / pageCount);
  const chunks: string[] = [];
  let current: string[] = [];
  let count = 0;
  for (const token of tokens) {
    if (token === '\n\n') {
      if (current.length) current.push(token);
      continue;
    }
    if (count === perPage) {
      chunks.push(current.join(' ').replace(/ ?\n\n ?/g, '\n\n').trim());
      current = [];
      count = 0;
    }
    current.push(token);
    count += 1;
  }
  if (current.length) chunks.push(current.join(' ').replace(/ ?\n\n ?/g, '\n\n').trim());
  return chunks;
}

/**
 * Lays out an issue as printed pages and writes each page's text: cover, contents, the editor's letter, the stories
 * (with advertisements between them), letters, news in brief and a back-cover advertisement. Sets each story's
 * pageNo to the page it starts on.
 */
export function layOutIssue(magazine: MagazinePlan, issue: IssuePlan): PageText[] {
  const rng = new Random(`pages:${issue.id}`);
  const { category } = magazine;
  const register = category.register ?? 'magazine';
  const slots = (): Slots => {
    const [topic, topic2] = rng.sample(category.topics, 2);
    return { rng, category, magazine: magazine.name, topic, topic2, place: rng.pick(category.places ?? PLACES), people: [] };
  };
  const filler = () => fill(rng.pick(category.facts), slots());
  const advert = () => {
    const [headline, copy] = rng.pick(category.adverts);
    const lines = rng.sample(ADVERT_LINES, 4).map((line) => fill(line, slots()));
    return page(headline, [copy, ...lines], () => fill(rng.pick(ADVERT_LINES), slots()));
  };

  // Plan the page sequence first, so the contents page can give page numbers.
  type Slot =
    | { kind: 'cover' | 'contents' | 'editor' | 'advert' | 'letters' | 'brief' }
    | { kind: 'story'; story: number; chunk: string; first: boolean };
  const sequence: Slot[] = [{ kind: 'cover' }, { kind: 'contents' }, { kind: 'editor' }];
  issue.stories.forEach((story, i) => {
    if (i > 0 && i % 2 === 0) sequence.push({ kind: 'advert' });
    story.pageNo = sequence.length + 1;
    storyChunks(story.draft.body).forEach((chunk, c) => sequence.push({ kind: 'story', story: i, chunk, first: c === 0 }));
  });
  const lettersPage = sequence.length + 1;
  sequence.push({ kind: 'letters' }, { kind: 'brief' });
  while (sequence.length < MIN_PAGES - 1) sequence.push({ kind: sequence.length % 2 ? 'advert' : 'brief' });
  const briefPage = lettersPage + 1;
  sequence.push({ kind: 'advert' });

  const [cover, ...inside] = issue.stories;
  const writers = () => `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}, ${rng.pick(PLACES)}`;
  const briefHeading = register === 'journal' ? 'Research Notes' : 'In Brief';
  const lettersHeading = register === 'journal' ? 'Notes for Contributors' : register === 'news' ? 'Letters to the Editor' : 'Letters';

  return sequence.map((slot, index): PageText => {
    const pageNo = index + 1;
    switch (slot.kind) {
      case 'cover':
        return {
          pageNo,
          text: page(
            magazine.name,
            [
              `${issue.name} · ${category.name}${issue.isSpecial ? ' · Special issue' : ''}`,
              `${cover.draft.title}. ${cover.draft.subtitle}.`,
              ...inside.map((s) => s.draft.title),
              magazine.about,
            ],
            () => `Published by ${magazine.publisher}.`,
          ),
        };
      case 'contents': {
        const entries = [
          `3 ${register === 'magazine' ? 'From the Editor' : 'Editorial'}`,
          ...issue.stories.map((s) => `${s.pageNo} ${s.draft.title}. ${s.draft.subtitle}.`),
          `${lettersPage} ${lettersHeading}`,
          `${briefPage} ${briefHeading}`,
          `Editor: ${magazine.editor}. Published by ${magazine.publisher}. On the cover: ${cover.draft.title}.`,
        ];
        return { pageNo, text: page('Contents', entries, () => magazine.about) };
      }
      case 'editor':
        return { pageNo, text: editorial(magazine, issue, register, rng, slots, filler) };
      case 'story': {
        const story = issue.stories[slot.story];
        const heading = slot.first ? story.draft.title : `${story.draft.title} (continued)`;
        const lead = slot.first ? [`${story.draft.subtitle}.`, `By ${story.draft.byline}`] : [];
        return { pageNo, text: page(heading, [...lead, slot.chunk], filler) };
      }
      case 'letters': {
        const rare = register === 'journal' ? undefined : rareLetterFor(issue.id);
        const letters =
          register === 'journal'
            ? [
                `${magazine.name} welcomes original research, reviews and short communications.`,
                'Manuscripts should be submitted online and will be reviewed by at least two referees.',
                'Authors should follow the style guide, including the reference format and the data availability statement.',
              ]
            : rng.sample(READER_LETTERS, rare ? 2 : 3).map((letter) => `${fill(letter, slots())} — ${writers()}`);
        if (rare) letters.splice(1, 0, `${rare} — ${writers()}`);
        return { pageNo, text: page(lettersHeading, letters, filler) };
      }
      case 'brief':
        return { pageNo, text: page(briefHeading, Array.from({ length: 4 }, filler), filler) };
      case 'advert':
        return { pageNo, text: advert() };
    }
  });
}

/** Page 3: the editor's letter of a magazine, or the editorial of a newspaper or journal. */
function editorial(
  magazine: MagazinePlan,
  issue: IssuePlan,
  register: string,
  rng: Random,
  slots: () => Slots,
  filler: () => string,
): string {
  const titles = issue.stories.map((s) => s.draft.title);
  const extra = { issue: issue.name, count: String(issue.stories.length) };
  if (register === 'news') {
    const s = slots();
    const opening = `${fill(rng.pick(NEWS_EDITORIAL.openings), s)} ${fill(rng.pick(PROSE.news.context), s)}`;
    const closing = `${fill(rng.pick(PROSE.news.analysis), s)} ${fill(rng.pick(NEWS_EDITORIAL.closes), s)}`;
    return page('Editorial', [opening, closing], filler);
  }
  if (register === 'journal') {
    const s = { ...slots(), extra };
    const paragraphs = [
      fill(rng.pick(JOURNAL_EDITORIAL.openings), s),
      `In this issue: ${titles.join('; ')}.`,
      fill(rng.pick(JOURNAL_EDITORIAL.closes), s),
      `${magazine.editor}, Editor-in-Chief`,
    ];
    return page('Editorial', paragraphs, filler);
  }
  const s = { ...slots(), extra };
  const about = (template: string, title: string) => fill(template, { ...s, extra: { ...extra, title } });
  const more = rng.sample(EDITOR_LETTER.more, Math.min(2, titles.length - 1)).map((line, i) => about(line, titles[i + 1]));
  const paragraphs = [
    fill(rng.pick(EDITOR_LETTER.openings), s),
    [about(rng.pick(EDITOR_LETTER.cover), titles[0]), ...more].join(' '),
    rng.pick(EDITOR_LETTER.signoffs),
    `${magazine.editor}, Editor`,
  ];
  return page('From the Editor', paragraphs, filler);
}
