import { and, eq, sql } from 'drizzle-orm';
import { invalidate } from '../cache';
import { getDb } from '../db/client';
import { externalIdentities, libraries, memberships, users, type Library, type User } from '../db/schema';

export async function findUserByEmail(email: string): Promise<User | null> {
  const rows = await getDb().select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByMobile(mobile: string): Promise<User | null> {
  const rows = await getDb().select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return rows[0] ?? null;
}

/** The member behind an address, made on first sign-in; `created` tells the caller to ask for a name. */
export async function findOrCreateUser(by: { email: string } | { mobile: string }): Promise<{ user: User; created: boolean }> {
  const db = getDb();
  const column = 'email' in by ? users.email : users.mobile;
  const value = 'email' in by ? by.email : by.mobile;
  const inserted = await db
    .insert(users)
    .values({ ...by, userType: 'member' })
    .onConflictDoNothing({ target: column })
    .returning();
  if (inserted[0]) return { user: inserted[0], created: true };
  const rows = await db.select().from(users).where(eq(column, value)).limit(1);
  return { user: rows[0], created: false };
}

export async function updateUser(
  id: number,
  values: Partial<Pick<User, 'firstName' | 'lastName' | 'email' | 'mobile' | 'passwordHash' | 'sessionsValidFrom'>>,
): Promise<User> {
  const rows = await getDb().update(users).set(values).where(eq(users.id, id)).returning();
  await invalidate('member', id);
  return rows[0];
}

/** Gives a member access through a library until `until`, never shortening access they already have. */
export async function extendMembership(userId: number, libraryId: number, until: Date): Promise<void> {
  await getDb()
    .insert(memberships)
    .values({ userId, libraryId, expiresAt: until })
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.libraryId],
      set: { expiresAt: sql`greatest(${memberships.expiresAt}, excluded.expires_at)`, updatedAt: sql`now()` },
    });
}

/**
 * The account behind a library card or a library's SSO subject. A first sign-in makes the account (through
 * `create`), in one transaction with the link, so two first sign-ins at once end with one account.
 */
export async function findOrCreateByIdentity(
  identity: { kind: 'card' | 'sso'; libraryId: number; subject: string },
  create: () => { firstName?: string; lastName?: string; email?: string | null },
): Promise<{ user: User; created: boolean }> {
  const db = getDb();
  return db.transaction(async (tx) => {
    const where = and(
      eq(externalIdentities.kind, identity.kind),
      eq(externalIdentities.libraryId, identity.libraryId),
      eq(externalIdentities.subject, identity.subject),
    );
    const linked = await tx.select({ user: users }).from(externalIdentities).innerJoin(users, eq(users.id, externalIdentities.userId)).where(where).limit(1);
    if (linked[0]) return { user: linked[0].user, created: false };
    const values = create();
    // An SSO provider's verified email joins the account that already has it, rather than making a second one.
    const byEmail = values.email ? await tx.select().from(users).where(eq(users.email, values.email)).limit(1) : [];
    const user =
      byEmail[0] ??
      (
        await tx
          .insert(users)
          .values({ firstName: values.firstName ?? '', lastName: values.lastName ?? '', email: values.email ?? null, userType: 'member' })
          .returning()
      )[0];
    const link = await tx
      .insert(externalIdentities)
      .values({ ...identity, userId: user.id })
      .onConflictDoNothing()
      .returning({ id: externalIdentities.id });
    if (link.length === 0) throw new Error('identity linked concurrently');
    return { user, created: !byEmail[0] };
  });
}

export async function librariesWithCardList(): Promise<Library[]> {
  return getDb().select().from(libraries).where(eq(libraries.cardMode, 'list'));
}

export async function librariesWithSso(): Promise<Pick<Library, 'id' | 'name'>[]> {
  return getDb()
    .select({ id: libraries.id, name: libraries.name })
    .from(libraries)
    .where(sql`${libraries.oidcIssuer} is not null and ${libraries.oidcIssuer} <> ''`)
    .orderBy(libraries.name);
}
