// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { pdfFolder, runImport } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { issuePages, issues, magazines } from '@/server/db/schema';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';
import { makeScriptPdf } from './helpers/script-pdf';
import { ensureSearchLanguage } from './helpers/search-factories';

/**
 * Search in every script (issue 27), end to end: PDFs whose text layers hold Chinese, Japanese and Korean without
 * spaces, Arabic and Hebrew written in visual and in logical order, Arabic presentation forms, six Indic scripts
 * and a NUL are imported by `npm run import`; what pdf.js reads from them is stored normalised
 * (lib/text-normalise.ts), and each word is found through the search API with the right counts and highlights.
 */

jest.setTimeout(240_000);

let app: TestApp;
let token: string;
const NEWS = 51;

type IssueSearch = { nbHits: number; hits: { fIn: number; pages: { page: number; _highLight: string }[]; issue: { iss_id: number } }[] };
type StorySearch = { nbHits: number; Articles: { title: string; _highlightResult: { title: { value: string } }; _snippetResult: { body: { value: string } } }[] };
type MagazineSearch = { nbHits: number; hits: { magName: string }[] };

const reversed = (text: string) => [...text].reverse().join('');

/**
 * Arabic letters in the presentation forms a producer's font maps its glyphs to: each letter in the form its
 * neighbours give it (isolated, final, initial, medial), read from Unicode's own decompositions of the block.
 */
function presentationForms(text: string): string {
  const forms = new Map<string, string[]>();
  for (let code = 0xfe80; code <= 0xfef4; code += 1) {
    const form = String.fromCodePoint(code);
    const letter = form.normalize('NFKC');
    forms.set(letter, [...(forms.get(letter) ?? []), form]);
  }
  const joinsNext = (letter: string | undefined) => (letter ? forms.get(letter)?.length === 4 : false);
  return text
    .split(' ')
    .map((word) => {
      const letters = [...word];
      return letters
        .map((letter, i) => {
          const shapes = forms.get(letter)!;
          const before = joinsNext(letters[i - 1]);
          const after = shapes.length === 4 && i + 1 < letters.length;
          return shapes[before && after ? 3 : after ? 2 : before ? 1 : 0];
        })
        .join('');
    })
    .join(' ');
}

const INDIC: [code: string, name: string, line: string, word: string][] = [
  ['hi', 'Hindi', 'हिन्दी समाचार पत्रिका', 'समाचार'],
  ['bn', 'Bengali', 'বাংলা সংবাদপত্র পড়ুন', 'সংবাদপত্র'],
  ['ta', 'Tamil', 'தமிழ் செய்தி இதழ்', 'செய்தி'],
  ['te', 'Telugu', 'తెలుగు వార్తలు పత్రిక', 'వార్తలు'],
  ['gu', 'Gujarati', 'ગુજરાતી સમાચાર પત્ર', 'ગુજરાતી'],
  ['ml', 'Malayalam', 'മലയാളം വാർത്ത മാസിക', 'വാർത്ത'],
];

async function writeTitle(name: string, language: string, pages: string[][], outline?: { title: string; pageNo: number }[], about?: string) {
  const dir = pdfFolder(`scripts/${language}`);
  fs.writeFileSync(path.join(dir, 'title.json'), JSON.stringify({ category: 'News', language, ageRating: 3, ...(about ? { about } : {}) }));
  fs.writeFileSync(path.join(dir, `${language} - 2026-05-14.pdf`), await makeScriptPdf(pages, { title: name, outline }));
}

async function issueSearch(q: string): Promise<IssueSearch> {
  const res = await call<IssueSearch>(app, `/api/catalogue/search_list?q=${encodeURIComponent(q)}&isGold=1`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** The pages of the one issue found, with their highlights. */
async function foundPages(q: string) {
  const body = await issueSearch(q);
  expect(body.nbHits).toBe(1);
  expect(body.hits).toHaveLength(1);
  expect(body.hits[0].fIn).toBe(body.hits[0].pages.length);
  return body.hits[0].pages;
}

async function pageTexts(name: string): Promise<string[]> {
  const rows = await app.db
    .select({ text: issuePages.text })
    .from(issuePages)
    .innerJoin(issues, eq(issues.id, issuePages.issueId))
    .innerJoin(magazines, eq(magazines.id, issues.magazineId))
    .where(eq(magazines.name, name))
    .orderBy(asc(issuePages.pageNo));
  return rows.map((row) => row.text);
}

beforeAll(async () => {
  app = await startTestApp();
  for (const [code, name] of [['zh', 'Chinese'], ['ar', 'Arabic'], ['he', 'Hebrew'], ...INDIC.map(([c, n]) => [c, n])]) await ensureSearchLanguage(app.db, code, name, 'simple');
  await createCategory(app.db, { id: NEWS, name: 'News' });
  const library = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
  const user = await createUser(app.db);
  await addMembership(app.db, user.id, library.id, inDays(30));
  token = await tokenFor(user, library.id, inDays(30));

  await writeTitle(
    'East Asia Review',
    'zh',
    [
      ['这是次元的黑体字测试，マーケットモデルの取引です。'],
      ['東京証券取引所の新しいシステム'],
      ['한국어를 배우는 학생들'],
      // A NUL in the text layer, as pdf.js reads one from a real TCPDF file: PostgreSQL refuses it in text.
      ['Har\u0000bour quarterly'],
    ],
    [{ title: '次元の話', pageNo: 1 }],
    '東アジアの経済と文化の専門誌',
  );
  await writeTitle('Arabic Monthly', 'ar', [
    // Drawn in visual order, as most producers do: pdf.js reads it back in logical order.
    [reversed('اللغة العربية جميلة')],
    // Drawn in logical order: pdf.js reverses it, so the text layer reads last letter first.
    ['مكتبة المدينة الكبيرة'],
    // Presentation forms, drawn in visual order and in logical order.
    [reversed(presentationForms('المكتبة العربية'))],
    [presentationForms('العربية الجديدة')],
  ]);
  await writeTitle('Hebrew Weekly', 'he', [['שלום עולם']]);
  await writeTitle(
    'Indian Languages Weekly',
    'hi',
    INDIC.map(([, , line]) => [line]),
  );
  const run = await runImport(path.join(pdfFolder('scripts')), '--workers', '2');
  expect(run.output).toContain('Summary: 4 imported, 0 updated, 0 unchanged, 0 failed');
});

afterAll(async () => {
  await app.close();
});

describe('stored text is normalised at import', () => {
  it('drops the NUL, keeps Chinese and Japanese runs, and stores Arabic and Hebrew in reading order as letters', async () => {
    // NFKC makes the full-width comma a comma.
    expect(await pageTexts('East Asia Review')).toEqual(['这是次元的黑体字测试,マーケットモデルの取引です。', '東京証券取引所の新しいシステム', '한국어를 배우는 학생들', 'Harbour quarterly']);
    expect(await pageTexts('Arabic Monthly')).toEqual(['اللغة العربية جميلة', 'مكتبة المدينة الكبيرة', 'المكتبة العربية', 'العربية الجديدة']);
    expect(await pageTexts('Hebrew Weekly')).toEqual(['שלום עולם']);
    expect(await pageTexts('Indian Languages Weekly')).toEqual(INDIC.map(([, , line]) => line.normalize('NFKC')));
  });
});

describe('issue search (search_list) in every script', () => {
  it('finds Chinese, Japanese and Korean words inside longer unspaced runs, on the right pages, highlighted', async () => {
    expect(await foundPages('次元')).toEqual([{ page: 1, _highLight: expect.stringContaining('这是<em>次元</em>的') }]);
    expect(await foundPages('黑体字')).toEqual([{ page: 1, _highLight: expect.stringContaining('<em>黑体字</em>') }]);
    expect(await foundPages('マーケットモデル')).toEqual([{ page: 1, _highLight: expect.stringContaining('<em>マーケットモデル</em>') }]);
    expect(await foundPages('取引')).toEqual([
      { page: 1, _highLight: expect.stringContaining('<em>取引</em>') },
      { page: 2, _highLight: expect.stringContaining('東京証券<em>取引</em>所') },
    ]);
    expect(await foundPages('한국어')).toEqual([{ page: 3, _highLight: expect.stringContaining('<em>한국어</em>를') }]);
  });

  it('does not find characters that are on the page but not next to each other', async () => {
    expect((await issueSearch('次黑')).nbHits).toBe(0);
    expect((await issueSearch('体次元')).nbHits).toBe(0);
  });

  it('finds a word the NUL was inside of', async () => {
    expect(await foundPages('harbour')).toEqual([{ page: 4, _highLight: '<em>Harbour</em> quarterly' }]);
  });

  it('finds Arabic typed in letters, whatever order and forms the PDF drew it in', async () => {
    expect(await foundPages('العربية')).toEqual([
      { page: 1, _highLight: 'اللغة <em>العربية</em> جميلة' },
      { page: 3, _highLight: 'المكتبة <em>العربية</em>' },
      { page: 4, _highLight: '<em>العربية</em> الجديدة' },
    ]);
    expect(await foundPages('المدينة')).toEqual([{ page: 2, _highLight: 'مكتبة <em>المدينة</em> الكبيرة' }]);
    // Typed in presentation forms, the word is the same word.
    expect((await foundPages(presentationForms('الجديدة'))).map((p) => p.page)).toEqual([4]);
    expect(await foundPages('שלום')).toEqual([{ page: 1, _highLight: '<em>שלום</em> עולם' }]);
  });

  it('finds a word in each of Hindi, Bengali, Tamil, Telugu, Gujarati and Malayalam on its own page', async () => {
    for (const [index, [, , line, word]] of INDIC.entries()) {
      expect(await foundPages(word)).toEqual([{ page: index + 1, _highLight: line.replace(word, `<em>${word}</em>`) }]);
    }
  });
});

describe('story and magazine search in unspaced scripts', () => {
  it('finds a story by a Chinese word inside its title and body, highlighted', async () => {
    const res = await call<StorySearch>(app, `/api/article/v1/article-search?query=${encodeURIComponent('取引')}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.nbHits).toBe(1);
    expect(res.body.Articles[0].title).toBe('次元の話');
    expect(res.body.Articles[0]._snippetResult.body.value).toContain('<em>取引</em>');
    const title = await call<StorySearch>(app, `/api/article/v1/article-search?query=${encodeURIComponent('次元')}`, { token });
    expect(title.body.nbHits).toBe(1);
    expect(title.body.Articles[0]._highlightResult.title.value).toBe('<em>次元</em>の話');
  });

  it('finds a title by a word inside its description', async () => {
    const res = await call<MagazineSearch>(app, `/api/catalogue/magazine-search?q=${encodeURIComponent('経済')}&isGold=1`, { token });
    expect(res.status).toBe(200);
    expect(res.body.nbHits).toBe(1);
    expect(res.body.hits[0].magName).toBe('East Asia Review');
  });
});
