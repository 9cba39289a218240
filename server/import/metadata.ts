import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * What an imported PDF is: its title and issue, from (in this order) a sidecar JSON, a ComicInfo.xml, the PDF's
 * information dictionary, and the file name. Each field comes from the first source that has it; `sources` says
 * which, so a dry run can show an operator where every value came from.
 */

export interface IssueMetadata {
  title?: string;
  publisher?: string;
  /** A category name, slug or id. */
  category?: string | number;
  language?: string;
  ageRating?: number;
  /** YYYY-MM-DD; a month alone becomes its first day. */
  issueDate?: string;
  issueName?: string;
  issueNumber?: string;
  isSpecialIssue?: boolean;
  gold?: boolean;
  about?: string;
  issn?: string;
}

export type MetadataField = keyof IssueMetadata;
export type MetadataSource = string;

/** A metadata file the import cannot use; the message names the file and the field. */
export class MetadataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetadataError';
  }
}

const DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** A real calendar day, as YYYY-MM-DD. */
function calendarDay(year: number, month: number, day = 1): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const sidecarSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    publisher: z.string().trim().max(200),
    category: z.union([z.string().trim().min(1).max(100), z.number().int().positive()]),
    language: z.string().trim().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'must be a language code such as en or pt-BR'),
    ageRating: z.number().int().min(1).max(9),
    issueDate: z
      .string()
      .trim()
      .refine((value) => {
        const match = DATE.exec(value);
        return match !== null && calendarDay(Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : 1) !== null;
      }, 'must be a date as YYYY-MM-DD or YYYY-MM'),
    issueName: z.string().trim().min(1).max(200),
    issueNumber: z.union([z.string().trim().min(1).max(40), z.number().int().nonnegative()]).transform(String),
    isSpecialIssue: z.boolean(),
    gold: z.boolean(),
    about: z.string().trim().max(5000),
    issn: z
      .string()
      .trim()
      .regex(/^\d{4}-?\d{3}[\dXx]$/, 'must be an ISSN such as 1234-5679'),
  })
  .partial()
  .strict();

/** The ISSN written one way (1234-5679), so two spellings of one number match. */
export function normaliseIssn(issn: string): string {
  const digits = issn.replace('-', '').toUpperCase();
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A sidecar's fields; a file that does not parse or a field that does not fit is a MetadataError naming both. */
export function parseSidecar(text: string, file: string): IssueMetadata {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new MetadataError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = sidecarSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.') || '(the whole file)';
    const reason = issue.code === 'unrecognized_keys' ? 'is not a sidecar field' : issue.message;
    throw new MetadataError(`${file}: field ${field} ${reason}`);
  }
  const { issueDate, issn, ...rest } = parsed.data;
  const result: IssueMetadata = { ...rest };
  if (issueDate) {
    const match = DATE.exec(issueDate)!;
    result.issueDate = calendarDay(Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : 1)!;
  }
  if (issn) result.issn = normaliseIssn(issn);
  return result;
}

function xmlField(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'i').exec(xml);
  if (!match) return undefined;
  const value = match[1]
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
  return value || undefined;
}

/** ComicInfo's AgeRating is a label; each maps to the youngest age (1-9) it suits. */
const COMIC_AGE_RATINGS: Record<string, number> = {
  'everyone': 1,
  'g': 1,
  'early childhood': 1,
  'kids to adults': 2,
  'everyone 10+': 4,
  'pg': 4,
  'teen': 6,
  'ma15+': 7,
  'mature 17+': 8,
  'm': 8,
  'r18+': 9,
  'adults only 18+': 9,
  'x18+': 9,
};

/** The fields of a ComicInfo.xml (Series, Number, Year/Month/Day, LanguageISO, AgeRating, Publisher, Summary). */
export function parseComicInfo(xml: string, file: string): IssueMetadata {
  const result: IssueMetadata = {};
  const series = xmlField(xml, 'Series');
  if (series) result.title = series;
  const number = xmlField(xml, 'Number');
  if (number) result.issueNumber = number;
  const year = Number(xmlField(xml, 'Year'));
  if (year) {
    const month = Number(xmlField(xml, 'Month') ?? 1) || 1;
    const day = Number(xmlField(xml, 'Day') ?? 1) || 1;
    const date = calendarDay(year, month, day);
    if (!date) throw new MetadataError(`${file}: field Year/Month/Day is not a calendar date`);
    result.issueDate = date;
  }
  const language = xmlField(xml, 'LanguageISO');
  if (language) result.language = language.toLowerCase();
  const age = xmlField(xml, 'AgeRating');
  if (age && COMIC_AGE_RATINGS[age.toLowerCase()] !== undefined) result.ageRating = COMIC_AGE_RATINGS[age.toLowerCase()];
  const publisher = xmlField(xml, 'Publisher');
  if (publisher) result.publisher = publisher;
  const summary = xmlField(xml, 'Summary');
  if (summary) result.about = summary;
  return result;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const SEASONS: Record<string, number> = { spring: 3, summer: 6, autumn: 9, fall: 9, winter: 12 };

/** 'Summer 2026', 'May 2026': the first day of that month or season. */
function dateOfWords(words: string): { date: string; name: string } | null {
  const match = /^([A-Za-z]+)\s+(\d{4})$/.exec(words.trim());
  if (!match) return null;
  const word = match[1].toLowerCase();
  const month = SEASONS[word] ?? MONTHS.indexOf(word) + 1;
  if (!month) return null;
  return { date: calendarDay(Number(match[2]), month)!, name: `${match[1][0].toUpperCase()}${match[1].slice(1).toLowerCase()} ${match[2]}` };
}

function displayDate(date: string, withDay: boolean): string {
  const [year, month, day] = date.split('-').map(Number);
  const monthName = MONTHS[month - 1];
  const label = `${monthName[0].toUpperCase()}${monthName.slice(1)} ${year}`;
  return withDay ? `${day} ${label}` : label;
}

/**
 * The patterns magazines' files really use: `Title - 2026-05-14.pdf`, `Title - 2026-05.pdf`, `Title #123.pdf`,
 * `Title 37-38.pdf` (a double issue) and `Title - Special - Summer 2026.pdf`. Anything else is a title alone.
 */
export function parseFileName(file: string): IssueMetadata {
  const stem = path.basename(file).replace(/\.pdf$/i, '').replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  let match = /^(.+?)\s+-\s+(\d{4})-(\d{2})-(\d{2})$/.exec(stem);
  if (match) {
    const date = calendarDay(Number(match[2]), Number(match[3]), Number(match[4]));
    if (date) return { title: match[1], issueDate: date, issueName: displayDate(date, true) };
  }
  match = /^(.+?)\s+-\s+(\d{4})-(\d{2})$/.exec(stem);
  if (match) {
    const date = calendarDay(Number(match[2]), Number(match[3]));
    if (date) return { title: match[1], issueDate: date, issueName: displayDate(date, false) };
  }
  match = /^(.+?)\s+-\s+Special\s+-\s+(.+)$/i.exec(stem);
  if (match) {
    const when = dateOfWords(match[2]);
    return { title: match[1], isSpecialIssue: true, issueName: `Special - ${when?.name ?? match[2]}`, ...(when ? { issueDate: when.date } : {}) };
  }
  match = /^(.+?)\s*#\s*(\d+)$/.exec(stem);
  if (match) return { title: match[1], issueNumber: match[2], issueName: `#${match[2]}` };
  match = /^(.+?)\s+(\d{1,4})-(\d{1,4})$/.exec(stem);
  if (match && Number(match[3]) === Number(match[2]) + 1) {
    return { title: match[1], issueNumber: `${match[2]}-${match[3]}`, issueName: `No. ${match[2]}-${match[3]}` };
  }
  return { title: stem };
}

export interface PdfDictionary {
  title: string;
  author: string;
  producer: string;
  /** The day of its CreationDate (YYYY-MM-DD): the issue date of last resort. */
  creationDate?: string | null;
}

/** The source named when the issue date is the PDF's creation date: a guess the operator is asked to check. */
export const CREATION_DATE_SOURCE = "the file's creation date";
/** What the summary and the console say beside such a date. */
export const CHECK_DATE = "from the file's creation date: check it";
/** The source of an issue date given with --issue-date (or the console's default). */
export const DEFAULT_DATE_SOURCE = 'the default issue date';

/** The PDF's own Title, and its Author (else Producer) as the publisher. */
export function fromPdfInfo(info: PdfDictionary): IssueMetadata {
  const result: IssueMetadata = {};
  if (info.title) result.title = info.title;
  const publisher = info.author || info.producer;
  if (publisher) result.publisher = publisher;
  return result;
}

export interface ResolvedMetadata {
  metadata: IssueMetadata;
  /** Where each field came from: the file's path or 'PDF information' / 'file name'. */
  sources: Partial<Record<MetadataField, MetadataSource>>;
}

/** Sidecar files for a PDF, most specific first: `<file>.json` (or `<name>.json`), then `title.json` in its folder. */
export async function sidecarsOf(file: string): Promise<{ file: string; metadata: IssueMetadata }[]> {
  const dir = path.dirname(file);
  const candidates = [`${file}.json`, file.replace(/\.pdf$/i, '.json'), path.join(dir, 'title.json')];
  const found: { file: string; metadata: IssueMetadata }[] = [];
  for (const candidate of [...new Set(candidates)]) {
    const text = await readIfExists(candidate);
    if (text !== null) found.push({ file: candidate, metadata: parseSidecar(text, candidate) });
  }
  return found;
}

/**
 * Every source in order of precedence, merged field by field: the first that has a field wins. The issue date alone
 * has defaults below them all: `issueDate` (the command's --issue-date), then a folder title.json's, then the PDF's
 * creation date (a guess: its source is CREATION_DATE_SOURCE).
 */
export async function resolveMetadata(file: string, pdf: PdfDictionary, options: { issueDate?: string } = {}): Promise<ResolvedMetadata> {
  const folderSidecar = path.join(path.dirname(file), 'title.json');
  const layers: { source: string; metadata: IssueMetadata }[] = [];
  const dateDefaults: { source: string; metadata: IssueMetadata }[] = [];
  for (const sidecar of await sidecarsOf(file)) {
    // A folder's title.json names the title for all its files; its date is only a default for files without one.
    if (sidecar.file === folderSidecar && sidecar.metadata.issueDate) {
      const { issueDate, ...rest } = sidecar.metadata;
      layers.push({ source: sidecar.file, metadata: rest });
      dateDefaults.push({ source: sidecar.file, metadata: { issueDate } });
    } else {
      layers.push({ source: sidecar.file, metadata: sidecar.metadata });
    }
  }
  const comicFile = path.join(path.dirname(file), 'ComicInfo.xml');
  const comic = await readIfExists(comicFile);
  if (comic !== null) layers.push({ source: comicFile, metadata: parseComicInfo(comic, comicFile) });
  layers.push({ source: 'PDF information', metadata: fromPdfInfo(pdf) });
  layers.push({ source: 'file name', metadata: parseFileName(file) });
  if (options.issueDate) layers.push({ source: DEFAULT_DATE_SOURCE, metadata: { issueDate: options.issueDate } });
  layers.push(...dateDefaults);
  if (pdf.creationDate) layers.push({ source: CREATION_DATE_SOURCE, metadata: { issueDate: pdf.creationDate } });
  const metadata: IssueMetadata = {};
  const sources: ResolvedMetadata['sources'] = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer.metadata) as [MetadataField, IssueMetadata[MetadataField]][]) {
      if (value === undefined || value === '' || key in metadata) continue;
      (metadata as Record<string, unknown>)[key] = value;
      sources[key] = layer.source;
    }
  }
  // The file name's issue name describes the file name's date or number: a higher source that gave another one wins.
  const overridden = (field: 'issueDate' | 'issueNumber') => sources[field] !== undefined && sources[field] !== 'file name';
  if (sources.issueName === 'file name' && (overridden('issueDate') || overridden('issueNumber'))) {
    delete metadata.issueName;
    delete sources.issueName;
  }
  // An issue named only by its number or date gets a name from them, whichever source gave them.
  if (!metadata.issueName) {
    if (metadata.issueNumber) metadata.issueName = `#${metadata.issueNumber}`;
    else if (metadata.issueDate) metadata.issueName = displayDate(metadata.issueDate, !metadata.issueDate.endsWith('-01'));
    if (metadata.issueName) sources.issueName = sources.issueNumber ?? sources.issueDate;
  }
  return { metadata, sources };
}
