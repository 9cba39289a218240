import { libraryCollectionTitles } from '@/server/db/schema';
import { addPages } from './helpers/reader-factories';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';

/**
 * POST /api/user/offline/{issue} (issue 32): the server's word on keeping an issue offline, asked before a download
 * and to renew it. It answers as the reader does: the session's library, its collection and the member's age rating.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function cast() {
  const open = await createLibrary(app.db);
  const chosen = await createLibrary(app.db, { collectionMode: 'chosen' });
  const school = await createLibrary(app.db, { ageRate: 4 });
  const category = await createCategory(app.db, { name: `Offline ${open.id}` });
  const { issue } = await createMagazine(app.db, { categoryId: category.id, ageRating: 3 });
  const { issue: teen } = await createMagazine(app.db, { categoryId: category.id, ageRating: 7 });
  await addPages(app.db, issue.id, 4);
  await addPages(app.db, teen.id, 2);
  const person = async (libraryId: number, ends: Date) => {
    const user = await createUser(app.db);
    await addMembership(app.db, user.id, libraryId, ends);
    return { user, token: await tokenFor(user, libraryId, ends) };
  };
  return {
    issue,
    teen,
    member: await person(open.id, inDays(30)),
    endingSoon: await person(open.id, inDays(2)),
    ended: await person(open.id, inDays(-1)),
    otherLibrary: await person(chosen.id, inDays(30)),
    pupil: await person(school.id, inDays(30)),
    chosen,
  };
}

type Grant = { status: string; issueId: number; expiresAt: string };
const renew = (issueId: number | string, token?: string, body: Record<string, unknown> = {}) => call<Grant>(app, `/api/user/offline/${issueId}`, { token, body });

describe('POST /api/user/offline/{issue}', () => {
  it('grants a member 7 days from now, and a renewal moves the end on', async () => {
    const c = await cast();
    const before = Date.now();
    const first = await renew(c.issue.id, c.member.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'success', issueId: c.issue.id });
    const ends = Date.parse(first.body.expiresAt);
    expect(new Date(ends).toISOString()).toBe(first.body.expiresAt);
    expect(ends).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(ends).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await renew(c.issue.id, c.member.token);
    expect(Date.parse(again.body.expiresAt)).toBeGreaterThan(ends);
  });

  it('never grants past the membership’s end', async () => {
    const c = await cast();
    const res = await renew(c.issue.id, c.endingSoon.token);
    expect(res.status).toBe(200);
    const ends = Date.parse(res.body.expiresAt);
    expect(ends).toBeLessThanOrEqual(Date.now() + 2 * DAY);
    expect(ends).toBeGreaterThan(Date.now() + DAY);
  });

  it('refuses an ended membership (403) with the reader’s words', async () => {
    const c = await cast();
    const res = await renew(c.issue.id, c.ended.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, message: 'Your subscription has expired' });
  });

  it('answers 404 to a member of a library whose collection does not hold the title, until it does', async () => {
    const c = await cast();
    const res = await renew(c.issue.id, c.otherLibrary.token);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Issue not found', field: 'issue' });
    await app.db.insert(libraryCollectionTitles).values({ libraryId: c.chosen.id, magazineId: c.issue.magazineId });
    expect((await renew(c.issue.id, c.otherLibrary.token)).status).toBe(200);
  });

  it('answers 404 for an issue above the member’s age rating, and above the library’s whatever rating the browser sends', async () => {
    const c = await cast();
    // The reader's default rating (5) when the browser sends none, as the reader decides.
    expect((await renew(c.teen.id, c.member.token)).status).toBe(404);
    expect((await renew(c.teen.id, c.member.token, { ageRating: 18 })).status).toBe(200);
    expect((await renew(c.teen.id, c.pupil.token)).status).toBe(404);
    expect((await renew(c.teen.id, c.pupil.token, { ageRating: 18 })).status).toBe(404);
    expect((await renew(c.issue.id, c.pupil.token)).status).toBe(200);
  });

  it('answers 401 without a session, 400 naming the field for a bad id or rating, 404 for no such issue', async () => {
    const c = await cast();
    const none = await renew(c.issue.id);
    expect(none.status).toBe(401);
    const badId = await renew('abc', c.member.token);
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toMatch(/issue/);
    const badRating = await renew(c.issue.id, c.member.token, { ageRating: 'old' });
    expect(badRating.status).toBe(400);
    expect(JSON.stringify(badRating.body)).toMatch(/ageRating/);
    expect((await renew(2_000_000_000, c.member.token)).status).toBe(404);
  });
});
