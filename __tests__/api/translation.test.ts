import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { languages, storyTranslations } from '@/server/db/schema';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createStory, createUser, inDays, tokenFor } from './helpers/factories';
import { addStoredTranslation, seedTranslationLanguages } from './helpers/story-factories';

/**
 * A small LibreTranslate-compatible service (POST /translate {q, source, target, format} -> {translatedText}), the
 * outside service the site calls: it 'translates' by tagging each text with the target language, and counts calls.
 */
function startTranslator() {
  const requests: Array<{ q: string | string[]; source: string; target: string; format: string }> = [];
  let failing = false;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/translate') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as { q: string | string[]; source: string; target: string; format: string };
      requests.push(body);
      if (failing) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'out of order' }));
        return;
      }
      const tag = (text: string) => `[${body.target}] ${text}`;
      const translatedText = Array.isArray(body.q) ? body.q.map(tag) : tag(body.q);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText }));
    });
  });
  return {
    requests,
    setFailing(value: boolean) {
      failing = value;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let app: TestApp;
let media: string;
const translator = startTranslator();
let translatorUrl = '';
const token = { member: '', expired: '', school: '' };
const ids = { mid: 0, issid: 0, artid: 0, stored: 0, fashion: 0, fashionMid: 0, fashionIssue: 0 };
const BODY = 'The ferry leaves at dawn.\n\nBy noon the island is quiet again.';

beforeAll(async () => {
  media = await fs.mkdtemp(path.join(os.tmpdir(), 'translations-'));
  process.env.MEDIA_DIR = media;
  translatorUrl = await translator.start();
  app = await startTestApp();
  await seedTranslationLanguages(app.db);
  await createCategory(app.db, { id: 21, name: 'Travel' });
  await createCategory(app.db, { id: 22, name: 'Fashion' });
  const library = await createLibrary(app.db);
  const school = await createLibrary(app.db, { excludeCat: 'Fashion' });
  const member = await createUser(app.db);
  const lapsed = await createUser(app.db);
  const pupil = await createUser(app.db);
  await addMembership(app.db, member.id, library.id, inDays(30));
  await addMembership(app.db, pupil.id, school.id, inDays(30));
  token.member = await tokenFor(member, library.id, inDays(30));
  token.expired = await tokenFor(lapsed, library.id, inDays(-2));
  token.school = await tokenFor(pupil, school.id, inDays(30));
  const { issue } = await createMagazine(app.db, { id: 1, name: 'Wanderlust Weekly', categoryId: 21 });
  const fashion = await createMagazine(app.db, { id: 2, name: 'Runway Review', categoryId: 22 });
  const story = await createStory(app.db, { magazineId: 1, issueId: issue.id, categoryId: 21, title: 'The island ferry', subtitle: 'A morning crossing', body: BODY });
  const stored = await createStory(app.db, { magazineId: 1, issueId: issue.id, categoryId: 21, title: 'Monsoon markets' });
  const runway = await createStory(app.db, { magazineId: 2, issueId: fashion.issue.id, categoryId: 22, title: 'Autumn tailoring' });
  await addStoredTranslation(app.db, stored.id, 'hi', { title: 'मानसून के बाज़ार', body: 'संग्रहीत अनुवाद।' });
  await addStoredTranslation(app.db, runway.id, 'hi', { title: 'शरद ऋतु', body: 'फैशन।' });
  Object.assign(ids, { mid: 1, issid: issue.id, artid: story.id, stored: stored.id, fashion: runway.id, fashionMid: 2, fashionIssue: fashion.issue.id });
});

afterEach(() => {
  delete process.env.TRANSLATE_URL;
  translator.setFailing(false);
});

afterAll(async () => {
  await app.close();
  await translator.close();
  await fs.rm(media, { recursive: true, force: true });
});

const translate = (langCode: string, artid = ids.artid, options: { token?: string } = { token: token.member }) =>
  call(app, '/api/article/v1/translate', { ...options, body: { mid: ids.mid, issid: ids.issid, artid, langCode } });

describe('the translation languages (localLanguages)', () => {
  it('GET with cc lists the languages read in that country', async () => {
    const res = await call<{ data: Array<Record<string, unknown>> }>(app, '/api/article/localLanguages?cc=IN');
    expect(res.body.data.map((l) => l.lang_code)).toEqual(['en', 'hi', 'ta']);
    expect(res.body.data[0]).toEqual({ lang_code: 'en', _lang: 'English', lang: 'English', display_name: 'English', cc: 'IN', store_id: 1 });
  });

  it('POST with trans=1, cc=IN, age_rating=7 lists the fixed languages a story can be translated into', async () => {
    const res = await call<{ data: Array<Record<string, unknown>> }>(app, '/api/article/localLanguages', { body: { trans: 1, cc: 'IN', age_rating: 7 } });
    expect(res.body.data.map((l) => l.lang_code)).toEqual(['en', 'es', 'hi', 'ta']);
    const query = await call<{ data: Array<Record<string, unknown>> }>(app, '/api/article/localLanguages?trans=1&cc=IN&age_rating=7', { method: 'POST' });
    expect(query.body.data.map((l) => l.lang_code)).toEqual(['en', 'es', 'hi', 'ta']);
  });

  it('answers 400 naming cc for a country code that is not two letters', async () => {
    const res = await call(app, '/api/article/localLanguages?cc=IND');
    expect(res.body).toMatchObject({ status: 400, field: 'cc' });
  });
});

describe('POST /v1/translate', () => {
  it('serves a stored translation without a translation service', async () => {
    const res = await translate('hi', ids.stored);
    expect(res.body).toEqual({
      status: 'success',
      artid: ids.stored,
      mid: ids.mid,
      issid: ids.issid,
      langCode: 'hi',
      title: 'मानसून के बाज़ार',
      subtitle: '',
      body: 'संग्रहीत अनुवाद।',
      filepath: `translations/${ids.stored}/hi.json`,
    });
  });

  it('answers the empty object when there is no stored translation and no service (SPEC §8)', async () => {
    const res = await translate('ta');
    expect(res).toMatchObject({ status: 200, body: {} });
  });

  it('answers the empty object when the service is down or failing', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.TRANSLATE_URL = 'http://127.0.0.1:9'; // nothing listens on the discard port
    expect((await translate('ta')).body).toEqual({});
    process.env.TRANSLATE_URL = translatorUrl;
    translator.setFailing(true);
    expect((await translate('ta')).body).toEqual({});
    const rows = await app.db.select().from(storyTranslations).where(eq(storyTranslations.storyId, ids.artid));
    expect(rows).toEqual([]);
    expect(log.mock.calls.map(([line]) => String(line))).toEqual([expect.stringContaining('unreachable'), '[translate] service answered 500']);
    log.mockRestore();
  });

  it('translates once through the service, stores the translation and its file, and serves the stored one after', async () => {
    process.env.TRANSLATE_URL = translatorUrl;
    const before = translator.requests.length;
    const first = await translate('es');
    expect(first.body).toEqual(
      expect.objectContaining({
        status: 'success',
        langCode: 'es',
        title: '[es] The island ferry',
        subtitle: '[es] A morning crossing',
        body: '[es] The ferry leaves at dawn.\n\n[es] By noon the island is quiet again.',
        filepath: `translations/${ids.artid}/es.json`,
      }),
    );
    expect(translator.requests.slice(before)).toEqual([
      { q: ['The island ferry', 'A morning crossing', 'The ferry leaves at dawn.', 'By noon the island is quiet again.'], source: 'en', target: 'es', format: 'text' },
    ]);
    const [row] = await app.db.select().from(storyTranslations).where(and(eq(storyTranslations.storyId, ids.artid), eq(storyTranslations.languageCode, 'es')));
    expect(row.title).toBe('[es] The island ferry');
    const file = JSON.parse(await fs.readFile(path.join(media, 'translations', String(ids.artid), 'es.json'), 'utf8'));
    expect(file).toEqual({ artid: ids.artid, langCode: 'es', title: '[es] The island ferry', subtitle: '[es] A morning crossing', body: row.body });

    const second = await translate('es');
    expect(second.body).toEqual(first.body);
    expect(translator.requests.length).toBe(before + 1);
    // Stored means stored: with the service gone, the translation is still served.
    delete process.env.TRANSLATE_URL;
    expect((await translate('es')).body).toEqual(first.body);
  });

  it('gives the original text for the story’s own language', async () => {
    const res = await translate('en');
    expect(res.body).toMatchObject({ status: 'success', langCode: 'en', title: 'The island ferry', body: BODY, filepath: '' });
  });

  it('is for members: 401 without a session, 403 when the membership has ended', async () => {
    expect((await translate('hi', ids.stored, {})).status).toBe(401);
    expect((await translate('hi', ids.stored, { token: token.expired })).status).toBe(403);
  });

  it('answers 400 naming langCode for a malformed code or a language outside the translation list, and 404 for a hidden story', async () => {
    expect((await translate('hindi')).body).toMatchObject({ status: 400, field: 'langCode' });
    expect((await translate('fr')).body).toMatchObject({ status: 400, field: 'langCode' });
    const missing = await call(app, '/api/article/v1/translate', { token: token.member, body: { mid: ids.mid, issid: ids.issid, langCode: 'hi' } });
    expect(missing.body).toMatchObject({ status: 400, field: 'artid' });
    const hidden = await call(app, '/api/article/v1/translate', {
      token: token.school,
      body: { mid: ids.fashionMid, issid: ids.fashionIssue, artid: ids.fashion, langCode: 'hi' },
    });
    expect(hidden.status).toBe(404);
  });
});

describe('POST /v1/translate-text and GET translated-data', () => {
  it('checks langCode against the kept translation languages list while CONTENT_CACHE_SECONDS keeps it, not the database on every call', async () => {
    const translateText = async (langCode: string) => (await call(app, '/api/article/v1/translate-text', { token: token.member, body: { text: 'Good morning', langCode } })).status;
    process.env.CONTENT_CACHE_SECONDS = '30';
    try {
      expect(await translateText('ta')).toBe(200);
      // Tamil leaves the fixed list in the database: the kept list still has it until its entry ends.
      await app.db.update(languages).set({ name: 'Tamil (withdrawn)' }).where(eq(languages.code, 'ta'));
      expect(await translateText('ta')).toBe(200);
      expect(await translateText('fr')).toBe(400);
      delete process.env.CONTENT_CACHE_SECONDS;
      // Nothing kept: the list is read afresh.
      expect(await translateText('ta')).toBe(400);
    } finally {
      delete process.env.CONTENT_CACHE_SECONDS;
      await app.db.update(languages).set({ name: 'Tamil' }).where(eq(languages.code, 'ta'));
    }
  });

  it('translates a passage through the service, and answers {} without one', async () => {
    expect((await call(app, '/api/article/v1/translate-text', { token: token.member, body: { text: 'Good morning', langCode: 'hi' } })).body).toEqual({});
    process.env.TRANSLATE_URL = translatorUrl;
    const res = await call(app, '/api/article/v1/translate-text', { token: token.member, body: { text: 'Good morning', langCode: 'hi' } });
    expect(res.body).toEqual({ status: 'success', langCode: 'hi', translatedText: '[hi] Good morning' });
    const tooLong = await call(app, '/api/article/v1/translate-text', { token: token.member, body: { text: 'x'.repeat(5001), langCode: 'hi' } });
    expect(tooLong.body).toMatchObject({ status: 400, field: 'text' });
  });

  it('serves a stored translation file by its path, from the row when the file is missing', async () => {
    const res = await call(app, `/api/article/translated-data?filepath=translations/${ids.stored}/hi.json`, { token: token.member });
    expect(res.body).toEqual({ artid: ids.stored, langCode: 'hi', title: 'मानसून के बाज़ार', subtitle: '', body: 'संग्रहीत अनुवाद।' });
  });

  it('refuses paths outside the translations, unknown files and stories the reader may not see', async () => {
    const outside = await call(app, `/api/article/translated-data?filepath=${encodeURIComponent('../jwt-secret')}`, { token: token.member });
    expect(outside.body).toMatchObject({ status: 400, field: 'filepath' });
    const unknown = await call(app, '/api/article/translated-data?filepath=translations/999999/hi.json', { token: token.member });
    expect(unknown.status).toBe(404);
    const hidden = await call(app, `/api/article/translated-data?filepath=translations/${ids.fashion}/hi.json`, { token: token.school });
    expect(hidden.status).toBe(404);
    expect((await call(app, `/api/article/translated-data?filepath=translations/${ids.stored}/hi.json`)).status).toBe(401);
  });
});
