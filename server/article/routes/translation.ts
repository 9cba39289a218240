import { z } from 'zod';
import { languageRow } from '@/lib/wire';
import type { Session } from '../../auth/session';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { cachedTranslationLanguages, isTranslationLanguage } from '../lists';
import { ageRatingParam, articleScope, idParam, languageCodeParam } from '../params';
import { findStoryById, isStoryVisible } from '../queries';
import { mayReadInFull } from '../reading';
import {
  callTranslationService,
  isTranslationFilePath,
  localLanguages,
  readTranslationFile,
  storedTranslationByFile,
  translateStory,
} from '../translation';
import { STORY_NOT_FOUND } from './story';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET localLanguages */
const getLocalLanguagesBody = z.object({ status: z.string(), data: z.array(languageRow) });

/** POST localLanguages: the same answer as getLocalLanguagesBody. */
const postLocalLanguagesBody = getLocalLanguagesBody;

/** When no translation can be had: an empty object. */
const noTranslation = z.object({});

/** POST v1/translate: the story in the language asked for (stored), or {} */
const postV1TranslateBody = z.union([
  z.object({
    status: z.string(),
    artid: z.number(),
    mid: z.number(),
    issid: z.number(),
    langCode: z.string(),
    title: z.string(),
    subtitle: z.string(),
    body: z.string(),
    filepath: z.string(),
  }),
  noTranslation,
]);

/** POST v1/translate-text: the passage in the language asked for, or {} */
const postV1TranslateTextBody = z.union([z.object({ status: z.string(), langCode: z.string(), translatedText: z.string() }), noTranslation]);

/** GET translated-data */
const getTranslatedDataBody = z.object({ artid: z.number(), langCode: z.string(), title: z.string(), subtitle: z.string(), body: z.string() });

const countryParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((cc) => cc.toUpperCase());

export const localLanguagesQuery = z.object({ cc: countryParam.optional().default('IN') });
/** POST localLanguages: trans=1 asks for the translation languages; sent in the body or the query. */
export const localLanguagesBody = z.object({
  trans: z.coerce.number().int().min(0).max(1).optional(),
  cc: countryParam.optional(),
  age_rating: ageRatingParam,
});

/** SPEC §3 Translation request. */
export const translateBody = z.object({ mid: idParam, issid: idParam, artid: idParam, langCode: languageCodeParam });
export const translateTextBody = z.object({
  text: z.string().trim().min(1).max(5000),
  langCode: languageCodeParam,
  source: z
    .string()
    .trim()
    .regex(/^([a-z]{2,3}|auto)$/, 'must be a language code or auto')
    .optional()
    .default('auto'),
});
export const translatedDataQuery = z.object({
  filepath: z.string().trim().max(200).refine(isTranslationFilePath, 'must be translations/{artid}/{langCode}.json'),
});

/** SPEC §8: a translation that cannot be had is the empty object. */
const NO_TRANSLATION = {};

/** Translations are whole stories: for members whose membership runs. */
function assertReader(session: Session | null): asserts session is Session {
  if (!mayReadInFull(session)) throw new HttpError(403, 'Translations are for members whose library membership is active');
}

async function assertTranslationLanguage(code: string): Promise<void> {
  if (!(await isTranslationLanguage(code))) throw new HttpError(400, 'langCode: is not one of the translation languages', { field: 'langCode' });
}

export const translationRoutes: ServiceRoutes = {
  localLanguages: {
    GET: route({
      summary: 'Languages read in a country (cc, default IN)',
      responses: { 200: { description: 'OK', body: getLocalLanguagesBody } },
      auth: 'none',
      query: localLanguagesQuery,
      async handler({ query }) {
        return { status: 'success', data: await localLanguages(query.cc) };
      },
    }),
    POST: route({
      summary: 'With trans=1: the languages a story can be translated into (the fixed list of SPEC §9); otherwise as GET',
      responses: { 200: { description: 'OK', body: postLocalLanguagesBody } },
      auth: 'none',
      query: localLanguagesBody,
      body: localLanguagesBody,
      async handler({ query, body }) {
        const trans = body.trans ?? query.trans;
        if (trans === 1) return { status: 'success', data: await cachedTranslationLanguages() };
        return { status: 'success', data: await localLanguages(body.cc ?? query.cc ?? 'IN') };
      },
    }),
  },
  'v1/translate': {
    POST: route({
      summary: 'A story in another language: stored once made, served stored after; {} when no translation can be had',
      responses: { 200: { description: 'OK', body: postV1TranslateBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      body: translateBody,
      async handler({ body, session, context }) {
        assertReader(session);
        await assertTranslationLanguage(body.langCode);
        const scope = await articleScope(context, undefined);
        const record = await findStoryById(scope, { magazineId: body.mid, issueId: body.issid, storyId: body.artid });
        if (!record) throw new HttpError(404, STORY_NOT_FOUND);
        const base = { status: 'success', artid: record.story.artid, mid: record.story.mid, issid: record.story.issid, langCode: body.langCode };
        if (body.langCode === record.languageCode) {
          return { ...base, title: record.story.title, subtitle: record.story.subtitle, body: record.body, filepath: '' };
        }
        const translation = await translateStory(
          { id: record.story.artid, title: record.story.title, subtitle: record.story.subtitle, body: record.body, languageCode: record.languageCode },
          body.langCode,
        );
        if (!translation) return NO_TRANSLATION;
        return { ...base, title: translation.title, subtitle: translation.subtitle, body: translation.body, filepath: translation.filePath };
      },
    }),
  },
  'v1/translate-text': {
    POST: route({
      summary: 'A passage of text in another language (not stored); {} when no translation can be had',
      responses: { 200: { description: 'OK', body: postV1TranslateTextBody }, 403: { description: 'Refused: not allowed for this person or library' } },
      auth: 'required',
      body: translateTextBody,
      async handler({ body, session }) {
        assertReader(session);
        await assertTranslationLanguage(body.langCode);
        const translated = await callTranslationService([body.text], body.source, body.langCode);
        if (!translated) return NO_TRANSLATION;
        return { status: 'success', langCode: body.langCode, translatedText: translated[0] };
      },
    }),
  },
  'translated-data': {
    GET: route({
      summary: 'A stored translation file by its path (the filepath a translation answers with)',
      responses: { 200: { description: 'OK', body: getTranslatedDataBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      auth: 'required',
      query: translatedDataQuery,
      async handler({ query, session, context }) {
        assertReader(session);
        const translation = await storedTranslationByFile(query.filepath);
        if (!translation) throw new HttpError(404, 'Translation not found');
        // The file is the story's text: it is served only to a reader who may see the story.
        const scope = await articleScope(context, undefined);
        if (!(await isStoryVisible(scope, translation.storyId))) throw new HttpError(404, 'Translation not found');
        return readTranslationFile(translation);
      },
    }),
  },
};
