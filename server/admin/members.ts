import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isValidEmail, normaliseEmail } from '@/lib/email';
import type { ImportRowReport, MemberImportOutcome, MemberRow } from '@/lib/wire';
import { hashSecret } from '../auth/secrets';
import { invalidate } from '../cache';
import { getDb, type Database } from '../db/client';
import { externalIdentities, memberships, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { deleteAccount } from '../user/delete-account';
import { canManageLibrary, type StaffAccess } from '../context';
import { audit, type Actor, type Executor } from './audit';
import { parseCsv } from './csv';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];


const memberColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  mobile: users.mobile,
  userType: users.userType,
  expiresAt: memberships.expiresAt,
};

function present(row: { userId: number; firstName: string; lastName: string; email: string | null; mobile: string | null; userType: string; expiresAt: Date }): MemberRow {
  return { ...row, expiresAt: row.expiresAt.toISOString(), active: row.expiresAt.getTime() > Date.now() };
}

/** A library card number as stored: upper case, hashed with the pepper (as card sign-in stores it). */
export function cardSubject(cardNumber: string): string {
  return hashSecret(cardNumber.trim().toUpperCase());
}

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * One page of a library's members, found by name, email, mobile or library card (a card is stored hashed, so it
 * matches whole). Paged in SQL; nothing reads every row.
 */
export async function findMembers(libraryId: number, q: string | undefined, page: number, pageSize: number) {
  const conditions: SQL[] = [eq(memberships.libraryId, libraryId)];
  const text = q?.trim();
  if (text) {
    const like = likePattern(text);
    conditions.push(
      sql`(${users.email} ilike ${like} or ${users.mobile} ilike ${like} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${like}
        or exists (select 1 from ${externalIdentities} where ${externalIdentities.userId} = ${users.id} and ${externalIdentities.kind} = 'card'
          and ${externalIdentities.libraryId} = ${libraryId} and ${externalIdentities.subject} = ${cardSubject(text)}))`,
    );
  }
  const where = and(...conditions);
  const db = getDb();
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where),
  ]);
  return { members: rows.map(present), page, pageSize, total };
}

async function membershipRow(tx: Executor, libraryId: number, userId: number) {
  const rows = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.libraryId, libraryId), eq(memberships.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export interface NewMemberInput {
  email?: string;
  mobile?: string;
  cardNumber?: string;
  firstName: string;
  lastName: string;
  expiresAt: Date;
}

/** The account behind an email, mobile or this library's card, made when there is none. */
async function findOrMakeAccount(tx: Tx, libraryId: number, input: Omit<NewMemberInput, 'expiresAt'>): Promise<{ userId: number; created: boolean }> {
  if (input.email || input.mobile) {
    const column = input.email ? users.email : users.mobile;
    const value = (input.email ?? input.mobile)!;
    const existing = await tx.select({ id: users.id }).from(users).where(eq(column, value)).limit(1);
    if (existing[0]) return { userId: existing[0].id, created: false };
    const [made] = await tx
      .insert(users)
      .values({ email: input.email ?? null, mobile: input.email ? null : (input.mobile ?? null), firstName: input.firstName, lastName: input.lastName, userType: 'member' })
      .returning({ id: users.id });
    if (input.cardNumber) await tx.insert(externalIdentities).values({ kind: 'card', libraryId, subject: cardSubject(input.cardNumber), userId: made.id }).onConflictDoNothing();
    return { userId: made.id, created: true };
  }
  const subject = cardSubject(input.cardNumber!);
  const linked = await tx
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.kind, 'card'), eq(externalIdentities.libraryId, libraryId), eq(externalIdentities.subject, subject)))
    .limit(1);
  if (linked[0]) return { userId: linked[0].userId, created: false };
  const [made] = await tx.insert(users).values({ firstName: input.firstName, lastName: input.lastName, userType: 'member' }).returning({ id: users.id });
  await tx.insert(externalIdentities).values({ kind: 'card', libraryId, subject, userId: made.id });
  return { userId: made.id, created: true };
}

/** Adds one member to a library (409 when they already are one: change their end date instead). */
export async function addMember(actor: Actor, libraryId: number, input: NewMemberInput): Promise<MemberRow> {
  return getDb().transaction(async (tx) => {
    const { userId, created } = await findOrMakeAccount(tx, libraryId, input);
    const already = await membershipRow(tx, libraryId, userId);
    if (already) throw new HttpError(409, 'This person is already a member of this library: change their membership end date instead.');
    await tx.insert(memberships).values({ userId, libraryId, expiresAt: input.expiresAt });
    const row = (await membershipRow(tx, libraryId, userId))!;
    await audit(tx, actor, {
      action: 'member.add',
      libraryId,
      target: `member:${userId}`,
      after: { ...present(row), newAccount: created, card: input.cardNumber ? '(set)' : undefined },
    });
    return present(row);
  });
}

/**
 * Moves a membership's end (or ends it now). The reader checks the membership row on every code it issues and the
 * session check answers from the row, so a member moved into the future reads again at once, without signing in.
 */
export async function setMembershipEnd(actor: Actor, libraryId: number, userId: number, expiresAt: Date, action: 'member.end_date' | 'member.end'): Promise<MemberRow> {
  const result = await getDb().transaction(async (tx) => {
    const before = await membershipRow(tx, libraryId, userId);
    if (!before) throw new HttpError(404, 'No such member of this library');
    await tx
      .update(memberships)
      .set({ expiresAt })
      .where(and(eq(memberships.libraryId, libraryId), eq(memberships.userId, userId)));
    const after = (await membershipRow(tx, libraryId, userId))!;
    await audit(tx, actor, { action, libraryId, target: `member:${userId}`, before: present(before), after: present(after) });
    return present(after);
  });
  // The member row the session check keeps, on every instance: the new end counts from the next request.
  await invalidate('member', userId);
  return result;
}

/**
 * Deletes a member's account and what is tied to it (the privacy policy's promise; the same code as
 * `npm run delete-account`). Library staff may do it only when every library the member belongs to is theirs.
 */
export async function deleteMember(staff: StaffAccess, libraryId: number, userId: number) {
  const deleted = await deleteAccount(getDb(), { id: userId }, {
    async within(tx, user) {
      const theirs = await tx.select({ libraryId: memberships.libraryId }).from(memberships).where(eq(memberships.userId, user.id));
      if (!theirs.some((row) => row.libraryId === libraryId)) throw new HttpError(404, 'No such member of this library');
      if (theirs.some((row) => !canManageLibrary(staff, row.libraryId))) {
        throw new HttpError(403, 'This member also belongs to a library you do not manage: ask a site operator to delete the account.');
      }
      await audit(tx, staff, {
        action: 'member.delete',
        libraryId,
        target: `member:${user.id}`,
        before: { userId: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, mobile: user.mobile, libraries: theirs.map((row) => row.libraryId) },
      });
    },
  });
  if (!deleted) throw new HttpError(404, 'No such member of this library');
  return deleted;
}

// ---------------------------------------------------------------------------------------------------------------
// CSV import: preview (nothing written) and commit (one transaction), from the same plan.

export const IMPORT_MAX_ROWS = 20_000;



interface PlannedRow extends ImportRowReport {
  email: string | null;
  card: string | null;
  firstName: string;
  lastName: string;
  userId: number | null;
}

const HEADERS: Record<string, 'email' | 'card' | 'name' | 'endDate'> = {
  email: 'email',
  emailaddress: 'email',
  card: 'card',
  cardnumber: 'card',
  librarycard: 'card',
  librarycardnumber: 'card',
  name: 'name',
  fullname: 'name',
  enddate: 'endDate',
  membershipenddate: 'endDate',
  membershipend: 'endDate',
  expires: 'endDate',
};

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { firstName: parts[0] ?? '', lastName: '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts[parts.length - 1] };
}

/** The membership end a CSV date means: the end of that day (UTC). */
export function endOfDay(date: string): Date {
  return new Date(`${date}T23:59:59.000Z`);
}

function validDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The file's rows checked on their own: columns, addresses, cards, dates, repeats. Throws 400 for a file it cannot read at all. */
function readImportFile(csv: string): PlannedRow[] {
  const rows = parseCsv(csv);
  if (rows.length === 0) throw new HttpError(400, 'csv: the file is empty', { field: 'csv' });
  const header = rows[0].map((cell) => HEADERS[cell.trim().toLowerCase().replace(/[\s_-]+/g, '')]);
  const col = (name: 'email' | 'card' | 'name' | 'endDate') => header.indexOf(name);
  if (col('email') < 0 && col('card') < 0) throw new HttpError(400, 'csv: the first line must name an email or card number column', { field: 'csv' });
  if (col('endDate') < 0) throw new HttpError(400, 'csv: the first line must name a membership end date column (end_date)', { field: 'csv' });
  if (rows.length - 1 > IMPORT_MAX_ROWS) throw new HttpError(400, `csv: at most ${IMPORT_MAX_ROWS} members in one file`, { field: 'csv' });
  const seen = new Map<string, number>();
  return rows.slice(1).map((cells, index) => {
    const cell = (name: 'email' | 'card' | 'name' | 'endDate') => (col(name) >= 0 ? (cells[col(name)] ?? '').trim() : '');
    const rawEmail = cell('email');
    const card = cell('card');
    const name = cell('name').replace(/\s+/g, ' ');
    const endDate = cell('endDate');
    const email = rawEmail ? normaliseEmail(rawEmail) : null;
    const line = index + 2;
    const row: PlannedRow = { line, identifier: email ?? card, name, endDate, outcome: 'refuse', reason: '', email, card: card || null, ...splitName(name), userId: null };
    const key = email ? `e:${email}` : `c:${card.toUpperCase()}`;
    if (!email && !card) row.reason = 'no email or card number';
    else if (email && !isValidEmail(rawEmail)) row.reason = 'the email is not a valid address';
    else if (!email && !/^[A-Za-z0-9-]{3,32}$/.test(card)) row.reason = 'the card number must be 3 to 32 letters, digits or dashes';
    else if (name.length > 200) row.reason = 'the name is longer than 200 characters';
    else if (!endDate) row.reason = 'no membership end date';
    else if (!validDate(endDate)) row.reason = 'the end date is not a date written YYYY-MM-DD';
    else if (seen.has(key)) row.reason = `the same member is on line ${seen.get(key)}`;
    else {
      seen.set(key, line);
      row.outcome = 'add';
    }
    return row;
  });
}

/** What importing the file would do, row by row, against the database as it is now (read through `tx`). */
async function planImport(tx: Executor, libraryId: number, csv: string): Promise<PlannedRow[]> {
  const rows = readImportFile(csv);
  const good = rows.filter((row) => row.outcome !== 'refuse');
  const emails = good.flatMap((row) => (row.email ? [row.email] : []));
  const cards = good.flatMap((row) => (!row.email && row.card ? [cardSubject(row.card)] : []));
  const byEmail = new Map<string, number>();
  for (let i = 0; i < emails.length; i += 5000) {
    const found = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails.slice(i, i + 5000)));
    for (const user of found) byEmail.set(user.email!, user.id);
  }
  const byCard = new Map<string, number>();
  for (let i = 0; i < cards.length; i += 5000) {
    const found = await tx
      .select({ userId: externalIdentities.userId, subject: externalIdentities.subject })
      .from(externalIdentities)
      .where(and(eq(externalIdentities.kind, 'card'), eq(externalIdentities.libraryId, libraryId), inArray(externalIdentities.subject, cards.slice(i, i + 5000))));
    for (const identity of found) byCard.set(identity.subject, identity.userId);
  }
  const userIds = [...byEmail.values(), ...byCard.values()];
  const ends = new Map<number, Date>();
  for (let i = 0; i < userIds.length; i += 5000) {
    const found = await tx
      .select({ userId: memberships.userId, expiresAt: memberships.expiresAt })
      .from(memberships)
      .where(and(eq(memberships.libraryId, libraryId), inArray(memberships.userId, userIds.slice(i, i + 5000))));
    for (const membership of found) ends.set(membership.userId, membership.expiresAt);
  }
  for (const row of good) {
    row.userId = (row.email ? byEmail.get(row.email) : byCard.get(cardSubject(row.card!))) ?? null;
    const current = row.userId === null ? undefined : ends.get(row.userId);
    if (row.userId === null) {
      row.outcome = 'add';
      row.reason = 'new account, joins this library';
    } else if (!current) {
      row.outcome = 'add';
      row.reason = 'existing account, joins this library';
    } else if (current.toISOString().slice(0, 10) === row.endDate) {
      row.outcome = 'unchanged';
      row.reason = 'already a member until that date';
    } else {
      row.outcome = 'change';
      row.reason = `membership end ${current.toISOString().slice(0, 10)} → ${row.endDate}`;
    }
  }
  return rows;
}

function summarise(rows: PlannedRow[]) {
  const count = (outcome: MemberImportOutcome) => rows.filter((row) => row.outcome === outcome).length;
  return {
    summary: { rows: rows.length, add: count('add'), change: count('change'), unchanged: count('unchanged'), refuse: count('refuse') },
    rows: rows.map(({ line, identifier, name, endDate, outcome, reason }) => ({ line, identifier, name, endDate, outcome, reason })),
  };
}

/** The preview: what the import would do, row by row. Nothing is written. */
export async function previewImport(libraryId: number, csv: string) {
  return summarise(await planImport(getDb(), libraryId, csv));
}

const CHUNK = 1000;

/**
 * Imports the file in one transaction, from a plan made inside it (so it does what a preview made now would show):
 * new accounts, card links, memberships added or moved; refused rows are skipped and reported. One audit row.
 */
export async function commitImport(actor: Actor, libraryId: number, csv: string) {
  return getDb().transaction(async (tx) => {
    const rows = await planImport(tx, libraryId, csv);
    const newByEmail = rows.filter((row) => row.outcome === 'add' && row.userId === null && row.email);
    for (let i = 0; i < newByEmail.length; i += CHUNK) {
      const chunk = newByEmail.slice(i, i + CHUNK);
      const made = await tx
        .insert(users)
        .values(chunk.map((row) => ({ email: row.email, firstName: row.firstName, lastName: row.lastName, userType: 'member' })))
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id, email: users.email });
      const ids = new Map(made.map((user) => [user.email!, user.id]));
      for (const row of chunk) row.userId = ids.get(row.email!) ?? null;
      const raced = chunk.filter((row) => row.userId === null);
      if (raced.length) {
        const found = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, raced.map((row) => row.email!)));
        const more = new Map(found.map((user) => [user.email!, user.id]));
        for (const row of raced) row.userId = more.get(row.email!) ?? null;
      }
    }
    const newByCard = rows.filter((row) => row.outcome === 'add' && row.userId === null && !row.email && row.card);
    for (let i = 0; i < newByCard.length; i += CHUNK) {
      const chunk = newByCard.slice(i, i + CHUNK).map((row) => ({ row, uuid: randomUUID() }));
      const made = await tx
        .insert(users)
        .values(chunk.map(({ row, uuid }) => ({ uuid, firstName: row.firstName, lastName: row.lastName, userType: 'member' })))
        .returning({ id: users.id, uuid: users.uuid });
      const ids = new Map(made.map((user) => [user.uuid, user.id]));
      for (const { row, uuid } of chunk) row.userId = ids.get(uuid)!;
      await tx.insert(externalIdentities).values(chunk.map(({ row }) => ({ kind: 'card', libraryId, subject: cardSubject(row.card!), userId: row.userId! })));
    }
    const writes = rows.filter((row) => (row.outcome === 'add' || row.outcome === 'change') && row.userId !== null);
    for (let i = 0; i < writes.length; i += CHUNK) {
      await tx
        .insert(memberships)
        .values(writes.slice(i, i + CHUNK).map((row) => ({ userId: row.userId!, libraryId, expiresAt: endOfDay(row.endDate) })))
        .onConflictDoUpdate({ target: [memberships.userId, memberships.libraryId], set: { expiresAt: sql`excluded.expires_at`, updatedAt: sql`now()` } });
    }
    const report = summarise(rows);
    await audit(tx, actor, {
      action: 'member.import',
      libraryId,
      target: `library:${libraryId}`,
      after: {
        ...report.summary,
        // The members it touched, by line (refused rows stay in the report the operator saw, not in the log).
        members: rows.filter((row) => row.outcome === 'add' || row.outcome === 'change').slice(0, 1000).map((row) => ({ line: row.line, userId: row.userId, outcome: row.outcome, endDate: row.endDate })),
      },
    });
    return report;
  });
}
