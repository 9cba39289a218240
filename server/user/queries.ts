import { and, asc, desc, eq } from 'drizzle-orm';
import { cached } from '../cache';
import { getDb } from '../db/client';
import { libraries, memberships, users, type Library, type User } from '../db/schema';

export interface MembershipWithLibrary {
  library: Library;
  expiresAt: Date;
}

export async function findUserById(id: number): Promise<User | null> {
  const rows = await getDb().select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * The member row the session check and the header read (name, whether a password is set, when sessions were ended),
 * kept in the cache 'member': every page asks for the same few members. Whatever writes a member row drops its entry
 * (updateUser, deleteAccount), here and in every other instance.
 */
export function findHeaderUser(id: number): Promise<User | null> {
  return cached('member', String(id), () => findUserById(id));
}

export async function findLibrary(id: number): Promise<Library | null> {
  if (!Number.isInteger(id) || id <= 0) return null;
  const rows = await getDb().select().from(libraries).where(eq(libraries.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The library marked as the open /q/temp catalogue's (a unique partial index keeps it to one), or null. */
export async function findOpenCatalogueLibrary(): Promise<Library | null> {
  const rows = await getDb().select().from(libraries).where(eq(libraries.openCatalogue, true)).limit(1);
  return rows[0] ?? null;
}

/** A user's libraries, the one that lasts longest first. */
export async function membershipsOf(userId: number): Promise<MembershipWithLibrary[]> {
  const rows = await getDb()
    .select({ library: libraries, expiresAt: memberships.expiresAt })
    .from(memberships)
    .innerJoin(libraries, eq(libraries.id, memberships.libraryId))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.expiresAt), asc(libraries.id));
  return rows;
}

export async function membershipIn(userId: number, libraryId: number): Promise<MembershipWithLibrary | null> {
  const rows = await getDb()
    .select({ library: libraries, expiresAt: memberships.expiresAt })
    .from(memberships)
    .innerJoin(libraries, eq(libraries.id, memberships.libraryId))
    .where(and(eq(memberships.userId, userId), eq(memberships.libraryId, libraryId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The guest behind a browser's unique id, joined to the guest library. A returning guest keeps
 * the membership (and end date) they already had; a new one gets the library's guest days.
 */
export async function findOrCreateGuest(uniqId: string, library: Library): Promise<{ user: User; membership: MembershipWithLibrary }> {
  const db = getDb();
  return db.transaction(async (tx) => {
    // Two sign-ins of one browser at once (two tabs, a retry) race to create it: the loser reads the winner's row.
    // Each statement sees what committed before it, so the read after a refused insert finds it.
    const findGuest = async () => (await tx.select().from(users).where(eq(users.guestUid, uniqId)).limit(1))[0];
    const user =
      (await findGuest()) ??
      (await tx.insert(users).values({ guestUid: uniqId, userType: 'guest', firstName: 'Guest' }).onConflictDoNothing().returning())[0] ??
      (await findGuest());
    if (!user) throw new Error('the guest row was neither found nor made');
    const findMembership = async () =>
      (
        await tx
          .select({ expiresAt: memberships.expiresAt })
          .from(memberships)
          .where(and(eq(memberships.userId, user.id), eq(memberships.libraryId, library.id)))
          .limit(1)
      )[0];
    const current = await findMembership();
    if (current) return { user, membership: { library, expiresAt: current.expiresAt } };
    const expiresAt = new Date(Date.now() + library.guestDays * 24 * 60 * 60 * 1000);
    const made = await tx.insert(memberships).values({ userId: user.id, libraryId: library.id, expiresAt }).onConflictDoNothing().returning({ expiresAt: memberships.expiresAt });
    if (!made.length) {
      const raced = await findMembership();
      if (raced) return { user, membership: { library, expiresAt: raced.expiresAt } };
    }
    return { user, membership: { library, expiresAt } };
  });
}
