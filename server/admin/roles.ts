import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { defaultGuestLibraryId } from '../config';
import { getDb } from '../db/client';
import { libraries, libraryStaff, partnerLinks, siteOperators, users } from '../db/schema';
import { hashSecret } from '../auth/secrets';
import { findOrCreateUser } from '../user/queries';
import { audit, type Actor } from './audit';

/** How long the first operator's sign-in link works. */
export const OPERATOR_LINK_SECONDS = 60 * 60;

export interface RoleRow {
  userId: number;
  email: string | null;
  name: string;
  role: 'operator' | 'staff';
  libraryId: number | null;
}

/** Everyone with a console role (operators first), optionally only those of some libraries. */
export async function listRoles(libraryIds: number[] | null): Promise<RoleRow[]> {
  const db = getDb();
  const name = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
  const operators = libraryIds
    ? []
    : await db
        .select({ userId: users.id, email: users.email, name })
        .from(siteOperators)
        .innerJoin(users, eq(users.id, siteOperators.userId))
        .orderBy(asc(users.email));
  const staff = await db
    .select({ userId: users.id, email: users.email, name, libraryId: libraryStaff.libraryId })
    .from(libraryStaff)
    .innerJoin(users, eq(users.id, libraryStaff.userId))
    .where(libraryIds ? inArray(libraryStaff.libraryId, libraryIds) : undefined)
    .orderBy(asc(libraryStaff.libraryId), asc(users.email));
  return [
    ...operators.map((row) => ({ ...row, role: 'operator' as const, libraryId: null })),
    ...staff.map((row) => ({ ...row, role: 'staff' as const })),
  ];
}

/** Grants a role to the account with this email (made when there is none), audited in the same transaction. */
export async function grantRole(actor: Actor, email: string, role: 'operator' | 'staff', libraryId: number | null): Promise<{ userId: number; created: boolean }> {
  const { user, created } = await findOrCreateUser({ email });
  await getDb().transaction(async (tx) => {
    if (role === 'operator') {
      const added = await tx.insert(siteOperators).values({ userId: user.id }).onConflictDoNothing().returning();
      if (added.length) await audit(tx, actor, { action: 'role.grant', target: `user:${user.id}`, after: { email, role } });
    } else {
      const added = await tx.insert(libraryStaff).values({ userId: user.id, libraryId: libraryId! }).onConflictDoNothing().returning();
      if (added.length) await audit(tx, actor, { action: 'role.grant', libraryId, target: `user:${user.id}`, after: { email, role, libraryId } });
    }
  });
  return { userId: user.id, created };
}

/** Takes a role away; answers whether there was one. */
export async function revokeRole(actor: Actor, userId: number, role: 'operator' | 'staff', libraryId: number | null): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const removed =
      role === 'operator'
        ? await tx.delete(siteOperators).where(eq(siteOperators.userId, userId)).returning()
        : await tx
            .delete(libraryStaff)
            .where(and(eq(libraryStaff.userId, userId), eq(libraryStaff.libraryId, libraryId!)))
            .returning();
    if (removed.length === 0) return false;
    await audit(tx, actor, { action: 'role.revoke', libraryId: role === 'staff' ? libraryId : null, target: `user:${userId}`, before: { role, libraryId } });
    return true;
  });
}

/**
 * A one-time sign-in link for a new operator, through the partner-link sign-in every member can use
 * (`/third-party-login?randomtoken=`, validateToken): single use, stored hashed, landing on /admin. It signs in
 * through the guest library (GUEST_LIBRARY_ID, else the first library), which the sign-in joins as it does for a partner's reader.
 */
export async function operatorSignInLink(email: string, origin: string): Promise<string> {
  const db = getDb();
  const preferred = await db.select({ id: libraries.id }).from(libraries).where(eq(libraries.id, defaultGuestLibraryId())).limit(1);
  const first = preferred[0] ?? (await db.select({ id: libraries.id }).from(libraries).orderBy(asc(libraries.id)).limit(1))[0];
  if (!first) throw new Error('There is no library yet: seed the site (npm run seed) or create one before adding an operator.');
  const token = randomBytes(32).toString('base64url');
  await db.insert(partnerLinks).values({
    tokenHash: hashSecret(token),
    libraryId: first.id,
    email,
    destination: '/admin',
    expiresAt: new Date(Date.now() + OPERATOR_LINK_SECONDS * 1000),
  });
  return `${origin.replace(/\/+$/, '')}/third-party-login?randomtoken=${token}`;
}
