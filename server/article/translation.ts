import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { FIXED_LANGUAGES } from '@/lib/constants';
import { paragraphsOf } from '@/lib/story-preview';
import type { LanguageRow } from '@/lib/wire';
import { MEDIA_DIR, outsideCallTimeoutMs } from '../config';
import { getDb } from '../db/client';
import { languageColumns } from '../catalogue/queries';
import { languages, storyTranslations } from '../db/schema';

export type { LanguageRow };

export interface StoryTranslation {
  storyId: number;
  languageCode: string;
  title: string;
  subtitle: string;
  body: string;
  filePath: string;
}

/** What the translated-data file holds (the demo seed writes the same shape). */
export interface TranslationFile {
  artid: number;
  langCode: string;
  title: string;
  subtitle: string;
  body: string;
}

const TRANSLATION_FILE = /^translations\/(\d{1,9})\/([a-z]{2,3})\.json$/;

export function translationFilePath(storyId: number, languageCode: string): string {
  return `translations/${storyId}/${languageCode}.json`;
}

export function isTranslationFilePath(filePath: string): boolean {
  return TRANSLATION_FILE.test(filePath);
}

async function languageRows(where?: SQL): Promise<LanguageRow[]> {
  return getDb()
    .select(languageColumns)
    .from(languages)
    .where(where)
    .orderBy(asc(languages.sortOrder), asc(languages.name));
}

/** localLanguages with cc: the languages read in that country. */
export function localLanguages(cc: string): Promise<LanguageRow[]> {
  return languageRows(eq(languages.cc, cc));
}

/**
 * The translation languages list: the site's fixed languages of SPEC §9 (English, Spanish, Bengali, Gujarati,
 * Hindi, Malayalam, Tamil, Telugu), whatever the country, since a story can be put into any of them.
 */
export function translationLanguages(): Promise<LanguageRow[]> {
  return languageRows(inArray(languages.name, [...FIXED_LANGUAGES]));
}

const translationColumns = {
  storyId: storyTranslations.storyId,
  languageCode: storyTranslations.languageCode,
  title: storyTranslations.title,
  subtitle: storyTranslations.subtitle,
  body: storyTranslations.body,
  filePath: storyTranslations.filePath,
};

export async function storedTranslation(storyId: number, languageCode: string): Promise<StoryTranslation | null> {
  const rows = await getDb()
    .select(translationColumns)
    .from(storyTranslations)
    .where(and(eq(storyTranslations.storyId, storyId), eq(storyTranslations.languageCode, languageCode)))
    .limit(1);
  return rows[0] ?? null;
}

export async function storedTranslationByFile(filePath: string): Promise<StoryTranslation | null> {
  const rows = await getDb()
    .select(translationColumns)
    .from(storyTranslations)
    .where(eq(storyTranslations.filePath, filePath))
    .limit(1);
  return rows[0] ?? null;
}

function fileContent(translation: StoryTranslation): TranslationFile {
  return {
    artid: translation.storyId,
    langCode: translation.languageCode,
    title: translation.title,
    subtitle: translation.subtitle,
    body: translation.body,
  };
}

/** Read per call, so the media folder can be pointed elsewhere (tests use a temporary one). */
function absoluteFile(filePath: string): string {
  return path.join(path.resolve(process.env.MEDIA_DIR || MEDIA_DIR), ...filePath.split('/'));
}

/** The stored file of a translation; when the file went missing, the same content from its row. */
export async function readTranslationFile(translation: StoryTranslation): Promise<TranslationFile> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(absoluteFile(translation.filePath), 'utf8'));
    const file = z.object({ artid: z.number(), langCode: z.string(), title: z.string(), subtitle: z.string(), body: z.string() }).safeParse(parsed);
    if (file.success) return file.data;
  } catch {
    // Fall through to the row: the database is the record, the file a copy served by path.
  }
  return fileContent(translation);
}

async function writeTranslationFile(translation: StoryTranslation): Promise<void> {
  const file = absoluteFile(translation.filePath);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(fileContent(translation)));
}

/** The LibreTranslate-compatible service, read at request time so it can be set or changed without a build. */
function serviceUrl(): string | null {
  const url = process.env.TRANSLATE_URL?.trim();
  return url ? url.replace(/\/+$/, '') : null;
}

const serviceAnswer = z.object({ translatedText: z.union([z.string(), z.array(z.string())]) });

/**
 * Texts in, the same number of texts out, through `POST {TRANSLATE_URL}/translate`. Null when no service is set,
 * it cannot be reached, or its answer does not fit: the caller then keeps the original.
 */
export async function callTranslationService(texts: string[], source: string, target: string): Promise<string[] | null> {
  const base = serviceUrl();
  if (!base || texts.length === 0) return null;
  // Empty texts (a story without a subtitle) are not sent; they come back empty.
  const sent = texts.map((text, index) => ({ text, index })).filter(({ text }) => text.trim().length > 0);
  const out = texts.map(() => '');
  if (sent.length === 0) return out;
  try {
    const response = await fetch(`${base}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ q: sent.map(({ text }) => text), source, target, format: 'text' }),
      signal: AbortSignal.timeout(outsideCallTimeoutMs()),
    });
    if (!response.ok) {
      console.error(`[translate] service answered ${response.status}`);
      return null;
    }
    const answer = serviceAnswer.safeParse(await response.json());
    if (!answer.success) return null;
    const translated = typeof answer.data.translatedText === 'string' ? [answer.data.translatedText] : answer.data.translatedText;
    if (translated.length !== sent.length) return null;
    sent.forEach(({ index }, i) => {
      out[index] = translated[i];
    });
    return out;
  } catch (error) {
    console.error(`[translate] service unreachable: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * A story in another language: the stored translation when there is one; otherwise made once by the service,
 * stored (row and file) and served stored from then on. Null when no translation can be had.
 */
export async function translateStory(
  story: { id: number; title: string; subtitle: string; body: string; languageCode: string },
  target: string,
): Promise<StoryTranslation | null> {
  const stored = await storedTranslation(story.id, target);
  if (stored) return stored;
  const paragraphs = paragraphsOf(story.body);
  const answer = await callTranslationService([story.title, story.subtitle, ...paragraphs], story.languageCode, target);
  if (!answer) return null;
  const [title, subtitle, ...body] = answer;
  if (!title.trim() || body.length !== paragraphs.length) return null;
  const translation: StoryTranslation = {
    storyId: story.id,
    languageCode: target,
    title,
    subtitle,
    body: body.join('\n\n'),
    filePath: translationFilePath(story.id, target),
  };
  await writeTranslationFile(translation);
  await getDb().insert(storyTranslations).values(translation).onConflictDoNothing();
  // Two readers asking at once: whichever row was stored first is the translation from now on.
  return (await storedTranslation(story.id, target)) ?? translation;
}
