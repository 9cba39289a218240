// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { IMPORT_MEDIA_DIR, pdfFolder, runImport } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { issuePages } from '@/server/db/schema';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';
import { ensureSearchLanguage } from './helpers/search-factories';
import { readerCodeFor } from './helpers/reader-code';

/**
 * A page too large to draw at 3x (an A1 poster) has its master drawn at the scale that fits (2.23x), at the master's
 * address view/3.webp. The reader's smaller sizes are made from it on request: they must be the same fractions of
 * the poster's own width as of any other page's, not of its master's (which made them 0.74x and 1.49x).
 */
jest.setTimeout(240_000);

let app: TestApp;
let member: { id: number; library: number; token: string };
const [A1, A4] = [
  { width: 1684, height: 2384 },
  { width: 595, height: 842 },
];
const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];

beforeAll(async () => {
  app = await startTestApp();
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: 61, name: 'Posters' });
  const library = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
  const user = await createUser(app.db);
  await addMembership(app.db, user.id, library.id, inDays(30));
  member = { id: user.id, library: library.id, token: await tokenFor(user, library.id, inDays(30)) };
});

afterAll(async () => {
  await app.close();
});

/** Page 1 an A1 poster, red on its left half and blue on its right; page 2 an ordinary A4 page, the same. */
async function posterPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Harbour Posters');
  for (const size of [A1, A4]) {
    const page = doc.addPage([size.width, size.height]);
    page.drawRectangle({ x: 0, y: 0, width: size.width / 2, height: size.height, color: rgb(1, 0, 0) });
    page.drawRectangle({ x: size.width / 2, y: 0, width: size.width / 2, height: size.height, color: rgb(0, 0, 1) });
  }
  return doc.save();
}

function readerCode(issueId: number): Promise<string> {
  return readerCodeFor(app, member, issueId);
}

/** The image at a reader address in the form `accept` asks for: its format, size and the colour a quarter and three quarters across, half way down. */
async function served(src: string, accept: string) {
  const res = await fetch(`${app.baseUrl}${src}`, { headers: { accept, authorization: `Bearer ${member.token}` } });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number) => {
    const offset = (Math.round(info.height / 2) * info.width + Math.round(x * info.width)) * info.channels;
    return [data[offset], data[offset + 1], data[offset + 2]];
  };
  return { type: res.headers.get('content-type'), width: info.width, height: info.height, left: at(0.25), right: at(0.75) };
}

function near(actual: number[], expected: number[]): void {
  actual.forEach((value, i) => expect(Math.abs(value - expected[i])).toBeLessThanOrEqual(24));
}

describe('the reader’s sizes of a page drawn below 3x', () => {
  it('serves a poster’s 1x and 2x at one and two times its own width, as an ordinary page’s, in WebP and JPEG', async () => {
    const dir = pdfFolder('poster');
    fs.writeFileSync(path.join(dir, 'Harbour Posters - 2026-06-01.pdf'), await posterPdf());
    const run = await runImport(dir, '--workers', '1', '--category', 'Posters', '--language', 'en', '--age-rating', '3');
    expect(run.output).toContain('Harbour Posters - 2026-06-01.pdf: page 1: the page is too large to draw at 3× (1684 x 2384 points, over 20 million pixels): drawn at 2.23×');
    expect(run.code).toBe(0);
    const issueId = Number(/imported Harbour Posters - 2026-06-01\.pdf: issue (\d+)/.exec(run.output)![1]);
    const pages = await app.db.select({ width: issuePages.width, height: issuePages.height }).from(issuePages).where(eq(issuePages.issueId, issueId)).orderBy(asc(issuePages.pageNo));
    expect(pages).toEqual([A1, A4]);
    // The poster's master: drawn at 2.23x, not 3x.
    const master = await sharp(path.join(IMPORT_MEDIA_DIR, 'pages', String(issueId), '1', 'view', '3.webp')).metadata();
    expect(master.width).toBe(Math.round(A1.width * 2.23));

    const code = await readerCode(issueId);
    const issue = await call<{ pages: { pageNo: number; width: number; src: string[] }[] }>(app, `/api/reader/issue?code=${encodeURIComponent(code)}&issue=${issueId}`, { token: member.token });
    expect(issue.status).toBe(200);
    for (const [index, size] of [A1, A4].entries()) {
      const { src } = issue.body.pages[index];
      for (const scale of [1, 2]) {
        const width = size.width * scale;
        const height = Math.round((size.height * width) / size.width);
        const webp = await served(src[scale - 1], 'image/avif,image/webp,image/*');
        expect({ type: webp.type, width: webp.width }).toEqual({ type: 'image/webp', width });
        expect(Math.abs(webp.height - height)).toBeLessThanOrEqual(1);
        near(webp.left, RED);
        near(webp.right, BLUE);
        const jpeg = await served(src[scale - 1], 'image/jpeg');
        expect({ type: jpeg.type, width: jpeg.width, height: jpeg.height }).toEqual({ type: 'image/jpeg', width: webp.width, height: webp.height });
        near(jpeg.left, RED);
        near(jpeg.right, BLUE);
      }
    }
    // The largest size is the master as drawn: the A4 page's at 3x, the poster's at the 2.23x it could be drawn at.
    expect((await served(issue.body.pages[1].src[2], 'image/webp')).width).toBe(A4.width * 3);
    expect((await served(issue.body.pages[0].src[2], 'image/webp')).width).toBe(master.width);
  });
});
