import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { HELP_REQUEST_RETENTION_DAYS } from '@/lib/help-forms';
import { hashSecret } from '../auth/secrets';
import { cached, invalidate } from '../cache';
import { latestIssueColumns, magazineHitColumns, type MagazineHit } from '../catalogue/queries';
import { shownIssueWhere, visibilityKey, visibleMagazineWhere } from '../catalogue/visibility';
import { favouriteAgeRating } from '../context/ratings';
import { getDb } from '../db/client';
import {
  bookmarks,
  categories,
  clippings,
  contactRequests,
  externalIdentities,
  favourites,
  issuePages,
  issues,
  libraries,
  magazines,
  markChanges,
  memberships,
  rateLimits,
  supportRequests,
  users,
  type Bookmark,
  type Clipping,
  type Library,
  type User,
} from '../db/schema';
import type { Viewer } from '../context/viewer';
import type { Region } from './clipping-text';

/**
 * The user service's queries, one file in four parts: members and their libraries (the session check, sign-in and
 * accounts), favourites, bookmarks and clippings, and the help forms' requests.
 */

// Members and their libraries.

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

// Favourites.

/** The member's favourite magazine ids that their library lets them see, newest favourite first. */
export async function favouriteMagazineIds(viewer: Viewer, userId: number): Promise<number[]> {
  const rows = await getDb()
    .select({ mid: favourites.magazineId })
    .from(favourites)
    .innerJoin(magazines, eq(magazines.id, favourites.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(and(eq(favourites.userId, userId), visibleMagazineWhere(viewer, favouriteAgeRating(viewer))))
    .orderBy(desc(favourites.createdAt), desc(favourites.magazineId));
  return rows.map((row) => row.mid);
}

/** Whether this viewer may see (and so keep as a favourite) a magazine. */
export async function isVisibleMagazine(viewer: Viewer, magazineId: number): Promise<boolean> {
  const rows = await getDb()
    .select({ id: magazines.id })
    .from(magazines)
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .where(and(eq(magazines.id, magazineId), visibleMagazineWhere(viewer, favouriteAgeRating(viewer))))
    .limit(1);
  return rows.length === 1;
}

export async function addFavourite(userId: number, magazineId: number): Promise<void> {
  await getDb().insert(favourites).values({ userId, magazineId }).onConflictDoNothing();
  await invalidate('favourites', userId);
}

export async function removeFavourite(userId: number, magazineId: number): Promise<void> {
  await getDb().delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.magazineId, magazineId)));
  await invalidate('favourites', userId);
}

/**
 * favouriteMagazinesWithLatestIssue through the one cache ('favourites', by member): a member's My Favorites is read
 * on every visit and changes only when they add or remove one (addFavourite and removeFavourite drop it) or when
 * titles or their library's rules change (titlesChanged, libraryChanged). The rules it was read under are kept with
 * it, so a viewer under other rules never gets it.
 */
export async function cachedFavouriteMagazines(viewer: Viewer, userId: number): Promise<MagazineHit[]> {
  const rules = visibilityKey(viewer, favouriteAgeRating(viewer));
  const read = async () => ({ rules, hits: await favouriteMagazinesWithLatestIssue(viewer, userId) });
  const kept = await cached('favourites', String(userId), read);
  if (kept.rules === rules) return kept.hits;
  await invalidate('favourites', userId);
  return (await cached('favourites', String(userId), read)).hits;
}

/** /dashboard/myFavorites: each favourite magazine with its latest regular issue, in the magazine filter's shape. */
async function favouriteMagazinesWithLatestIssue(viewer: Viewer, userId: number): Promise<MagazineHit[]> {
  const db = getDb();
  const latest = db
    .selectDistinctOn([issues.magazineId], latestIssueColumns())
    .from(issues)
    .innerJoin(favourites, and(eq(favourites.magazineId, issues.magazineId), eq(favourites.userId, userId)))
    .where(and(eq(issues.isSpecial, false), shownIssueWhere()))
    .orderBy(issues.magazineId, desc(issues.issueDate), desc(issues.id))
    .as('latest');
  return db
    .select(magazineHitColumns(latest))
    .from(favourites)
    .innerJoin(magazines, eq(magazines.id, favourites.magazineId))
    .innerJoin(categories, eq(categories.id, magazines.categoryId))
    .innerJoin(latest, eq(latest.magazineId, magazines.id))
    .where(and(eq(favourites.userId, userId), visibleMagazineWhere(viewer, favouriteAgeRating(viewer))))
    .orderBy(desc(favourites.createdAt), desc(favourites.magazineId));
}

// Bookmarks and clippings.

export type MarkKind = 'bookmarks' | 'clippings';

/** SPEC §3 bk_lud and clip_lud: when the member's bookmarks and clippings last changed, ISO 8601 UTC; '' if never. */
export async function markTimes(userId: number): Promise<MarkTimes> {
  const [row] = await getDb().select().from(markChanges).where(eq(markChanges.userId, userId)).limit(1);
  return { bk_lud: row?.bookmarksChangedAt?.toISOString() ?? '', clip_lud: row?.clippingsChangedAt?.toISOString() ?? '' };
}

export interface MarkTimes {
  bk_lud: string;
  clip_lud: string;
}

/**
 * What a sign-in answers with, in one query: the member's libraries, the one that lasts longest first (as
 * membershipsOf), and when their bookmarks and clippings last changed (as markTimes). Read from the member's row, so
 * a member with no library yet still gets their mark times.
 */
export async function membershipsAndMarkTimes(userId: number): Promise<{ all: MembershipWithLibrary[]; marks: MarkTimes }> {
  const rows = await getDb()
    .select({ library: libraries, expiresAt: memberships.expiresAt, bookmarksAt: markChanges.bookmarksChangedAt, clippingsAt: markChanges.clippingsChangedAt })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(libraries, eq(libraries.id, memberships.libraryId))
    .leftJoin(markChanges, eq(markChanges.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(desc(memberships.expiresAt), asc(libraries.id));
  const all = rows.flatMap(({ library, expiresAt }) => (library && expiresAt ? [{ library, expiresAt }] : []));
  const first = rows[0];
  return { all, marks: { bk_lud: first?.bookmarksAt?.toISOString() ?? '', clip_lud: first?.clippingsAt?.toISOString() ?? '' } };
}

/** Records that a member's bookmarks (or clippings) changed now: an app syncs when the time moves. */
async function touch(userId: number, kind: MarkKind): Promise<void> {
  const column = kind === 'bookmarks' ? 'bookmarksChangedAt' : 'clippingsChangedAt';
  await getDb()
    .insert(markChanges)
    .values({ userId, [column]: sql`now()` })
    .onConflictDoUpdate({ target: markChanges.userId, set: { [column]: sql`now()` } });
}

export async function bookmarksOf(userId: number, issueId?: number): Promise<Bookmark[]> {
  return getDb()
    .select()
    .from(bookmarks)
    .where(issueId ? and(eq(bookmarks.userId, userId), eq(bookmarks.issueId, issueId)) : eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id));
}

export async function clippingsOf(userId: number, issueId?: number): Promise<Clipping[]> {
  return getDb()
    .select()
    .from(clippings)
    .where(issueId ? and(eq(clippings.userId, userId), eq(clippings.issueId, issueId)) : eq(clippings.userId, userId))
    .orderBy(desc(clippings.createdAt), desc(clippings.id));
}

/** A member's own clipping; null for anyone else's (the caller answers 404, so another's id tells nothing). */
export async function ownClipping(userId: number, id: number): Promise<Clipping | null> {
  const [row] = await getDb().select().from(clippings).where(and(eq(clippings.id, id), eq(clippings.userId, userId))).limit(1);
  return row ?? null;
}

export async function clippingByShareToken(token: string): Promise<Clipping | null> {
  const [row] = await getDb().select().from(clippings).where(eq(clippings.shareToken, token)).limit(1);
  return row ?? null;
}

export async function addBookmark(values: { userId: number; libraryId: number; issueId: number; pageNo: number; name: string }): Promise<Bookmark> {
  const [row] = await getDb().insert(bookmarks).values(values).returning();
  await touch(values.userId, 'bookmarks');
  return row;
}

export async function addClipping(
  values: { userId: number; libraryId: number; issueId: number; pageNo: number; name: string; text: string; textScope: 'region' | 'page' } & Region,
): Promise<Clipping> {
  const [row] = await getDb().insert(clippings).values(values).returning();
  await touch(values.userId, 'clippings');
  return row;
}

export async function renameBookmark(userId: number, id: number, name: string): Promise<Bookmark | null> {
  const [row] = await getDb().update(bookmarks).set({ name }).where(and(eq(bookmarks.id, id), eq(bookmarks.userId, userId))).returning();
  if (row) await touch(userId, 'bookmarks');
  return row ?? null;
}

export async function renameClipping(userId: number, id: number, name: string): Promise<Clipping | null> {
  const [row] = await getDb().update(clippings).set({ name }).where(and(eq(clippings.id, id), eq(clippings.userId, userId))).returning();
  if (row) await touch(userId, 'clippings');
  return row ?? null;
}

export async function deleteBookmark(userId: number, id: number): Promise<boolean> {
  const rows = await getDb().delete(bookmarks).where(and(eq(bookmarks.id, id), eq(bookmarks.userId, userId))).returning({ id: bookmarks.id });
  if (rows.length) await touch(userId, 'bookmarks');
  return rows.length > 0;
}

export async function deleteClipping(userId: number, id: number): Promise<boolean> {
  const rows = await getDb().delete(clippings).where(and(eq(clippings.id, id), eq(clippings.userId, userId))).returning({ id: clippings.id });
  if (rows.length) await touch(userId, 'clippings');
  return rows.length > 0;
}

/** The clipping's share token, made on first share and kept, so a link already sent keeps working. */
export async function shareClipping(userId: number, id: number): Promise<string | null> {
  const token = randomBytes(16).toString('base64url');
  const [row] = await getDb()
    .update(clippings)
    .set({ shareToken: sql`coalesce(${clippings.shareToken}, ${token})` })
    .where(and(eq(clippings.id, id), eq(clippings.userId, userId)))
    .returning({ shareToken: clippings.shareToken });
  if (row) await touch(userId, 'clippings');
  return row?.shareToken ?? null;
}

/** Whether the issue has the page (a bookmark points at a page that exists). */
export async function hasPage(issueId: number, pageNo: number): Promise<boolean> {
  const rows = await getDb()
    .select({ pageNo: issuePages.pageNo })
    .from(issuePages)
    .where(and(eq(issuePages.issueId, issueId), eq(issuePages.pageNo, pageNo)))
    .limit(1);
  return rows.length > 0;
}

// The help forms' requests.

const DAY_MS = 24 * 60 * 60 * 1000;

function retentionCutoff(): Date {
  return new Date(Date.now() - HELP_REQUEST_RETENTION_DAYS * DAY_MS);
}

/** Stores a help request; requests past the retention period go as new ones arrive (the privacy policy says so). */
export async function addSupportRequest(values: { email: string; name: string; message: string; libraryId: number | null; userId: number | null }) {
  const db = getDb();
  const [row] = await db.insert(supportRequests).values(values).returning({ id: supportRequests.id });
  await db.delete(supportRequests).where(lt(supportRequests.createdAt, retentionCutoff()));
  return row;
}

export async function addContactRequest(values: {
  emailId: string;
  userName: string;
  message: string;
  institutionName: string;
  designation: string;
  mobile: string;
}) {
  const db = getDb();
  const [row] = await db.insert(contactRequests).values(values).returning({ id: contactRequests.id });
  await db.delete(contactRequests).where(lt(contactRequests.createdAt, retentionCutoff()));
  return row;
}

/**
 * Counts one more request from a sender in a fixed window and returns the count so far. The sender's address is
 * kept only as a keyed hash, and finished windows are deleted.
 */
export async function countRequest(scope: string, sender: string, windowSeconds: number): Promise<number> {
  const db = getDb();
  const key = `${scope}:${hashSecret(sender).slice(0, 32)}`;
  const windowEndsAt = new Date(Date.now() + windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowEndsAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${rateLimits.windowEndsAt} <= now() THEN excluded.window_ends_at ELSE ${rateLimits.windowEndsAt} END`,
      },
    })
    .returning({ count: rateLimits.count });
  await db.delete(rateLimits).where(sql`${rateLimits.key} LIKE ${`${scope}:%`} AND ${rateLimits.windowEndsAt} < now()`);
  return row.count;
}
