import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { favourites, libraries } from '@/server/db/schema';
import { readerCodeBody } from '../shared/reader-code-body';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, lastAudit, type ConsoleCast } from './helpers/console';
import { addMembership, createCategory, createMagazine, createStory, createUser, inDays, tokenFor } from './helpers/factories';
import { ensureSearchLanguage } from './helpers/search-factories';

let app: TestApp;
let cast: ConsoleCast;
const TRAVEL = 21;
const SCIENCE = 31;
const titles = { kept: { mid: 0, issue: 0 }, dropped: { mid: 0, issue: 0 }, science: { mid: 0, issue: 0 } };
let reader = { id: 0, token: '' };
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-media-'));

beforeAll(async () => {
  process.env.MEDIA_DIR = mediaDir;
  app = await startTestApp();
  cast = await consoleCast(app.db);
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: TRAVEL, name: 'Travel' });
  await createCategory(app.db, { id: SCIENCE, name: 'Science' });
  for (const [key, name, categoryId] of [
    ['kept', 'Harbour Walks Monthly', TRAVEL],
    ['dropped', 'Harbour Sailing Weekly', TRAVEL],
    ['science', 'Harbour Science Review', SCIENCE],
  ] as const) {
    const { magazine, issue } = await createMagazine(app.db, { name, categoryId, ageRating: 3 });
    titles[key] = { mid: magazine.id, issue: issue.id };
    await createStory(app.db, { magazineId: magazine.id, issueId: issue.id, categoryId, title: `${name} story` });
  }
  const user = await createUser(app.db);
  await addMembership(app.db, user.id, cast.libraryA.id, inDays(30));
  reader = { id: user.id, token: await tokenFor(user, cast.libraryA.id, inDays(30)) };
  await app.db.insert(favourites).values([titles.kept, titles.dropped, titles.science].map((t) => ({ userId: user.id, magazineId: t.mid })));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const listingIds = async () => {
  const ids: number[] = [];
  for (const category of [TRAVEL, SCIENCE]) {
    const res = await call<Record<string, unknown>>(app, `/api/catalogue/magazine-filter?categoryID=${category}&gold=1&storeID=1&page=1`, { token: reader.token });
    const items = (res.body.data ?? res.body.hits ?? res.body.magazines ?? []) as { mid?: number; magId?: number; id?: number }[];
    ids.push(...items.map((item) => Number(item.mid ?? item.magId ?? item.id)));
  }
  return ids;
};
const searchIds = async () => {
  const res = await call<{ hits: { mid: number }[] }>(app, '/api/catalogue/magazine-search?q=harbour&p=0&isGold=1', { token: reader.token });
  return res.body.hits.map((hit) => hit.mid);
};
const favouriteIds = async () => {
  const res = await call<{ msg: { mid: { values: number[] } }[] }>(app, '/api/user/getMyFav', { token: reader.token, body: { uid: reader.id, os: 'web' } });
  return res.body.msg[0].mid.values;
};
const storyTitles = async () => {
  const names: string[] = [];
  for (const category of [TRAVEL, SCIENCE]) {
    const res = await call<{ Articles: { magname: string }[] }>(app, `/api/article/v1/article?storeID=1&catID=${category}&categoryID=${category}&page=0`, { token: reader.token });
    names.push(...res.body.Articles.map((story) => story.magname));
  }
  return names;
};
const NAMES = { kept: 'Harbour Walks Monthly', dropped: 'Harbour Sailing Weekly', science: 'Harbour Science Review' };
const genCode = (issueId: number) => call(app, '/api/user/genCode?isLib=1', { token: reader.token, body: readerCodeBody(reader.id, cast.libraryA.id, issueId) });

describe('library settings', () => {
  it('lets staff edit their library (audited, secrets never sent back) and not another; only operators create libraries', async () => {
    const edited = await call<{ library: Record<string, unknown> }>(app, `/api/admin/libraries/${cast.libraryA.id}`, {
      method: 'PUT',
      token: cast.tokens.staffA,
      body: { name: 'Library A (renamed)', supportEmail: 'help@library-a.test', guestAccess: true, guestDays: 14, ageRate: 5, excludeCategories: ['Fashion'], isNewspaper: false, signInMethods: ['email'], oidcClientSecret: 'very-secret' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.library).toMatchObject({ name: 'Library A (renamed)', guestDays: 14, ageRate: 5, excludeCat: 'Fashion', isNewspaper: false, signInMethods: ['email'], oidcClientSecretSet: true });
    expect(JSON.stringify(edited.body)).not.toContain('very-secret');
    const audit = await lastAudit(app.db, 'library.update', `library:${cast.libraryA.id}`);
    expect(audit).toMatchObject({ actorUserId: cast.staffA.id, before: { name: 'Library A', oidcClientSecretSet: false }, after: { name: 'Library A (renamed)' } });
    expect(JSON.stringify(audit)).not.toContain('very-secret');
    const [row] = await app.db.select().from(libraries).where(eq(libraries.id, cast.libraryA.id));
    expect(row).toMatchObject({ excludeCat: 'Fashion', isNewspaper: 0, oidcClientSecret: 'very-secret' });
    // Put back what the visibility tests below rely on.
    await call(app, `/api/admin/libraries/${cast.libraryA.id}`, { method: 'PUT', token: cast.tokens.staffA, body: { ageRate: 0, excludeCategories: [], isNewspaper: true } });

    expect((await call(app, `/api/admin/libraries/${cast.libraryB.id}`, { method: 'PUT', token: cast.tokens.staffA, body: { name: 'Taken over' } })).status).toBe(403);
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}`, { method: 'PUT', token: cast.tokens.member, body: { name: 'x' } })).status).toBe(403);
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}`, { method: 'PUT', token: cast.tokens.staffA, body: { guestDays: 0 } })).body).toMatchObject({ status: 400, field: 'guestDays' });
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}`, { method: 'PUT', token: cast.tokens.staffA, body: { supportEmail: 'nope' } })).body).toMatchObject({ status: 400, field: 'supportEmail' });

    expect((await call(app, '/api/admin/library-create', { token: cast.tokens.staffA, body: { name: 'New' } })).status).toBe(403);
    const made = await call<{ library: { id: number; name: string } }>(app, '/api/admin/library-create', { token: cast.tokens.operator, body: { name: 'Westside Branch', guestAccess: false } });
    expect(made.body.library.name).toBe('Westside Branch');
    expect(await lastAudit(app.db, 'library.create', `library:${made.body.library.id}`)).toMatchObject({ actorUserId: cast.operator.id });
  });

  it('takes a logo as an uploaded image, checked from its content and drawn at the header’s sizes', async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#225588' } }).png().toBuffer();
    const upload = (body: Buffer, slot = 'logo1', token = cast.tokens.staffA) =>
      fetch(`${app.baseUrl}/api/admin/libraries/${cast.libraryA.id}/images/${slot}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' }, body: new Uint8Array(body) });
    const done = await upload(png);
    expect(done.status).toBe(200);
    const { library } = (await done.json()) as { library: { logo1: string } };
    expect(library.logo1).toMatch(new RegExp(`^logos/${cast.libraryA.id}-logo1-[0-9a-f]{12}$`));
    for (const [scale, width, height] of [[1, 180, 48], [3, 540, 144]]) {
      const meta = await sharp(path.join(mediaDir, library.logo1, 'view', `${scale}.jpg`)).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
    const banner = await upload(png, 'logoBanner2');
    const { library: withBanner } = (await banner.json()) as { library: { logoBanner2: string } };
    expect((await sharp(path.join(mediaDir, withBanner.logoBanner2, 'view', '1.jpg')).metadata()).width).toBe(600);
    expect(await lastAudit(app.db, 'library.image', `library:${cast.libraryA.id}`)).toMatchObject({ after: { logoBanner2: withBanner.logoBanner2 } });

    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.status).toBe(400);
    expect(await svg.json()).toMatchObject({ field: 'file' });
    const pdfNamedPng = await upload(Buffer.from('%PDF-1.7\n...'));
    expect(pdfNamedPng.status).toBe(400);
    expect((await upload(Buffer.alloc(6 * 1024 * 1024, 1))).status).toBe(413);
    expect((await upload(png, 'favicon')).status).toBe(400);
    expect((await upload(png, 'logo1', cast.tokens.member)).status).toBe(403);
  });
});

describe('the library’s collection', () => {
  it('a title outside the collection disappears from listings, search, favourites, stories and reader codes; back with "all"', async () => {
    expect(await listingIds()).toEqual(expect.arrayContaining([titles.kept.mid, titles.dropped.mid, titles.science.mid]));
    expect(await storyTitles()).toEqual(expect.arrayContaining([NAMES.kept, NAMES.dropped, NAMES.science]));
    expect(await favouriteIds()).toContain(titles.dropped.mid);
    expect((await genCode(titles.dropped.issue)).status).toBe(200);

    const set = await call(app, `/api/admin/libraries/${cast.libraryA.id}/collection`, {
      method: 'PUT',
      token: cast.tokens.staffA,
      body: { mode: 'chosen', titleIds: [titles.kept.mid], categoryIds: [SCIENCE] },
    });
    expect(set.status).toBe(200);
    expect(await lastAudit(app.db, 'library.collection', `library:${cast.libraryA.id}`)).toMatchObject({ before: { mode: 'all' }, after: { mode: 'chosen', titleIds: [titles.kept.mid], categoryIds: [SCIENCE] } });

    const ids = await listingIds();
    expect(ids).toEqual(expect.arrayContaining([titles.kept.mid, titles.science.mid]));
    expect(ids).not.toContain(titles.dropped.mid);
    expect(await searchIds()).not.toContain(titles.dropped.mid);
    expect(await searchIds()).toContain(titles.kept.mid);
    expect(await favouriteIds()).not.toContain(titles.dropped.mid);
    expect(await favouriteIds()).toContain(titles.kept.mid);
    expect(await storyTitles()).not.toContain(NAMES.dropped);
    expect(await storyTitles()).toEqual(expect.arrayContaining([NAMES.kept, NAMES.science]));
    expect((await genCode(titles.dropped.issue)).body).toMatchObject({ status: 403, message: 'This issue is not available in your library' });
    expect((await genCode(titles.kept.issue)).status).toBe(200);
    expect((await call(app, `/api/catalogue/getIssuesByMag?mid=${titles.dropped.mid}`, { token: reader.token })).status).not.toBe(500);

    // Library B keeps every title.
    expect((await call(app, `/api/admin/libraries/${cast.libraryB.id}/collection`, { method: 'PUT', token: cast.tokens.staffA, body: { mode: 'all' } })).status).toBe(403);
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}/collection`, { method: 'PUT', token: cast.tokens.staffA, body: { mode: 'chosen', titleIds: [999_999_999] } })).body).toMatchObject({ field: 'titleIds' });

    await call(app, `/api/admin/libraries/${cast.libraryA.id}/collection`, { method: 'PUT', token: cast.tokens.staffA, body: { mode: 'all' } });
    expect(await listingIds()).toContain(titles.dropped.mid);
  });
});

describe('withdrawing an issue', () => {
  it('hides it at once everywhere and refuses reader codes, until restored; operators only; audited', async () => {
    expect((await call(app, `/api/admin/issues/${titles.science.issue}/withdraw`, { token: cast.tokens.staffA, body: {} })).status).toBe(403);
    const withdrawn = await call(app, `/api/admin/issues/${titles.science.issue}/withdraw`, { token: cast.tokens.operator, body: {} });
    expect(withdrawn.body).toMatchObject({ status: 'success', issue: { id: titles.science.issue, withdrawnAt: expect.any(String) } });
    expect(await lastAudit(app.db, 'issue.withdraw', `issue:${titles.science.issue}`)).toMatchObject({ actorUserId: cast.operator.id, before: { withdrawnAt: null } });

    expect((await genCode(titles.science.issue)).status).toBe(403);
    expect(await storyTitles()).not.toContain(NAMES.science);
    expect(await storyTitles()).toContain(NAMES.kept);
    const issuesOf = await call<{ data?: unknown[] }>(app, `/api/catalogue/getIssuesByMag?mid=${titles.science.mid}`, { token: reader.token });
    expect(JSON.stringify(issuesOf.body)).not.toContain(String(titles.science.issue));
    const consoleList = await call<{ issues: { id: number; withdrawnAt: string | null }[] }>(app, `/api/admin/titles/${titles.science.mid}/issues`, { token: cast.tokens.operator });
    expect(consoleList.body.issues[0]).toMatchObject({ id: titles.science.issue, withdrawnAt: expect.any(String) });

    await call(app, `/api/admin/issues/${titles.science.issue}/restore`, { token: cast.tokens.operator, body: {} });
    expect((await genCode(titles.science.issue)).status).toBe(200);
    expect(await lastAudit(app.db, 'issue.restore', `issue:${titles.science.issue}`)).toMatchObject({ after: { withdrawnAt: null } });
    expect((await call(app, '/api/admin/issues/999999999/withdraw', { token: cast.tokens.operator, body: {} })).status).toBe(404);
  });
});

describe('correcting metadata', () => {
  it('corrects a title and an issue (audited), naming a bad field', async () => {
    const title = await call(app, `/api/admin/titles/${titles.kept.mid}`, { method: 'PUT', token: cast.tokens.operator, body: { publisher: 'Harbour Press', issn: '1234-5679' } });
    expect(title.body).toMatchObject({ title: { publisher: 'Harbour Press', issn: '1234-5679' } });
    expect(await lastAudit(app.db, 'title.update', `title:${titles.kept.mid}`)).toMatchObject({ after: { publisher: 'Harbour Press' } });
    expect((await call(app, `/api/admin/titles/${titles.kept.mid}`, { method: 'PUT', token: cast.tokens.operator, body: { categoryId: 424242 } })).body).toMatchObject({ status: 400, field: 'categoryId' });
    expect((await call(app, `/api/admin/titles/${titles.kept.mid}`, { method: 'PUT', token: cast.tokens.staffA, body: { publisher: 'x' } })).status).toBe(403);
    const issue = await call(app, `/api/admin/issues/${titles.kept.issue}`, { method: 'PUT', token: cast.tokens.operator, body: { name: 'December 2026', issueDate: '2026-12-01' } });
    expect(issue.body).toMatchObject({ issue: { name: 'December 2026', issueDate: '2026-12-01' } });
    expect((await call(app, `/api/admin/issues/${titles.kept.issue}`, { method: 'PUT', token: cast.tokens.operator, body: { issueDate: '2026-13-01' } })).body).toMatchObject({ field: 'issueDate' });
    const found = await call<{ titles: { id: number }[] }>(app, '/api/admin/titles?q=walks', { token: cast.tokens.staffA });
    expect(found.body.titles.map((t) => t.id)).toEqual([titles.kept.mid]);
  });
});
