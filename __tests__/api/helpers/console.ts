import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { auditLog, libraryStaff, siteOperators } from '@/server/db/schema';
import { addMembership, createLibrary, createUser, inDays, tokenFor } from './factories';

/** The four people every console boundary is tested against, with two libraries A and B. */
export async function consoleCast(db: Database) {
  const libraryA = await createLibrary(db, { name: 'Library A' });
  const libraryB = await createLibrary(db, { name: 'Library B' });
  const operator = await createUser(db, { firstName: 'Olu', lastName: 'Operator' });
  await db.insert(siteOperators).values({ userId: operator.id });
  const staffA = await createUser(db, { firstName: 'Sam', lastName: 'Staff' });
  await db.insert(libraryStaff).values({ userId: staffA.id, libraryId: libraryA.id });
  const member = await createUser(db, { firstName: 'Mo', lastName: 'Member' });
  await addMembership(db, member.id, libraryA.id, inDays(30));
  // Staff need no reading membership of their own: the console ignores it.
  return {
    libraryA,
    libraryB,
    operator,
    staffA,
    member,
    tokens: {
      operator: await tokenFor(operator, 0, null),
      staffA: await tokenFor(staffA, 0, null),
      member: await tokenFor(member, libraryA.id, inDays(30)),
    },
  };
}

export type ConsoleCast = Awaited<ReturnType<typeof consoleCast>>;

/** The newest audit row for an action (and target, when given). */
export async function lastAudit(db: Database, action: string, target?: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(target ? and(eq(auditLog.action, action), eq(auditLog.target, target)) : eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return rows[0] ?? null;
}
