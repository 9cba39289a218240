import { and, eq, sql } from 'drizzle-orm';
import { magazinePath } from '@/lib/catalogue-paths';
import { CATEGORY } from '@/lib/constants';
import { shownIssueWhere, visibleMagazineWhere } from '../catalogue/visibility';
import { getDb } from '../db/client';
import { categories, issues, magazines, type Library } from '../db/schema';
import { viewerOfLibrary } from '../context/viewer';

/** How often a title comes out, as MARC 21 008/18 codes for continuing resources and the words 310 $a uses. */
export const FREQUENCIES = {
  d: 'Daily',
  w: 'Weekly',
  e: 'Biweekly',
  s: 'Semimonthly',
  m: 'Monthly',
  b: 'Bimonthly',
  q: 'Quarterly',
  f: 'Semiannual',
  a: 'Annual',
} as const;
export type FrequencyCode = keyof typeof FREQUENCIES;

/** The usual gap between issues, in days, each frequency stands for (the nearest one names a title's frequency). */
const FREQUENCY_DAYS: [FrequencyCode, number][] = [
  ['d', 1],
  ['w', 7],
  ['e', 14],
  ['s', 15.2],
  ['m', 30.4],
  ['b', 61],
  ['q', 91.3],
  ['f', 182.6],
  ['a', 365.25],
];

/** One title of a library's collection, with what its KBART row and MARC record are made from. */
export interface CollectionTitle {
  id: number;
  name: string;
  publisher: string;
  printIssn: string | null;
  onlineIssn: string | null;
  languageCode: string;
  newspaper: boolean;
  firstDate: string;
  lastDate: string;
  firstNumber: string | null;
  lastNumber: string | null;
  /** The frequency read from the spacing of its issues, when they are regular enough to say; else null. */
  frequency: FrequencyCode | null;
  /** Still published: its latest issue came when the next was due (see stillPublished). */
  ongoing: boolean;
  /** The title's page on this site, which a discovery service or catalogue links to. */
  url: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The frequency the gaps between issue dates show: the median gap, named by the nearest frequency when it is within a
 * quarter of it and at least three gaps agree with it (fewer issues, or scattered ones, say nothing: null).
 */
export function frequencyOfDates(dates: string[]): FrequencyCode | null {
  const gaps = dates.slice(1).map((date, i) => daysBetween(dates[i], date)).filter((gap) => gap > 0);
  if (gaps.length < 3) return null;
  const typical = median(gaps);
  const [code, days] = FREQUENCY_DAYS.reduce((best, entry) => (Math.abs(entry[1] - typical) < Math.abs(best[1] - typical) ? entry : best));
  if (Math.abs(typical - days) > days / 4) return null;
  const agreeing = gaps.filter((gap) => Math.abs(gap - days) <= days / 4).length;
  return agreeing >= 3 ? code : null;
}

/**
 * Whether a title is still published, from its issues: the latest came no longer ago than three of its usual gaps
 * (the median gap; at least 60 days, so a late monthly is not called ceased), or, with a single issue, within a year.
 */
export function stillPublished(dates: string[], today: string): boolean {
  const last = dates[dates.length - 1];
  if (!last) return false;
  const gaps = dates.slice(1).map((date, i) => daysBetween(dates[i], date)).filter((gap) => gap > 0);
  const allowance = gaps.length === 0 ? 365 : Math.max(60, 3 * median(gaps));
  return daysBetween(last, today) <= allowance;
}

/** Leading articles a person skips when looking a title up, by the title's language (ISO 639-1). */
const LEADING_ARTICLES: Record<string, string[]> = {
  en: ['the', 'a', 'an'],
  es: ['el', 'la', 'los', 'las', 'un', 'una'],
  fr: ["l'", 'le', 'la', 'les', 'un', 'une'],
  de: ['der', 'die', 'das', 'ein', 'eine'],
  it: ["l'", 'il', 'lo', 'la', 'i', 'gli', 'le', 'un', 'una'],
  pt: ['o', 'a', 'os', 'as', 'um', 'uma'],
  nl: ['de', 'het', 'een'],
};

/** How many characters of a title are a leading article to skip (MARC 245 second indicator), 0 to 9. */
export function nonfilingCharacters(title: string, languageCode: string): number {
  const lower = title.toLowerCase();
  for (const article of LEADING_ARTICLES[languageCode] ?? []) {
    const elided = article.endsWith("'");
    const prefix = elided ? article : `${article} `;
    if (lower.startsWith(prefix) && lower.length > prefix.length) return Math.min(9, prefix.length);
  }
  return 0;
}

const titleOrder = new Intl.Collator('en', { sensitivity: 'base', numeric: true, ignorePunctuation: true });

/** Titles as a person expects them in a list: by the title without its leading article, ignoring case and accents. */
export function byFilingTitle<T extends { name: string; languageCode: string; id: number }>(a: T, b: T): number {
  const filing = (title: T) => title.name.slice(nonfilingCharacters(title.name, title.languageCode));
  return titleOrder.compare(filing(a), filing(b)) || a.id - b.id;
}

/**
 * Every title a library's members may read, with its coverage: the same SQL visibility as listings (its collection,
 * categories and age limit) and only issues not withdrawn, so a title whose issues are all withdrawn is not listed.
 */
export async function collectionTitles(library: Library, origin: string, today = new Date().toISOString().slice(0, 10)): Promise<CollectionTitle[]> {
  const viewer = viewerOfLibrary(library, null);
  const rows = await getDb()
    .select({
      id: magazines.id,
      name: magazines.name,
      publisher: magazines.publisher,
      issn: magazines.issn,
      onlineIssn: magazines.onlineIssn,
      languageCode: magazines.languageCode,
      categoryId: magazines.categoryId,
      dates: sql<string[]>`array_agg(distinct ${issues.issueDate}::text order by ${issues.issueDate}::text)`,
      firstNumber: sql<string | null>`(array_agg(${issues.issueNumber} ORDER BY ${issues.issueDate}, ${issues.id}))[1]`,
      lastNumber: sql<string | null>`(array_agg(${issues.issueNumber} ORDER BY ${issues.issueDate} DESC, ${issues.id} DESC))[1]`,
    })
    .from(magazines)
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .innerJoin(issues, eq(issues.magazineId, magazines.id))
    .where(and(visibleMagazineWhere(viewer, library.ageRate > 0 ? library.ageRate : null), shownIssueWhere()))
    .groupBy(magazines.id);
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      publisher: row.publisher,
      printIssn: row.issn,
      onlineIssn: row.onlineIssn,
      languageCode: row.languageCode,
      newspaper: row.categoryId === CATEGORY.newspapers,
      firstDate: row.dates[0],
      lastDate: row.dates[row.dates.length - 1],
      firstNumber: row.firstNumber,
      lastNumber: row.lastNumber,
      frequency: frequencyOfDates(row.dates),
      ongoing: stillPublished(row.dates, today),
      url: `${origin}${magazinePath(viewer.base, row.id)}`,
    }))
    .sort(byFilingTitle);
}
