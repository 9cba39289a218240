import { TITLE_CATEGORIES } from './content/categories';
import { LANGUAGES } from './content/languages';
import { ACADEMIC_PUBLISHERS, FIRST_NAMES, MONTHS, PUBLISHERS, SURNAMES } from './content/prose';
import type { CategorySeed } from './content/types';
import { Random } from './random';
import { newIssueMemory, writeStory, type StoryDraft } from './stories';
import { fill, slugify } from './text';

/** Every date in the demo library counts back from here (the newest issue is dated on or just before it). */
export const ANCHOR_DATE = '2026-11-01';
export const FIRST_MAGAZINE_ID = 1001;
export const FIRST_ISSUE_ID = 100001;
/** Illustrations rendered per category; a story uses one of them. */
export const ILLUSTRATIONS_PER_CATEGORY = 6;

type Frequency = 'daily' | 'weekly' | 'monthly' | 'quarterly';

export interface MagazinePlan {
  id: number;
  name: string;
  slug: string;
  about: string;
  publisher: string;
  editor: string;
  category: CategorySeed;
  languageCode: string;
  isGold: boolean;
  ageRating: number;
  popularity: number;
  frequency: Frequency;
  issues: IssuePlan[];
}

export interface StoryPlan {
  id: number;
  draft: StoryDraft;
  slug: string;
  isCover: boolean;
  isShoppable: boolean;
  /** Set when the issue's pages are laid out. */
  pageNo: number;
  popularity: number;
  imagePath: string;
  publishedAt: Date;
}

export interface IssuePlan {
  id: number;
  name: string;
  /** YYYY-MM-DD. */
  date: string;
  isSpecial: boolean;
  stories: StoryPlan[];
}

/** Categories whose stories often carry products to buy. */
const SHOPPABLE = new Set(['fashion', 'beauty', 'bridal', 'home-garden', 'food-cooking', 'technology', 'automotive', 'crafts-hobbies', 'pets']);
/** Categories with weekly titles among the monthlies. */
const WEEKLY = new Set(['news-politics', 'business-finance', 'entertainment', 'sports', 'cricket', 'economy', 'regional']);
const SPECIAL_NAMES = ['Festive Special', 'Annual Special', 'Collector’s Edition', 'Anniversary Special', 'Monsoon Special', 'Year in Review'];

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

function addMonths(date: string, months: number): string {
  const d = utc(date);
  d.setUTCMonth(d.getUTCMonth() + months, 1);
  return isoDate(d);
}

/** 'November 2026' for monthlies and quarterlies, '15 November 2026' for dailies and weeklies. */
function issueName(date: string, frequency: Frequency): string {
  const d = utc(date);
  const month = `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return frequency === 'daily' || frequency === 'weekly' ? `${d.getUTCDate()} ${month}` : month;
}

/** The slug, or the slug with -2, -3... when taken; records the one returned. */
function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

function frequencyOf(category: CategorySeed, rng: Random): Frequency {
  if (category.register === 'news') return 'daily';
  if (category.register === 'journal') return 'quarterly';
  return WEEKLY.has(category.slug) && rng.chance(0.5) ? 'weekly' : 'monthly';
}

/** Issue dates, newest first. */
function issueDates(frequency: Frequency, count: number, rng: Random): string[] {
  switch (frequency) {
    case 'daily':
      return Array.from({ length: count }, (_, k) => addDays(ANCHOR_DATE, -k));
    case 'weekly': {
      const latest = addDays(ANCHOR_DATE, -rng.int(0, 6));
      return Array.from({ length: count }, (_, k) => addDays(latest, -7 * k));
    }
    case 'monthly': {
      const latest = addMonths(ANCHOR_DATE, rng.chance(0.7) ? 0 : -1);
      return Array.from({ length: count }, (_, k) => addMonths(latest, -k));
    }
    case 'quarterly': {
      const latest = addMonths(ANCHOR_DATE, -rng.int(0, 2));
      return Array.from({ length: count }, (_, k) => addMonths(latest, -3 * k));
    }
  }
}

function ageRating(category: CategorySeed, rng: Random): number {
  if (category.slug === 'kids') return 3;
  const roll = rng.float();
  if (roll < 0.02) return rng.int(8, 9);
  if (roll < 0.12) return rng.int(6, 7);
  return rng.int(3, 5);
}

function aboutText(category: CategorySeed, name: string, languageCode: string, rng: Random): string {
  const slots = { rng, category, magazine: name, topic: '', topic2: '', place: '', people: [] };
  const sentences = category.about.map((sentence) => fill(sentence, slots));
  if (languageCode === 'en') return sentences.slice(0, rng.int(2, 3)).join(' ');
  const language = LANGUAGES.find((l) => l.code === languageCode);
  const languageName = `${language?.name ?? languageCode} (${language?.displayName ?? languageCode})`;
  const note = `Published in ${languageName}; in this demo library its stories appear in English.`;
  return [...sentences.slice(0, 2), note].join(' ');
}

/** Plans every magazine, its issues and their stories. Pages are laid out later, from these. */
export function planCatalogue(): MagazinePlan[] {
  const magazines: MagazinePlan[] = [];
  const slugs = new Set<string>();
  let issueId = FIRST_ISSUE_ID;
  let storyId = 1;

  for (const category of TITLE_CATEGORIES) {
    for (const title of category.titles) {
      const [name, languageCode] = typeof title === 'string' ? [title, 'en'] : title;
      // Each title draws from its own generator, so adding a title elsewhere does not change this one.
      const rng = new Random(`magazine:${category.slug}:${name}`);
      const slug = uniqueSlug(slugify(name), slugs);
      const frequency = frequencyOf(category, rng);
      const magazine: MagazinePlan = {
        id: FIRST_MAGAZINE_ID + magazines.length,
        name,
        slug,
        about: aboutText(category, name, languageCode, rng),
        publisher: rng.pick(category.register === 'journal' ? ACADEMIC_PUBLISHERS : PUBLISHERS),
        editor: `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`,
        category,
        languageCode,
        isGold: rng.chance(0.2),
        ageRating: ageRating(category, rng),
        popularity: name === 'National Geographic Traveller' ? 98_500 : Math.round(150 + 90_000 * rng.float() ** 2.2),
        frequency,
        issues: [],
      };

      const regular = frequency === 'daily' ? 6 : frequency === 'quarterly' ? 4 : rng.chance(0.35) ? 5 : 4;
      const dated = issueDates(frequency, regular, rng).map((date) => ({ date, name: issueName(date, frequency), isSpecial: false }));
      if (frequency !== 'daily' && rng.chance(0.2)) {
        // A special edition between the two newest regular issues.
        const date = addDays(dated[1].date, frequency === 'weekly' ? 3 : 14);
        dated.splice(1, 0, { date, name: `${rng.pick(SPECIAL_NAMES)} ${date.slice(0, 4)}`, isSpecial: true });
      }

      // Oldest issue first, so issue ids grow with time.
      for (const { date, name: issueLabel, isSpecial } of dated.reverse()) {
        const storyCount = category.register === 'journal' ? rng.int(3, 4) : rng.int(3, 5);
        const storySlugs = new Set<string>();
        const stories: StoryPlan[] = [];
        const memory = newIssueMemory();
        for (let i = 0; i < storyCount; i += 1) {
          const draft = writeStory(rng, category, name, memory);
          const storySlug = uniqueSlug(slugify(draft.title), storySlugs);
          const published = utc(date);
          published.setUTCHours(5 + i * 2, rng.int(0, 59));
          stories.push({
            id: storyId,
            draft,
            slug: storySlug,
            isCover: i === 0 || (isSpecial && i === 1),
            isShoppable: rng.chance(SHOPPABLE.has(category.slug) ? 0.15 : 0.02),
            pageNo: 0,
            popularity: Math.round(magazine.popularity * (0.005 + rng.float() * 0.05)) + rng.int(0, 400),
            imagePath: `stories/${category.slug}-${rng.int(1, ILLUSTRATIONS_PER_CATEGORY)}`,
            publishedAt: published,
          });
          storyId += 1;
        }
        magazine.issues.push({ id: issueId, name: issueLabel, date, isSpecial, stories });
        issueId += 1;
      }
      magazines.push(magazine);
    }
  }
  return magazines;
}

/** The five fixed top lists (SPEC §2), from the visible categories only; newspapers and journals have their own pages. */
export function planTopLists(magazines: MagazinePlan[]): { list: string; magazineId: number; rank: number }[] {
  const visible = magazines.filter((m) => !m.category.register);
  const byPopularity = [...visible].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const newest = (m: MagazinePlan) => m.issues.reduce((latest, issue) => (issue.date > latest ? issue.date : latest), '');
  const rng = new Random('top-lists');
  const lists: Record<string, MagazinePlan[]> = {
    BS: byPopularity.slice(0, 40),
    F: rng.shuffle(byPopularity.slice(0, 120)).slice(0, 36),
    IF: byPopularity.filter((m) => m.languageCode !== 'en').slice(0, 40),
    TF: byPopularity.filter((m) => !m.isGold).slice(0, 40),
    NA: [...visible].sort((a, b) => newest(b).localeCompare(newest(a)) || b.popularity - a.popularity).slice(0, 40),
  };
  return Object.entries(lists).flatMap(([list, members]) => members.map((m, i) => ({ list, magazineId: m.id, rank: i + 1 })));
}
