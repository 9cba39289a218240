import { z } from 'zod';

/**
 * What the routes of translation-routes.ts answer on success, for /api/openapi.json and the contract check: written from the types
 * their handlers return (the presenters that make each answer), and held against every answer the API tests receive.
 */

/** GET localLanguages */
export const getLocalLanguagesBody = z.object({
  status: z.string(),
  data: z.array(z.object({ lang_code: z.string(), _lang: z.string(), lang: z.string(), display_name: z.string(), cc: z.string(), store_id: z.number() })),
});

/** POST localLanguages: the same answer as getLocalLanguagesBody. */
export const postLocalLanguagesBody = getLocalLanguagesBody;

/** When no translation can be had: an empty object. */
const noTranslation = z.object({});

/** POST v1/translate: the story in the language asked for (stored), or {} */
export const postV1TranslateBody = z.union([
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
export const postV1TranslateTextBody = z.union([z.object({ status: z.string(), langCode: z.string(), translatedText: z.string() }), noTranslation]);

/** GET translated-data */
export const getTranslatedDataBody = z.object({ artid: z.number(), langCode: z.string(), title: z.string(), subtitle: z.string(), body: z.string() });
