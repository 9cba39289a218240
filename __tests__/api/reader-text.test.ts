// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { TEST_MEDIA_DIR, addPages } from './helpers/reader-factories';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { TextBlock, TextLine } from '@/lib/text-layer';
import { issuePages, issues } from '@/server/db/schema';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';
import { call, startTestApp, type TestApp } from './helpers/app';
import { readerCodeFor } from './helpers/reader-code';

let app: TestApp;
const member = { id: 0, token: '', library: 0 };
const other = { id: 0, token: '', library: 0 };
const issue = { drawn: 0, imported: 0 };

interface TextBody {
  status: string;
  pageNo: number;
  width: number;
  height: number;
  hasText: boolean;
  lines: TextLine[];
  blocks: TextBlock[];
  message?: string;
  field?: string;
}

function codeFor(who: typeof member, issueId: number): Promise<string> {
  return readerCodeFor(app, who, issueId);
}

const pageText = (code: string, issueId: number, page: number | string) => call<TextBody>(app, `/api/reader/text?code=${encodeURIComponent(code)}&issue=${issueId}&page=${page}`, { token: member.token });

/** Two columns printed row by row (the PDF gives the left line, then the right one on the same baseline). */
const twoColumns: TextLine[] = [
  { text: 'A Tale of Two Columns', x: 40, y: 40, w: 400, h: 31, size: 26 },
  ...['The left column begins', 'and carries on', 'to its end.'].flatMap((left, i) => [
    { text: left, x: 40, y: 100 + i * 16, w: 200, h: 13, size: 11 },
    { text: ['The right column', 'follows it', 'down the page.'][i], x: 300, y: 100 + i * 16, w: 200, h: 13, size: 11 },
  ]),
];

beforeAll(async () => {
  app = await startTestApp();
  await createCategory(app.db, { id: 21, name: 'Travel' });
  const library = await createLibrary(app.db);
  for (const who of [member, other]) {
    const user = await createUser(app.db);
    await addMembership(app.db, user.id, library.id, inDays(30));
    Object.assign(who, { id: user.id, library: library.id, token: await tokenFor(user, library.id, inDays(30)) });
  }
  issue.drawn = (await createMagazine(app.db, { categoryId: 21, ageRating: 3 })).issue.id;
  issue.imported = (await createMagazine(app.db, { categoryId: 21, ageRating: 3 })).issue.id;
  await addPages(app.db, issue.drawn, 4);
  await addPages(app.db, issue.imported, 3);
  // The imported issue: page 1 kept its layer, page 2 is a scan (no text), page 3 came before layers were kept.
  await app.db.update(issues).set({ sourceFile: 'two-columns.pdf' }).where(eq(issues.id, issue.imported));
  await app.db.update(issuePages).set({ textLayer: twoColumns, text: twoColumns.map((l) => l.text).join('\n') }).where(and(eq(issuePages.issueId, issue.imported), eq(issuePages.pageNo, 1)));
  await app.db.update(issuePages).set({ text: '' }).where(and(eq(issuePages.issueId, issue.imported), eq(issuePages.pageNo, 2)));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(TEST_MEDIA_DIR, { recursive: true, force: true });
});

describe('GET /api/reader/text', () => {
  it('gives a drawn page’s lines where its picture prints them, and its heading and paragraph in order', async () => {
    const res = await pageText(await codeFor(member, issue.drawn), issue.drawn, 2);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', pageNo: 2, width: 600, height: 780, hasText: true });
    const heading = res.body.lines.find((line) => line.text === 'Heading of page 2');
    expect(heading).toBeDefined();
    // Inside the page, under the running head, in the heading's larger type.
    expect(heading!.x).toBeGreaterThan(0);
    expect(heading!.y).toBeGreaterThan(20);
    expect(heading!.size).toBe(26);
    const blocks = res.body.blocks.map((b) => [b.kind, b.text]);
    const at = blocks.findIndex(([, text]) => text === 'Heading of page 2');
    expect(blocks[at]).toEqual(['heading', 'Heading of page 2']);
    expect(blocks[at + 1]).toEqual(['paragraph', 'The body of page 2 tells of harbours and lighthouses.']);
  });

  it('reads an imported page’s columns one after the other, not across', async () => {
    const res = await pageText(await codeFor(member, issue.imported), issue.imported, 1);
    expect(res.status).toBe(200);
    expect(res.body.lines).toEqual(twoColumns);
    expect(res.body.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'A Tale of Two Columns'],
      ['paragraph', 'The left column begins and carries on to its end.'],
      ['paragraph', 'The right column follows it down the page.'],
    ]);
  });

  it('says a scanned page has no text, and reads a page without a layer from its plain text', async () => {
    const code = await codeFor(member, issue.imported);
    const scan = await pageText(code, issue.imported, 2);
    expect(scan.status).toBe(200);
    expect(scan.body).toMatchObject({ hasText: false, lines: [], blocks: [] });
    const plain = await pageText(code, issue.imported, 3);
    expect(plain.body).toMatchObject({ hasText: true, lines: [] });
    expect(plain.body.blocks.map((b) => b.text)).toEqual(['Heading of page 3', 'The body of page 3 tells of harbours and lighthouses.']);
  });

  it('answers 400 naming the field for a missing, impossible or unreadable page', async () => {
    const code = await codeFor(member, issue.drawn);
    const missing = await call<TextBody>(app, `/api/reader/text?code=${encodeURIComponent(code)}&issue=${issue.drawn}`, { token: member.token });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('page');
    // The issue's record says 12 pages.
    const beyond = await pageText(code, issue.drawn, 13);
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ field: 'page', message: 'page: must be at most 12' });
    expect((await pageText(code, issue.drawn, 'two')).body.field).toBe('page');
  });

  it('refuses (403) another member’s code and a code for another issue', async () => {
    const code = await codeFor(member, issue.drawn);
    const foreign = await call<TextBody>(app, `/api/reader/text?code=${encodeURIComponent(code)}&issue=${issue.drawn}&page=1`, { token: other.token });
    expect(foreign.status).toBe(403);
    expect((await pageText(code, issue.imported, 1)).status).toBe(403);
    // A code replayed without the session that asked for it opens no text.
    const bare = await call<TextBody>(app, `/api/reader/text?code=${encodeURIComponent(code)}&issue=${issue.drawn}&page=1`);
    expect(bare.status).toBe(401);
    expect(bare.body.lines).toBeUndefined();
  });
});

describe('GET /api/reader/find', () => {
  const find = (code: string, issueId: number, q: string) =>
    call<{ status: string; pages: { pageNo: number; count: number; excerpt: string }[]; field?: string }>(app, `/api/reader/find?code=${encodeURIComponent(code)}&issue=${issueId}&q=${encodeURIComponent(q)}`, { token: member.token });

  it('lists every page that holds the words, case aside, with an excerpt', async () => {
    const code = await codeFor(member, issue.drawn);
    const res = await find(code, issue.drawn, 'LIGHTHOUSES');
    expect(res.status).toBe(200);
    expect(res.body.pages.map((p) => p.pageNo)).toEqual([1, 2, 3, 4]);
    expect(res.body.pages[0]).toMatchObject({ count: 1, excerpt: 'Heading of page 1 The body of page 1 tells of harbours and lighthouses.' });
    const one = await find(code, issue.drawn, 'page 3');
    expect(one.body.pages).toEqual([{ pageNo: 3, count: 2, excerpt: 'Heading of page 3 The body of page 3 tells of harbours and lighthouses.' }]);
    expect((await find(code, issue.drawn, 'submarine')).body.pages).toEqual([]);
  });

  it('answers 400 naming q when there is nothing to find, and 403 for a foreign code', async () => {
    const code = await codeFor(member, issue.drawn);
    const empty = await find(code, issue.drawn, '  ');
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('q');
    expect((await find(code, issue.imported, 'page')).status).toBe(403);
  });
});
