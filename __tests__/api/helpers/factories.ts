import { signSessionToken } from '@/lib/session-token';
import type { Database } from '@/server/db/client';
import {
  categories,
  issues,
  languages,
  libraries,
  magazineLists,
  magazines,
  memberships,
  stories,
  users,
  type NewLibrary,
  type NewMagazine,
  type NewStory,
  type NewUser,
} from '@/server/db/schema';
import { LIBRARIES } from '@/server/seed/content/libraries';
import { TEST_JWT_SECRET } from './app';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

const DAY = 24 * 60 * 60 * 1000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY);

/**
 * A library row. One with a demo library's id (SPEC §6's 2083 and 2766) gets the route settings the seed gives it,
 * as an existing database's rows got them from their migration.
 */
export async function createLibrary(db: Database, values: Partial<NewLibrary> = {}) {
  const id = values.id ?? 50_000 + next();
  const seeded = LIBRARIES.find((library) => library.id === id);
  const routes = seeded ? { tempRoutes: seeded.tempRoutes, callbackAfterGuest: seeded.callbackAfterGuest, openCatalogue: seeded.openCatalogue } : {};
  const [row] = await db
    .insert(libraries)
    .values({ id, name: `Test Library ${id}`, guestAccess: true, ...routes, ...values })
    .returning();
  return row;
}

export async function createUser(db: Database, values: Partial<NewUser> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({ firstName: 'Test', lastName: `User ${n}`, email: `user${n}@example.test`, ...values })
    .returning();
  return row;
}

export async function addMembership(db: Database, userId: number, libraryId: number, expiresAt: Date) {
  await db.insert(memberships).values({ userId, libraryId, expiresAt });
}

/** A signed session token, as the server would issue it. */
export async function tokenFor(
  user: { id: number },
  libraryId: number,
  membershipEnds: Date | null,
  options: { lifetimeSeconds?: number; secret?: string; guest?: boolean } = {},
) {
  const { token } = await signSessionToken(
    {
      uid: user.id,
      libid: libraryId,
      mexp: membershipEnds ? Math.floor(membershipEnds.getTime() / 1000) : 0,
      guest: options.guest ?? false,
    },
    options.secret ?? TEST_JWT_SECRET,
    options.lifetimeSeconds ?? 3600,
  );
  return token;
}

export async function ensureLanguage(db: Database, code = 'en', name = 'English') {
  await db.insert(languages).values({ code, name, displayName: name, sortOrder: 1 }).onConflictDoNothing();
}

export async function createCategory(db: Database, values: { id?: number; name?: string } = {}) {
  const id = values.id ?? 1000 + next();
  const name = values.name ?? `Category ${id}`;
  const [row] = await db
    .insert(categories)
    .values({ id, name, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id}`, sortOrder: id })
    .onConflictDoNothing()
    .returning();
  return row ?? { id, name };
}

/** A magazine with one issue (its latest), ready for listings. */
export async function createMagazine(db: Database, values: Partial<NewMagazine> & { categoryId: number }, lists: string[] = []) {
  const n = next();
  const id = values.id ?? 900_000 + n;
  await ensureLanguage(db, values.languageCode ?? 'en', values.languageCode === 'hi' ? 'Hindi' : 'English');
  const [magazine] = await db
    .insert(magazines)
    .values({ id, name: `Magazine ${id}`, slug: `magazine-${id}`, languageCode: 'en', popularity: 1000 - n, ...values })
    .returning();
  const [issue] = await db
    .insert(issues)
    .values({
      id: 5_000_000 + n,
      magazineId: id,
      name: 'November 2026',
      issueDate: '2026-11-01',
      pageCount: 12,
      coverPath: `covers/${5_000_000 + n}`,
      coverWidth: 200,
      coverHeight: 260,
    })
    .returning();
  for (const [rank, list] of lists.entries()) await db.insert(magazineLists).values({ list, magazineId: id, rank });
  return { magazine, issue };
}

export async function createStory(db: Database, values: Partial<NewStory> & { magazineId: number; issueId: number; categoryId: number }) {
  const n = next();
  const [row] = await db
    .insert(stories)
    .values({
      title: `Story ${n}`,
      subtitle: `Subtitle ${n}`,
      body: 'First paragraph.\n\nSecond paragraph.',
      shortDesc: 'First paragraph.',
      timeRead: 120,
      canonUrl: `test/story-${n}`,
      slug: `story-${n}`,
      publishedAt: new Date(Date.UTC(2026, 10, 1, 0, n)),
      ...values,
    })
    .returning();
  return row;
}
