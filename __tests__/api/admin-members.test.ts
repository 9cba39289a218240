import { and, eq, sql } from 'drizzle-orm';
import { accessCodeUses, externalIdentities, memberships, users } from '@/server/db/schema';
import { readerCodeBody } from '../shared/reader-code-body';
import { call, startTestApp, type TestApp } from './helpers/app';
import { client } from './helpers/accounts';
import { consoleCast, lastAudit, type ConsoleCast } from './helpers/console';
import { addMembership, createCategory, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
let cast: ConsoleCast;
let issueId = 0;
beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
  await createCategory(app.db, { id: 21, name: 'Travel' });
  issueId = (await createMagazine(app.db, { categoryId: 21, ageRating: 3 })).issue.id;
});
afterAll(async () => {
  await app.close();
});

const membersOf = (libraryId: number) => `/api/admin/libraries/${libraryId}/members`;
const countRows = async () => {
  const [row] = await app.db.select({ users: sql<number>`(select count(*)::int from users)`, memberships: sql<number>`(select count(*)::int from memberships)` }).from(sql`(select 1) as one`);
  return row;
};

describe('library boundaries on /api/admin/libraries/:id/members', () => {
  it('401 signed out, 403 for a member, 403 for staff of A on B, 200 for staff on A and for the operator', async () => {
    expect((await call(app, membersOf(cast.libraryA.id))).status).toBe(401);
    expect((await call(app, membersOf(cast.libraryA.id), { token: cast.tokens.member })).status).toBe(403);
    const other = await call(app, membersOf(cast.libraryB.id), { token: cast.tokens.staffA });
    expect(other).toMatchObject({ status: 403, body: { message: 'You are not staff of this library.' } });
    const otherWrite = await call(app, membersOf(cast.libraryB.id), { token: cast.tokens.staffA, body: { email: 'x@example.test', endDate: '2030-01-01' } });
    expect(otherWrite.status).toBe(403);
    expect((await call(app, membersOf(cast.libraryA.id), { token: cast.tokens.staffA })).status).toBe(200);
    expect((await call(app, membersOf(cast.libraryB.id), { token: cast.tokens.operator })).status).toBe(200);
  });

  it('names the bad field (400), never a 500', async () => {
    expect((await call(app, '/api/admin/libraries/abc/members', { token: cast.tokens.operator })).body).toMatchObject({ status: 400, field: 'libraryId' });
    expect((await call(app, `${membersOf(cast.libraryA.id)}?pageSize=1000`, { token: cast.tokens.operator })).body).toMatchObject({ status: 400, field: 'pageSize' });
    const badDate = await call(app, membersOf(cast.libraryA.id), { token: cast.tokens.operator, body: { email: 'new@example.test', endDate: '2026-02-30' } });
    expect(badDate.body).toMatchObject({ status: 400, field: 'endDate' });
    const nobody = await call(app, membersOf(cast.libraryA.id), { token: cast.tokens.operator, body: { endDate: '2030-01-01' } });
    expect(nobody.body).toMatchObject({ status: 400, field: 'email' });
  });
});

describe('finding and adding members', () => {
  it('adds a member by email (audited), refuses a second add (409), and finds them by name, email or card, a page at a time', async () => {
    const added = await call<{ member: { userId: number; expiresAt: string; active: boolean } }>(app, membersOf(cast.libraryA.id), {
      token: cast.tokens.staffA,
      body: { email: 'Grace.Hopper@Example.test', firstName: 'Grace', lastName: 'Hopper', endDate: '2030-06-30' },
    });
    expect(added.status).toBe(200);
    expect(added.body.member).toMatchObject({ expiresAt: '2030-06-30T23:59:59.000Z', active: true });
    const audit = await lastAudit(app.db, 'member.add', `member:${added.body.member.userId}`);
    expect(audit).toMatchObject({ actorUserId: cast.staffA.id, libraryId: cast.libraryA.id, before: null, after: { email: 'grace.hopper@example.test', newAccount: true } });
    const again = await call(app, membersOf(cast.libraryA.id), { token: cast.tokens.staffA, body: { email: 'grace.hopper@example.test', endDate: '2031-01-01' } });
    expect(again.status).toBe(409);

    const byCard = await call(app, membersOf(cast.libraryA.id), { token: cast.tokens.staffA, body: { cardNumber: 'a-7731', firstName: 'Card', lastName: 'Holder', endDate: '2030-01-01' } });
    expect(byCard.status).toBe(200);

    type Page = { members: { email: string | null; firstName: string }[]; total: number };
    const find = async (q: string) => (await call<Page>(app, `${membersOf(cast.libraryA.id)}?q=${encodeURIComponent(q)}`, { token: cast.tokens.staffA })).body;
    expect((await find('hopp')).members.map((m) => m.email)).toEqual(['grace.hopper@example.test']);
    expect((await find('GRACE.HOPPER@')).total).toBe(1);
    expect((await find('A-7731')).members.map((m) => m.firstName)).toEqual(['Card']);
    expect((await find('100%_')).total).toBe(0);
    // Library B's staff search never sees library A's members.
    expect((await call<Page>(app, `${membersOf(cast.libraryB.id)}?q=hopper`, { token: cast.tokens.operator })).body.total).toBe(0);

    const firstPage = await call<Page>(app, `${membersOf(cast.libraryA.id)}?pageSize=1&page=0`, { token: cast.tokens.staffA });
    const secondPage = await call<Page>(app, `${membersOf(cast.libraryA.id)}?pageSize=1&page=1`, { token: cast.tokens.staffA });
    expect(firstPage.body.members).toHaveLength(1);
    expect(firstPage.body.total).toBe(3);
    expect(secondPage.body.members[0]).not.toEqual(firstPage.body.members[0]);
  });
});

describe('membership end dates', () => {
  it('a member whose end is moved into the future reads again at once, with the token they already had; ending it stops them at once', async () => {
    const reader = await createUser(app.db);
    await addMembership(app.db, reader.id, cast.libraryA.id, inDays(-2));
    const token = await tokenFor(reader, cast.libraryA.id, inDays(-2));
    const read = () => call(app, '/api/user/genCode?isLib=1', { token, body: readerCodeBody(reader.id, cast.libraryA.id, issueId) });
    expect((await read()).body).toMatchObject({ status: 403, message: 'Your subscription has expired' });

    const moved = await call(app, `${membersOf(cast.libraryA.id)}/${reader.id}`, { method: 'PUT', token: cast.tokens.staffA, body: { endDate: '2031-12-31' } });
    expect(moved.status).toBe(200);
    expect((await read()).body).toMatchObject({ status: 'success' });
    const audit = await lastAudit(app.db, 'member.end_date', `member:${reader.id}`);
    expect(audit?.after).toMatchObject({ expiresAt: '2031-12-31T23:59:59.000Z', active: true });
    expect(audit?.before).toMatchObject({ active: false });

    const ended = await call(app, `${membersOf(cast.libraryA.id)}/${reader.id}/end`, { method: 'POST', token: cast.tokens.staffA, body: {} });
    expect(ended.body).toMatchObject({ member: { active: false } });
    expect((await read()).body).toMatchObject({ status: 403 });
    expect(await lastAudit(app.db, 'member.end', `member:${reader.id}`)).toMatchObject({ before: { active: true }, after: { active: false } });

    expect((await call(app, `${membersOf(cast.libraryB.id)}/${reader.id}`, { method: 'PUT', token: cast.tokens.operator, body: { endDate: '2031-12-31' } })).status).toBe(404);
  });
});

describe('deleting a member', () => {
  it('deletes the account and what is tied to it, audited; staff cannot delete someone who also reads through another library', async () => {
    const leaving = await createUser(app.db, { email: 'leaving@example.test' });
    await addMembership(app.db, leaving.id, cast.libraryA.id, inDays(10));
    const shared = await createUser(app.db);
    await addMembership(app.db, shared.id, cast.libraryA.id, inDays(10));
    await addMembership(app.db, shared.id, cast.libraryB.id, inDays(10));

    const refused = await call(app, `${membersOf(cast.libraryA.id)}/${shared.id}`, { method: 'DELETE', token: cast.tokens.staffA });
    expect(refused.status).toBe(403);
    expect(await app.db.select().from(users).where(eq(users.id, shared.id))).toHaveLength(1);
    expect(await lastAudit(app.db, 'member.delete', `member:${shared.id}`)).toBeNull();

    const deleted = await call(app, `${membersOf(cast.libraryA.id)}/${leaving.id}`, { method: 'DELETE', token: cast.tokens.staffA });
    expect(deleted.body).toMatchObject({ status: 'success', userId: leaving.id, removed: { memberships: 1 } });
    expect(await app.db.select().from(users).where(eq(users.id, leaving.id))).toHaveLength(0);
    expect(await lastAudit(app.db, 'member.delete', `member:${leaving.id}`)).toMatchObject({ before: { email: 'leaving@example.test' } });

    expect((await call(app, `${membersOf(cast.libraryA.id)}/${shared.id}`, { method: 'DELETE', token: cast.tokens.operator })).status).toBe(200);
  });
});

describe('CSV import', () => {
  type Report = { summary: Record<string, number>; rows: { line: number; outcome: string; reason: string; identifier: string }[] };
  const preview = (libraryId: number, csv: string, token = cast.tokens.staffA) =>
    call<Report>(app, `/api/admin/libraries/${libraryId}/member-import/preview`, { token, body: { csv } });
  const commit = (libraryId: number, csv: string, token = cast.tokens.staffA) => call<Report>(app, `/api/admin/libraries/${libraryId}/member-import`, { token, body: { csv } });

  it('previews good and bad rows with the reason, writes nothing until committed, then commits them in one go (audited)', async () => {
    const existing = await createUser(app.db, { email: 'existing.member@example.test' });
    await addMembership(app.db, existing.id, cast.libraryA.id, new Date('2027-01-31T23:59:59Z'));
    const same = await createUser(app.db, { email: 'same.date@example.test' });
    await addMembership(app.db, same.id, cast.libraryA.id, new Date('2028-05-01T23:59:59Z'));
    const csv = [
      'email,card number,name,end_date',
      'new.one@example.test,,"Ada, Countess Lovelace",2030-01-31',
      'EXISTING.member@example.test,,Existing Member,2029-12-31',
      'same.date@example.test,,Same Date,2028-05-01',
      'not-an-email,,Bad Email,2030-01-01',
      ',CARD-555,Card Reader,2030-02-01',
      'new.one@example.test,,Repeated,2030-01-31',
      'late@example.test,,Bad Date,31/01/2030',
      ',,Nobody,2030-01-01',
    ].join('\r\n');
    const before = await countRows();
    const shown = await preview(cast.libraryA.id, csv);
    expect(shown.status).toBe(200);
    expect(shown.body.summary).toEqual({ rows: 8, add: 2, change: 1, unchanged: 1, refuse: 4 });
    expect(shown.body.rows.map((row) => [row.line, row.outcome, row.reason])).toEqual([
      [2, 'add', 'new account, joins this library'],
      [3, 'change', 'membership end 2027-01-31 → 2029-12-31'],
      [4, 'unchanged', 'already a member until that date'],
      [5, 'refuse', 'the email is not a valid address'],
      [6, 'add', 'new account, joins this library'],
      [7, 'refuse', 'the same member is on line 2'],
      [8, 'refuse', 'the end date is not a date written YYYY-MM-DD'],
      [9, 'refuse', 'no email or card number'],
    ]);
    // The operator cancels: nothing was written.
    expect(await countRows()).toEqual(before);
    expect(await lastAudit(app.db, 'member.import')).toBeNull();

    const done = await commit(cast.libraryA.id, csv);
    expect(done.body.summary).toEqual(shown.body.summary);
    const after = await countRows();
    expect(after.users).toBe(before.users + 2);
    expect(after.memberships).toBe(before.memberships + 2);
    const [moved] = await app.db.select().from(memberships).where(and(eq(memberships.userId, existing.id), eq(memberships.libraryId, cast.libraryA.id)));
    expect(moved.expiresAt.toISOString()).toBe('2029-12-31T23:59:59.000Z');
    const [ada] = await app.db.select().from(users).where(eq(users.email, 'new.one@example.test'));
    expect(ada).toMatchObject({ firstName: 'Ada, Countess', lastName: 'Lovelace' });
    const cards = await app.db.select().from(externalIdentities).where(and(eq(externalIdentities.kind, 'card'), eq(externalIdentities.libraryId, cast.libraryA.id)));
    expect(cards.length).toBeGreaterThanOrEqual(1);
    expect(await lastAudit(app.db, 'member.import', `library:${cast.libraryA.id}`)).toMatchObject({ actorUserId: cast.staffA.id, after: { add: 2, change: 1, refuse: 4 } });

    // The same file again changes nothing.
    expect((await preview(cast.libraryA.id, csv)).body.summary).toMatchObject({ add: 0, change: 0, unchanged: 4 });
  });

  it('refuses a file it cannot read (400 naming csv) and staff of another library (403)', async () => {
    expect((await preview(cast.libraryA.id, 'name,end_date\nA,2030-01-01')).body).toMatchObject({ status: 400, field: 'csv' });
    expect((await preview(cast.libraryA.id, 'email,name\na@example.test,A')).body).toMatchObject({ status: 400, field: 'csv' });
    expect((await commit(cast.libraryB.id, 'email,end_date\na@example.test,2030-01-01')).status).toBe(403);
    expect((await preview(cast.libraryA.id, 'email,end_date\na@example.test,2030-01-01', cast.tokens.member)).status).toBe(403);
  });

  it('imports a 10,000-row file in one transaction', async () => {
    const lines = ['email,name,end_date'];
    for (let i = 0; i < 10_000; i += 1) lines.push(`bulk${i}@example.test,Bulk Member ${i},2030-03-01`);
    const csv = lines.join('\n');
    const shown = await preview(cast.libraryB.id, csv, cast.tokens.operator);
    expect(shown.body.summary).toMatchObject({ rows: 10_000, add: 10_000 });
    const done = await commit(cast.libraryB.id, csv, cast.tokens.operator);
    expect(done.status).toBe(200);
    const [{ count }] = await app.db.select({ count: sql<number>`count(*)::int` }).from(memberships).where(eq(memberships.libraryId, cast.libraryB.id));
    expect(count).toBeGreaterThanOrEqual(10_000);
    const page = await call<{ total: number; members: unknown[] }>(app, `${membersOf(cast.libraryB.id)}?q=bulk99&pageSize=100`, { token: cast.tokens.operator });
    expect(page.body.total).toBe(111); // bulk99, bulk990-999, bulk9900-9999
    expect(page.body.members).toHaveLength(100);
  }, 120_000);
});

describe('access codes', () => {
  it('a code limited to 2 uses works twice, then refuses with a clear message; its uses are listed; a revoked code is refused', async () => {
    const made = await call<{ code: { id: number; code: string; usesLeft: number } }>(app, `/api/admin/libraries/${cast.libraryA.id}/access-codes`, {
      token: cast.tokens.staffA,
      body: { code: 'twice-only', days: 30, useLimit: 2, expiresOn: '2031-01-01' },
    });
    expect(made.body.code).toMatchObject({ code: 'TWICE-ONLY', usesLeft: 2 });
    expect(await lastAudit(app.db, 'access_code.create', `access_code:${made.body.code.id}`)).toMatchObject({ after: { code: 'TWICE-ONLY', useLimit: 2 } });
    const redeem = async () => {
      const person = await createUser(app.db);
      return client(app).call('/api/user/validatecoupon', { token: await tokenFor(person, 0, null), body: { coupon: 'TWICE-ONLY' } });
    };
    expect((await redeem()).status).toBe(200);
    expect((await redeem()).status).toBe(200);
    const third = await redeem();
    expect(third.body).toEqual({ status: 400, message: 'This access code has already been used as many times as it allows.', field: 'coupon' });

    const uses = await call<{ uses: unknown[]; code: { uses: number } }>(app, `/api/admin/libraries/${cast.libraryA.id}/access-codes/${made.body.code.id}`, { token: cast.tokens.staffA });
    expect(uses.body.uses).toHaveLength(2);
    expect(await app.db.select().from(accessCodeUses).where(eq(accessCodeUses.accessCodeId, made.body.code.id))).toHaveLength(2);
    expect((await call(app, `/api/admin/libraries/${cast.libraryB.id}/access-codes/${made.body.code.id}`, { token: cast.tokens.operator })).status).toBe(404);

    const open = await call<{ code: { id: number; code: string } }>(app, `/api/admin/libraries/${cast.libraryA.id}/access-codes`, { token: cast.tokens.staffA, body: { days: 30, useLimit: 100 } });
    expect(open.body.code.code).toMatch(/^[A-Z2-9]{10}$/);
    const revoked = await call(app, `/api/admin/libraries/${cast.libraryA.id}/access-codes/${open.body.code.id}`, { method: 'DELETE', token: cast.tokens.staffA });
    expect(revoked.body).toMatchObject({ code: { revokedAt: expect.any(String) } });
    expect(await lastAudit(app.db, 'access_code.revoke', `access_code:${open.body.code.id}`)).toMatchObject({ before: { revokedAt: null } });
    const person = await createUser(app.db);
    const refused = await client(app).call('/api/user/validatecoupon', { token: await tokenFor(person, 0, null), body: { coupon: open.body.code.code } });
    expect(refused.body).toMatchObject({ status: 400, message: 'This access code has been withdrawn by the library.' });

    expect((await call(app, `/api/admin/libraries/${cast.libraryB.id}/access-codes`, { token: cast.tokens.staffA })).status).toBe(403);
    expect((await call(app, `/api/admin/libraries/${cast.libraryA.id}/access-codes`, { token: cast.tokens.staffA, body: { days: 0, useLimit: 1 } })).body).toMatchObject({ field: 'days' });
    const list = await call<{ codes: { code: string; uses: number }[] }>(app, `/api/admin/libraries/${cast.libraryA.id}/access-codes`, { token: cast.tokens.staffA });
    expect(list.body.codes.find((code) => code.code === 'TWICE-ONLY')).toMatchObject({ uses: 2 });
  });
});
