// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { mediaFiles, pdfFolder, runImport } from './helpers/import';
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { issuePages, issues, magazines } from '@/server/db/schema';
import { fillerLines, makeSamplePdf } from '@/bench/samples';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';
import { startS3, type TestS3 } from './helpers/s3';
import { ensureSearchLanguage } from './helpers/search-factories';
import { readerCodeFor } from './helpers/reader-code';

jest.setTimeout(180_000);

const S3_PORT = 3931;
let s3: TestS3;
let app: TestApp;
let member: { id: number; library: number; token: string };
let issueId = 0;
let coverPath = '';

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

function readerCode(issue: number): Promise<string> {
  return readerCodeFor(app, member, issue);
}

beforeAll(async () => {
  s3 = await startS3(S3_PORT);
  // The site's routes here and the import's own process (it inherits the environment) both use the bucket.
  Object.assign(process.env, s3.env);
  app = await startTestApp();
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: 52, name: 'Travel' });
  const library = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
  const user = await createUser(app.db);
  await addMembership(app.db, user.id, library.id, inDays(30));
  member = { id: user.id, library: library.id, token: await tokenFor(user, library.id, inDays(30)) };
});

afterAll(async () => {
  await app?.close();
  await s3?.stop();
  for (const name of Object.keys(s3?.env ?? {})) delete process.env[name];
});

const importArgs = ['--workers', '1', '--category', 'Travel', '--language', 'en', '--age-rating', '3'];

describe('media on S3-compatible storage (S3_BUCKET set)', () => {
  it('imports a PDF into the bucket: each page’s 3x WebP and the cover, nothing staged left, nothing on the local disk', async () => {
    const file = path.join(pdfFolder('bucket'), 'Bucket Weekly - 2026-04-02.pdf');
    fs.writeFileSync(
      file,
      await makeSamplePdf({ pages: [{ lines: ['Bucket Weekly', 'Cover lines.'] }, { lines: ['Second page', ...fillerLines(2, 6)] }, { landscape: true, lines: ['A spread'] }] }),
    );
    const run = await runImport(file, ...importArgs);
    expect(run.output).toContain('Summary: 1 imported, 0 updated, 0 unchanged, 0 failed');
    expect(run.code).toBe(0);

    const [issue] = await app.db.select().from(issues).innerJoin(magazines, eq(magazines.id, issues.magazineId)).where(eq(magazines.name, 'Bucket Weekly'));
    issueId = issue.issues.id;
    coverPath = issue.issues.coverPath;
    const keys = await s3.keys();
    // A page's 3x WebP alone (the other sizes and the JPEGs are made when first asked for, and kept there too).
    const expected = [...[1, 2, 3].map((page) => `pages/${issueId}/${page}/view/3.webp`), ...[1, 2, 3].map((scale) => `${coverPath}/view/${scale}.webp`), issue.issues.originalKey!].sort();
    expect(keys).toEqual(expected);
    // The original PDF is kept beside the issue, in the bucket, to draw its pages again.
    expect(issue.issues.originalKey).toMatch(new RegExp(`^originals/${issueId}-[0-9a-f]{16}\\.pdf$`));
    expect((await objectBytes(issue.issues.originalKey!)).equals(fs.readFileSync(file))).toBe(true);
    const spread = await sharp(await objectBytes(`pages/${issueId}/3/view/3.webp`)).metadata();
    expect([spread.format, spread.width]).toEqual(['webp', 1190 * 3]);
    // The local media folder held only the drawing, and that is gone.
    expect(mediaFiles()).toEqual([]);
  });

  it('serves the page images from the bucket through the reader: WebP to a browser that accepts it, else JPEG (Vary: Accept)', async () => {
    const code = await readerCode(issueId);
    const res = await call<{ pages: { pageNo: number; src: string[] }[] }>(app, `/api/reader/issue?code=${encodeURIComponent(code)}&issue=${issueId}`, { token: member.token });
    expect(res.status).toBe(200);
    const src = `${app.baseUrl}${res.body.pages[1].src[1]}`;
    const webp = await fetch(src, { headers: { accept: 'image/avif,image/webp,image/*', authorization: `Bearer ${member.token}` } });
    expect([webp.status, webp.headers.get('content-type'), webp.headers.get('vary')]).toEqual([200, 'image/webp', 'Accept']);
    expect(Buffer.from(await webp.arrayBuffer()).equals(await objectBytes(`pages/${issueId}/2/view/2.webp`))).toBe(true);
    const jpeg = await fetch(src, { headers: { accept: 'image/jpeg', authorization: `Bearer ${member.token}` } });
    expect([jpeg.status, jpeg.headers.get('content-type'), jpeg.headers.get('vary')]).toEqual([200, 'image/jpeg', 'Accept']);
    expect(Buffer.from(await jpeg.arrayBuffer()).equals(await objectBytes(`pages/${issueId}/2/view/2.jpg`))).toBe(true);
  });

  it('serves the cover from the bucket at /api/media, WebP twin included, and 404 for a key it does not hold', async () => {
    const address = `${app.baseUrl}/api/media/${coverPath}/view/2.jpg`;
    const webp = await fetch(address, { headers: { accept: 'image/webp,*/*' } });
    expect([webp.status, webp.headers.get('content-type'), webp.headers.get('vary')]).toEqual([200, 'image/webp', 'Accept']);
    expect(Buffer.from(await webp.arrayBuffer()).equals(await objectBytes(`${coverPath}/view/2.webp`))).toBe(true);
    const jpeg = await fetch(address, { headers: { accept: 'image/jpeg' } });
    expect([jpeg.status, jpeg.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata();
    expect(meta.width).toBe(400);
    const missing = await fetch(`${app.baseUrl}/api/media/covers/pdf-999999-none/view/2.jpg`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ status: 404, message: 'Not found' });
  });

  it('leaves no object in the bucket and no row when the import fails after its original is stored', async () => {
    // A real refusal by the database inside the import's transaction, after the original is written to the bucket.
    await app.db.execute(sql`CREATE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the test refuses this issue'; END $$`);
    await app.db.execute(sql`CREATE TRIGGER refuse_doomed BEFORE INSERT ON issue_pages FOR EACH ROW WHEN (NEW.text LIKE '%Doomed%') EXECUTE FUNCTION refuse_doomed()`);
    const before = { keys: await s3.keys(), issues: await app.db.select({ n: count() }).from(issues), pages: await app.db.select({ n: count() }).from(issuePages) };
    const file = path.join(pdfFolder('doomed'), 'Doomed Gazette - 2026-04-09.pdf');
    fs.writeFileSync(file, await makeSamplePdf({ pages: [{ lines: ['Doomed Gazette', 'Never printed.'] }, { lines: ['Page two', ...fillerLines(2, 4)] }] }));

    const run = await runImport(file, ...importArgs);
    // The database's refusal in one line of words: not the query drizzle quotes.
    expect(run.output).toMatch(/failed: .*Doomed Gazette - 2026-04-09\.pdf: the database did not store the issue: the test refuses this issue\n/);
    expect(run.output).not.toMatch(/insert into|Failed query|params:/);
    expect(run.code).toBe(1);
    expect(await s3.keys()).toEqual(before.keys);
    expect(await app.db.select({ n: count() }).from(issues)).toEqual(before.issues);
    expect(await app.db.select({ n: count() }).from(issuePages)).toEqual(before.pages);
    expect(await app.db.select().from(magazines).where(eq(magazines.name, 'Doomed Gazette'))).toEqual([]);
    expect(mediaFiles()).toEqual([]);
  });
});
