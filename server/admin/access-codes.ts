import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AccessCodeRow } from '@/lib/wire';
import { getDb } from '../db/client';
import { accessCodeUses, accessCodes, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { audit, type Actor } from './audit';

const present = (row: typeof accessCodes.$inferSelect & { uses?: number }): AccessCodeRow => ({
  id: row.id,
  code: row.code,
  days: row.days,
  useLimit: row.useLimit,
  usesLeft: row.usesLeft,
  uses: row.uses ?? 0,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A library's access codes, newest first, with how often each was used. */
export async function listAccessCodes(libraryId: number, page: number, pageSize: number) {
  const db = getDb();
  // Spelled out: inside a selected expression drizzle leaves column names unqualified, and `id` would be the use's own.
  const uses = sql<number>`(select count(*)::int from ${accessCodeUses} u where u.access_code_id = ${accessCodes}.id)`;
  const where = eq(accessCodes.libraryId, libraryId);
  const [rows, [{ total }]] = await Promise.all([
    db.select({ code: accessCodes, uses }).from(accessCodes).where(where).orderBy(desc(accessCodes.createdAt), desc(accessCodes.id)).limit(pageSize).offset(page * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(accessCodes).where(where),
  ]);
  return { codes: rows.map((row) => present({ ...row.code, uses: row.uses })), page, pageSize, total };
}

/** A code people type: 10 letters and digits without the ones that look alike. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export async function createAccessCode(actor: Actor, libraryId: number, input: { code?: string; days: number; useLimit: number; expiresAt: Date | null }) {
  return getDb().transaction(async (tx) => {
    const code = input.code ?? newCode();
    const made = await tx
      .insert(accessCodes)
      .values({ libraryId, code, days: input.days, useLimit: input.useLimit, usesLeft: input.useLimit, expiresAt: input.expiresAt })
      .onConflictDoNothing({ target: accessCodes.code })
      .returning();
    if (!made[0]) throw new HttpError(409, 'code: that access code is already taken', { field: 'code' });
    const row = present(made[0]);
    await audit(tx, actor, { action: 'access_code.create', libraryId, target: `access_code:${row.id}`, after: row });
    return row;
  });
}

async function codeOf(libraryId: number, codeId: number) {
  const rows = await getDb().select().from(accessCodes).where(and(eq(accessCodes.id, codeId), eq(accessCodes.libraryId, libraryId))).limit(1);
  if (!rows[0]) throw new HttpError(404, 'No such access code in this library');
  return rows[0];
}

/** Who used a code and when (names and addresses are the library's own members', shown to its staff). */
export async function accessCodeUsesOf(libraryId: number, codeId: number) {
  const code = await codeOf(libraryId, codeId);
  const uses = await getDb()
    .select({ usedAt: accessCodeUses.usedAt, userId: accessCodeUses.userId, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(accessCodeUses)
    .leftJoin(users, eq(users.id, accessCodeUses.userId))
    .where(eq(accessCodeUses.accessCodeId, code.id))
    .orderBy(desc(accessCodeUses.usedAt))
    .limit(500);
  return { code: present({ ...code, uses: uses.length }), uses: uses.map((use) => ({ ...use, usedAt: use.usedAt.toISOString() })) };
}

/** Revokes a code: no one can use it from now on; who joined with it stays a member. */
export async function revokeAccessCode(actor: Actor, libraryId: number, codeId: number) {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(accessCodes).where(and(eq(accessCodes.id, codeId), eq(accessCodes.libraryId, libraryId))).limit(1).for('update');
    if (!before) throw new HttpError(404, 'No such access code in this library');
    const [after] = await tx.update(accessCodes).set({ revokedAt: before.revokedAt ?? new Date(), usesLeft: 0 }).where(eq(accessCodes.id, codeId)).returning();
    await audit(tx, actor, { action: 'access_code.revoke', libraryId, target: `access_code:${codeId}`, before: present(before), after: present(after) });
    return present(after);
  });
}
