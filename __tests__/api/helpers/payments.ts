import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { memberships } from '@/server/db/schema';
import { addMembership, createLibrary, createUser, inDays, tokenFor } from './factories';

/** A member of a new library whose access ends in `days` (negative: ended), with a session token. */
export async function payingMember(db: Database, days: number) {
  const library = await createLibrary(db);
  const user = await createUser(db);
  const ends = inDays(days);
  await addMembership(db, user.id, library.id, ends);
  return { library, user, ends, token: await tokenFor(user, library.id, ends) };
}

/** When the member's access in that library ends, as stored. */
export async function membershipEnd(db: Database, userId: number, libraryId: number): Promise<Date> {
  const [row] = await db
    .select({ expiresAt: memberships.expiresAt })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.libraryId, libraryId)));
  return row.expiresAt;
}
