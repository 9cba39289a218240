import { eq } from 'drizzle-orm';
import { readerCodes } from '@/server/db/schema';
import { verifyReaderCode } from '@/server/reader/code';
import { readerCodeBody as body } from '../shared/reader-code-body';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
const member = { id: 0, token: '', library: 0 };
const school = { id: 0, token: '', library: 0 };
const expired = { id: 0, token: '', library: 0 };
const issue = { travel: 0, fashion: 0, newspaper: 0, teen: 0, gold: 0 };

beforeAll(async () => {
  app = await startTestApp();
  await createCategory(app.db, { id: 21, name: 'Travel' });
  await createCategory(app.db, { id: 22, name: 'Fashion' });
  await createCategory(app.db, { id: 52, name: 'Newspapers' });
  const open = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
  const strict = await createLibrary(app.db, { isNewspaper: 0, isJournal: 0, excludeCat: 'Fashion', ageRate: 4 });
  for (const [who, library, ends] of [
    [member, open.id, inDays(30)],
    [school, strict.id, inDays(30)],
    [expired, open.id, inDays(-1)],
  ] as const) {
    const user = await createUser(app.db);
    await addMembership(app.db, user.id, library, ends);
    who.id = user.id;
    who.library = library;
    // The expired member's token still says the membership runs: the server checks the membership itself.
    who.token = await tokenFor(user, library, inDays(30));
  }
  issue.travel = (await createMagazine(app.db, { categoryId: 21, ageRating: 3 })).issue.id;
  issue.fashion = (await createMagazine(app.db, { categoryId: 22, ageRating: 3 })).issue.id;
  issue.newspaper = (await createMagazine(app.db, { categoryId: 52, ageRating: 3 })).issue.id;
  issue.teen = (await createMagazine(app.db, { categoryId: 21, ageRating: 5 })).issue.id;
  issue.gold = (await createMagazine(app.db, { categoryId: 21, ageRating: 3, isGold: true })).issue.id;
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/user/genCode?isLib=1 (the reader code call)', () => {
  it('answers { status, code }: a signed code bound to the member, their library and the issue, recorded in reader_codes', async () => {
    const started = Date.now();
    const res = await call<{ status: string; code: string; expiresAt: string }>(app, '/api/user/genCode?isLib=1', {
      token: member.token,
      body: body(member.id, member.library, issue.travel),
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const claims = await verifyReaderCode(res.body.code);
    expect(claims).toMatchObject({ userId: member.id, libraryId: member.library, issueId: issue.travel });
    // READER_CODE_HOURS defaults to 4.
    expect(claims!.exp * 1000 - started).toBeGreaterThan(4 * 3600 * 1000 - 60_000);
    expect(claims!.exp * 1000 - started).toBeLessThan(4 * 3600 * 1000 + 60_000);
    const rows = await app.db.select().from(readerCodes).where(eq(readerCodes.jti, claims!.jti));
    expect(rows).toEqual([expect.objectContaining({ userId: member.id, libraryId: member.library, issueId: issue.travel })]);
  });

  it('makes codes that last READER_CODE_HOURS when it is set', async () => {
    process.env.READER_CODE_HOURS = '1';
    try {
      const res = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(member.id, member.library, issue.travel) });
      const claims = await verifyReaderCode(res.body.code);
      expect(claims!.exp * 1000 - Date.now()).toBeLessThan(3600 * 1000 + 60_000);
    } finally {
      delete process.env.READER_CODE_HOURS;
    }
  });

  it('is not a session token, and a session token is not a code', async () => {
    expect(await verifyReaderCode(member.token)).toBeNull();
    expect(await verifyReaderCode('not-a-code')).toBeNull();
  });

  it('answers 401 without a session and 405 for GET', async () => {
    const anonymous = await call(app, '/api/user/genCode?isLib=1', { body: body(member.id, member.library, issue.travel) });
    expect(anonymous.status).toBe(401);
    const get = await call(app, '/api/user/genCode?isLib=1', { token: member.token });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses (403) a code for another user or another library', async () => {
    const otherUser = await call(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(school.id, member.library, issue.travel) });
    expect(otherUser.status).toBe(403);
    expect(otherUser.body.field).toBe('user_id');
    const otherLibrary = await call(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(member.id, school.library, issue.travel) });
    expect(otherLibrary.status).toBe(403);
    expect(otherLibrary.body.field).toBe('lib_id');
  });

  it('refuses (403) a member whose membership has expired', async () => {
    const res = await call(app, '/api/user/genCode?isLib=1', { token: expired.token, body: body(expired.id, expired.library, issue.travel) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, message: 'Your subscription has expired' });
  });

  it('refuses (403) an issue the member’s library hides: newspapers without the flag, an excluded category', async () => {
    for (const hidden of [issue.newspaper, issue.fashion]) {
      const res = await call(app, '/api/user/genCode?isLib=1', { token: school.token, body: body(school.id, school.library, hidden) });
      expect(res.status).toBe(403);
      expect(res.body.field).toBe('issue');
    }
    const allowed = await call(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(member.id, member.library, issue.newspaper) });
    expect(allowed.status).toBe(200);
  });

  it('refuses (403) an issue above the age rating, even when the client asks for a wider one than the library allows', async () => {
    const wider = await call(app, '/api/user/genCode?isLib=1', { token: school.token, body: body(school.id, school.library, issue.teen, { ageRating: 9 }) });
    expect(wider.status).toBe(403);
    const narrower = await call(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(member.id, member.library, issue.teen, { ageRating: 4 }) });
    expect(narrower.status).toBe(403);
    const byDefault = await call(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(member.id, member.library, issue.teen, { ageRating: 0 }) });
    expect(byDefault.status).toBe(200);
  });

  it('refuses a gold title when Is Gold is 0', async () => {
    const res = await call(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(member.id, member.library, issue.gold, { 'Is Gold': 0 }) });
    expect(res.status).toBe(403);
    const gold = await call(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(member.id, member.library, issue.gold) });
    expect(gold.status).toBe(200);
  });

  it('answers 404 for an unknown issue and 400 naming the field for bad input', async () => {
    const unknown = await call(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(member.id, member.library, 987_654) });
    expect(unknown.status).toBe(404);
    for (const [overrides, field] of [
      [{ issue: 'abc' }, 'issue'],
      [{ user_id: undefined }, 'user_id'],
      [{ readtype: 'pdf' }, 'readtype'],
      [{ user_con: 'India' }, 'user_con'],
      [{ 'Is Gold': 2 }, 'Is Gold'],
    ] as const) {
      const res = await call(app, '/api/user/genCode?isLib=1', { token: member.token, body: body(member.id, member.library, issue.travel, overrides) });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const query = await call(app, '/api/user/genCode?isLib=7', { token: member.token, body: body(member.id, member.library, issue.travel) });
    expect(query.status).toBe(400);
    expect(query.body.field).toBe('isLib');
  });
});
