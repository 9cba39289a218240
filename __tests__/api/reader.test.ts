// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { TEST_MEDIA_DIR, addPages } from './helpers/reader-factories';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { TOKEN_ISSUER } from '@/lib/session-token';
import { memberships, readingProgress } from '@/server/db/schema';
import { invalidate } from '@/server/cache';
import { READER_CODE_AUDIENCE } from '@/server/reader/code';
import { withAlteredSignature } from '../shared/tamper';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';
import { call, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app';

let app: TestApp;
interface Member {
  id: number;
  token: string;
  library: number;
}
const member: Member = { id: 0, token: '', library: 0 };
const other: Member = { id: 0, token: '', library: 0 };
const school: Member = { id: 0, token: '', library: 0 };
const lapsing: Member = { id: 0, token: '', library: 0 };
const issue = { travel: 0, other: 0, fashion: 0, teen: 0, fresh: 0 };

interface ReaderIssueBody {
  status: string;
  issueId: number;
  pageCount: number;
  pages: { pageNo: number; width: number; height: number; alt: string; src: string[] }[];
  lastPage: number | null;
  message?: string;
}

async function codeFor(who: Member, issueId: number): Promise<string> {
  const res = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', {
    token: who.token,
    body: { user_id: who.id, issue: issueId, lib_id: who.library, ageRating: 5, readtype: 'reader', store_id: 1, user_con: 'IN', userLang: 'en', purType: 1, isnews: 0, device: 'web', clvr: 't', 'Is Gold': 1 },
  });
  expect(res.status).toBe(200);
  return res.body.code;
}

/** A code signed with the real key but made to the test's measure (an expired one, another issue's claims). */
async function forgeCode(claims: { userId: number; libraryId: number; issueId: number; exp: number }, secret = TEST_JWT_SECRET) {
  return new SignJWT({ lib: claims.libraryId, issue: claims.issueId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setJti(crypto.randomUUID())
    .setIssuer(TOKEN_ISSUER)
    .setAudience(READER_CODE_AUDIENCE)
    .setIssuedAt(claims.exp - 3600)
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(secret));
}

/** Every saved reading place, in a fixed order: a refused progress call must leave it exactly as it was. */
const progressRows = () => app.db.select().from(readingProgress).orderBy(readingProgress.userId, readingProgress.issueId);

const readerIssue = (code: string, issueId: number, token?: string) =>
  call<ReaderIssueBody>(app, `/api/reader/issue?code=${encodeURIComponent(code)}&issue=${issueId}`, { token });

/** A page image as the reader's <img> asks for it: with the member's session (a bearer token here, the cookie in a browser). */
async function image(url: string, token: string | null = member.token) {
  const response = await fetch(`${app.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  app = await startTestApp();
  await createCategory(app.db, { id: 21, name: 'Travel' });
  await createCategory(app.db, { id: 22, name: 'Fashion' });
  const open = await createLibrary(app.db);
  const strict = await createLibrary(app.db, { excludeCat: 'Fashion', ageRate: 4 });
  for (const [who, library] of [
    [member, open.id],
    [other, open.id],
    [school, strict.id],
    [lapsing, open.id],
  ] as const) {
    const user = await createUser(app.db);
    await addMembership(app.db, user.id, library, inDays(30));
    Object.assign(who, { id: user.id, library, token: await tokenFor(user, library, inDays(30)) });
  }
  issue.travel = (await createMagazine(app.db, { categoryId: 21, ageRating: 3 })).issue.id;
  issue.other = (await createMagazine(app.db, { categoryId: 21, ageRating: 3 })).issue.id;
  issue.fashion = (await createMagazine(app.db, { categoryId: 22, ageRating: 3 })).issue.id;
  issue.teen = (await createMagazine(app.db, { categoryId: 21, ageRating: 5 })).issue.id;
  issue.fresh = (await createMagazine(app.db, { categoryId: 21, ageRating: 3 })).issue.id;
  for (const id of Object.values(issue)) await addPages(app.db, id, 12);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(TEST_MEDIA_DIR, { recursive: true, force: true });
});

describe('GET /api/reader/issue (what a code opens)', () => {
  it('answers the issue’s pages with size, alt text from the page text and three signed image addresses', async () => {
    const code = await codeFor(member, issue.travel);
    const res = await readerIssue(code, issue.travel, member.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ status: 'success', issueId: issue.travel, pageCount: 12, lastPage: null });
    expect(res.body.pages).toHaveLength(12);
    const page5 = res.body.pages[4];
    expect(page5).toMatchObject({ pageNo: 5, width: 600, height: 780 });
    expect(page5.alt).toBe('Page 5: Heading of page 5 The body of page 5 tells of harbours and lighthouses.');
    expect(page5.src).toHaveLength(3);
    // Addresses carry a signature, so knowing a page number and an id is not enough to reach an image.
    for (const src of page5.src) expect(src).toMatch(/^\/api\/reader\/page\/[^/]+\/p5x[123]-[A-Za-z0-9_-]{22}$/);
  });

  it('opens for another live session of the same member', async () => {
    const code = await codeFor(member, issue.travel);
    const secondSession = await tokenFor({ id: member.id }, member.library, inDays(30));
    expect((await readerIssue(code, issue.travel, secondSession)).status).toBe(200);
  });

  it('refuses (403) a code for another issue, another member’s code, and another library’s member', async () => {
    const code = await codeFor(member, issue.travel);
    const wrongIssue = await readerIssue(code, issue.other, member.token);
    expect(wrongIssue.status).toBe(403);
    expect(wrongIssue.body).toMatchObject({ field: 'code', message: 'This reading link belongs to another reader or another issue' });
    const wrongMember = await readerIssue(code, issue.travel, other.token);
    expect(wrongMember.status).toBe(403);
    const anotherLibrary = await readerIssue(code, issue.travel, school.token);
    expect(anotherLibrary.status).toBe(403);
  });

  it('refuses (403) an expired code, a tampered code and one signed with another key', async () => {
    const expired = await forgeCode({ userId: member.id, libraryId: member.library, issueId: issue.travel, exp: Math.floor(Date.now() / 1000) - 60 });
    const good = await codeFor(member, issue.travel);
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, issue: issue.other })).toString('base64url'), signature].join('.');
    const foreignKey = await forgeCode({ userId: member.id, libraryId: member.library, issueId: issue.travel, exp: Math.floor(Date.now() / 1000) + 600 }, 'another-secret-that-is-long-enough-for-hs256');
    for (const code of [expired, tampered, foreignKey, 'not-a-code']) {
      const res = await readerIssue(code, issue.travel, member.token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This reading link has expired or is not valid');
    }
  });

  it('refuses a member whose membership has expired since the code was issued', async () => {
    const code = await codeFor(lapsing, issue.travel);
    await app.db.update(memberships).set({ expiresAt: inDays(-0.001) }).where(eq(memberships.userId, lapsing.id));
    const res = await readerIssue(code, issue.travel, lapsing.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your subscription has expired');
  });

  it('refuses an issue hidden from the member’s library and one above its age rating, whatever the code says', async () => {
    const inFuture = Math.floor(Date.now() / 1000) + 600;
    for (const hidden of [issue.fashion, issue.teen]) {
      const code = await forgeCode({ userId: school.id, libraryId: school.library, issueId: hidden, exp: inFuture });
      const res = await readerIssue(code, hidden, school.token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ field: 'issue', message: 'This issue is not available in your library' });
    }
    // The teen issue opens for a member whose library has no age limit.
    expect((await readerIssue(await codeFor(member, issue.teen), issue.teen, member.token)).status).toBe(200);
  });

  it('answers 400 naming the field for a missing code or a bad issue id', async () => {
    const noCode = await call(app, `/api/reader/issue?issue=${issue.travel}`);
    expect(noCode).toMatchObject({ status: 400, body: { field: 'code' } });
    const badIssue = await call(app, '/api/reader/issue?code=x&issue=abc');
    expect(badIssue).toMatchObject({ status: 400, body: { field: 'issue' } });
  });
});

describe('GET /api/reader/page/{code}/{token} (page images)', () => {
  it('starts rendering the first page when a code is asked for, before the reader opens', async () => {
    const file = path.join(TEST_MEDIA_DIR, 'pages', String(issue.fresh), '1', 'view', '1.jpg');
    expect(fs.existsSync(file)).toBe(false);
    await codeFor(member, issue.fresh);
    const deadline = Date.now() + 20_000;
    while (!fs.existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.existsSync(file)).toBe(true);
    // Only the first page: the rest wait for the reader itself.
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, 'pages', String(issue.fresh), '5', 'view', '1.jpg'))).toBe(false);
  });

  it('renders the page on first request, caches it on disk at 1x/2x/3x, and marks it immutable', async () => {
    const code = await codeFor(member, issue.travel);
    const { body } = await readerIssue(code, issue.travel, member.token);
    const first = await image(body.pages[0].src[0]);
    expect(first.status).toBe(200);
    expect(first.type).toBe('image/jpeg');
    expect(first.cache).toBe('private, max-age=31536000, immutable');
    expect(first.bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, 'pages', String(issue.travel), '1', 'view', '1.jpg'))).toBe(true);
    const double = await image(body.pages[0].src[1]);
    expect(double.status).toBe(200);
    // 2x has twice the pixels each way, so more bytes.
    expect(double.bytes.length).toBeGreaterThan(first.bytes.length);
    const again = await image(body.pages[0].src[0]);
    expect(again.bytes.equals(first.bytes)).toBe(true);
  });

  it('answers 403 without a code, with an expired or altered code, or with a token made for another code, page or scale', async () => {
    const code = await codeFor(member, issue.travel);
    const { body } = await readerIssue(code, issue.travel, member.token);
    const src = body.pages[2].src[0];
    const token = src.split('/').pop()!;
    const expired = await forgeCode({ userId: member.id, libraryId: member.library, issueId: issue.travel, exp: Math.floor(Date.now() / 1000) - 60 });
    const otherCode = await codeFor(member, issue.travel);
    for (const url of [
      `/api/reader/page/-/${token}`,
      `/api/reader/page/${expired}/${token}`,
      `/api/reader/page/${withAlteredSignature(code)}/${token}`,
      `/api/reader/page/${otherCode}/${token}`,
      src.replace('/p3x1-', '/p4x1-'),
      src.replace('/p3x1-', '/p3x2-'),
      `/api/reader/page/${code}/p3x1`,
    ]) {
      expect((await image(url)).status).toBe(403);
    }
    expect((await image(src)).status).toBe(200);
  });
});

describe('a reader code is no bearer link: replayed without the session that asked for it', () => {
  /** A member of their own, so ending their sessions touches no other test. */
  async function freshReader(): Promise<Member> {
    const user = await createUser(app.db);
    const library = member.library;
    await addMembership(app.db, user.id, library, inDays(30));
    return { id: user.id, library, token: await tokenFor(user, library, inDays(30)) };
  }

  /** The issue and one page image, as a replay asks for them; neither may answer. */
  async function replay(code: string, src: string, token: string | null) {
    const opened = await readerIssue(code, issue.travel, token ?? undefined);
    const page = await image(src, token);
    return { issue: opened.status, issueBody: opened.body, page: page.status, pageType: page.type };
  }

  it('answers 401 with no session at all, and no page image', async () => {
    const reader = await freshReader();
    const code = await codeFor(reader, issue.travel);
    const { body } = await readerIssue(code, issue.travel, reader.token);
    const src = body.pages[1].src[0];
    expect((await image(src, reader.token)).status).toBe(200);
    const anonymous = await replay(code, src, null);
    expect(anonymous).toMatchObject({ issue: 401, page: 401, issueBody: { message: 'Sign in to continue' } });
    expect(anonymous.issueBody.pages).toBeUndefined();
    expect(anonymous.pageType).not.toMatch(/^image\//);
    // Nor does the progress call take the code alone.
    expect((await call(app, '/api/reader/progress', { method: 'PUT', body: { code, issue: issue.travel, page: 2 } })).status).toBe(401);
  });

  it('answers 401 after the member logs out', async () => {
    const reader = await freshReader();
    const code = await codeFor(reader, issue.travel);
    const { body } = await readerIssue(code, issue.travel, reader.token);
    const src = body.pages[0].src[0];
    expect((await call(app, '/api/user/logout', { method: 'POST', token: reader.token })).status).toBe(200);
    expect(await replay(code, src, reader.token)).toMatchObject({ issue: 401, page: 401 });
    expect(await replay(code, src, null)).toMatchObject({ issue: 401, page: 401 });
  });

  it('is refused after a password change, even with the session the change gave', async () => {
    const reader = await freshReader();
    const code = await codeFor(reader, issue.travel);
    const { body } = await readerIssue(code, issue.travel, reader.token);
    const src = body.pages[0].src[0];
    const changed = await call<{ jwtoken: string }>(app, '/api/user/managePass', { token: reader.token, body: { password: 'a quiet reading room by the river' } });
    expect(changed.status).toBe(200);
    // The old session is over (401); the new one is the member's, but the code was asked for by the old one (403).
    expect(await replay(code, src, reader.token)).toMatchObject({ issue: 401, page: 401 });
    const afterwards = await replay(code, src, changed.body.jwtoken);
    expect(afterwards).toMatchObject({ issue: 403, page: 403, issueBody: { message: 'This reading link has expired or is not valid' } });
    expect(afterwards.pageType).not.toMatch(/^image\//);
    // A code the new session asks for opens as before.
    const fresh = await codeFor({ ...reader, token: changed.body.jwtoken }, issue.travel);
    expect((await readerIssue(fresh, issue.travel, changed.body.jwtoken)).status).toBe(200);
  });

  it('refuses another member’s session the page images of a code (403)', async () => {
    const code = await codeFor(member, issue.travel);
    const { body } = await readerIssue(code, issue.travel, member.token);
    expect((await image(body.pages[0].src[0], other.token)).status).toBe(403);
  });
});

describe('PUT /api/reader/progress (resume where the member stopped)', () => {
  afterEach(async () => {
    delete process.env.CACHE_SECONDS;
    await invalidate('reading-places');
  });

  it('saves the page, and the next opening of the issue answers it as lastPage', async () => {
    // The one cache keeps the answer (as in production): saving a page must drop what was kept.
    process.env.CACHE_SECONDS = '30';
    const code = await codeFor(member, issue.other);
    expect((await readerIssue(code, issue.other, member.token)).body.lastPage).toBeNull();
    const saved = await call(app, '/api/reader/progress', { method: 'PUT', token: member.token, body: { code, issue: issue.other, page: 7 } });
    expect(saved).toMatchObject({ status: 200, body: { status: 'success', page: 7 } });
    await call(app, '/api/reader/progress', { method: 'PUT', token: member.token, body: { code, issue: issue.other, page: 9 } });
    const again = await readerIssue(await codeFor(member, issue.other), issue.other, member.token);
    expect(again.body.lastPage).toBe(9);
    await call(app, '/api/reader/progress', { method: 'PUT', token: member.token, body: { code, issue: issue.other, page: 3 } });
    expect((await readerIssue(code, issue.other, member.token)).body.lastPage).toBe(3);
    // Another member's progress is their own.
    expect((await readerIssue(await codeFor(other, issue.other), issue.other, other.token)).body.lastPage).toBeNull();
  });

  it('saves the place in a title rated above the reader’s default, at the rating the browser asks for (its ageRating cookie, as the reader page)', async () => {
    const mature = (await createMagazine(app.db, { categoryId: 21, ageRating: 7 })).issue.id;
    await addPages(app.db, mature, 12);
    const made = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', {
      token: member.token,
      headers: { Cookie: 'ageRating=7' },
      body: { user_id: member.id, issue: mature, lib_id: member.library, ageRating: 7, readtype: 'reader', store_id: 1, user_con: 'IN', userLang: 'en', purType: 1, isnews: 0, device: 'web', clvr: 't', 'Is Gold': 1 },
    });
    expect(made.status).toBe(200);
    const saved = await call(app, '/api/reader/progress', { method: 'PUT', token: member.token, headers: { Cookie: 'ageRating=7' }, body: { code: made.body.code, issue: mature, page: 2 } });
    expect(saved).toMatchObject({ status: 200, body: { page: 2 } });
    // Without the cookie the reader's default rating (5) applies, and the title is not one the member reads there.
    expect((await call(app, '/api/reader/progress', { method: 'PUT', token: member.token, body: { code: made.body.code, issue: mature, page: 3 } })).status).toBe(403);
  });

  it('refuses a bad code (403), a code for another issue (403) and a page beyond the issue (400 naming page), saving nothing', async () => {
    const code = await codeFor(member, issue.other);
    expect((await call(app, '/api/reader/progress', { method: 'PUT', token: member.token, body: { code, issue: issue.other, page: 4 } })).status).toBe(200);
    const before = await progressRows();
    expect(before).toContainEqual(expect.objectContaining({ userId: member.id, issueId: issue.other, page: 4 }));

    const bad = await call(app, '/api/reader/progress', { method: 'PUT', token: member.token, body: { code: 'nope', issue: issue.other, page: 2 } });
    expect(bad.status).toBe(403);
    expect(bad.body).toMatchObject({ field: 'code', message: 'This reading link has expired or is not valid' });
    const travelCode = await codeFor(member, issue.travel);
    const foreign = await call(app, '/api/reader/progress', { method: 'PUT', token: member.token, body: { code: travelCode, issue: issue.other, page: 2 } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ field: 'code', message: 'This reading link belongs to another reader or another issue' });
    const beyond = await call(app, '/api/reader/progress', { method: 'PUT', token: member.token, body: { code, issue: issue.other, page: 13 } });
    expect(beyond).toMatchObject({ status: 400, body: { field: 'page' } });

    // No row added, none moved to another page (the saved page 4 stands), none even touched.
    expect(await progressRows()).toEqual(before);
  });
});
