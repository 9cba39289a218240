import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';

/** A person who reads: a member, a guest, or someone not yet in a library. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    /** Sessions signed before this moment are over (set when the password changes; null: none ended). */
    sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true }),
    uploadedId: text('uploaded_id').notNull().default(''),
    /** 'member', 'guest' (SPEC leaves the values open; these are ours). */
    userType: text('user_type').notNull().default('member'),
    /** The unique id a guest's browser made (loginAsGuest uniqId). */
    guestUid: text('guest_uid'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_uuid_idx').on(t.uuid),
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_mobile_idx').on(t.mobile),
    uniqueIndex('users_guest_uid_idx').on(t.guestUid),
  ],
);

/** user_id of a row that is a member's own: it goes with their account. */
export function ownedByMember() {
  return integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/** Favourite magazines (SPEC §3 Favourites: a list of magazine ids). */
export const favourites = pgTable(
  'favourites',
  {
    userId: ownedByMember(),
    magazineId: integer('magazine_id').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'favourites_pk', columns: [t.userId, t.magazineId] })],
);

/** Story categories a member marked as favourite (Category is_fav). */
export const favouriteStoryCategories = pgTable(
  'favourite_story_categories',
  {
    userId: ownedByMember(),
    categoryId: integer('category_id').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'favourite_story_categories_pk', columns: [t.userId, t.categoryId] })],
);

/** The last page a member read in an issue, so the reader can resume. */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: ownedByMember(),
    issueId: integer('issue_id').notNull(),
    page: integer('page').notNull().default(1),
    /** The reading app that saved the page (KOReader's device and device_id); null when the web reader did. */
    device: text('device'),
    deviceId: text('device_id'),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'reading_progress_pk', columns: [t.userId, t.issueId] })],
);

/**
 * A personal password a member makes for one reading app (an OPDS app, KOReader), named by them, shown once and
 * revoked at will. Kept as SHA-256 of the MD5 of the password: KOReader's sync sends only that MD5, the password is
 * random and long enough that a fast hash is safe, and one stored value serves HTTP Basic and KOReader alike.
 */
export const appPasswords = pgTable(
  'app_passwords',
  {
    id: serial('id').primaryKey(),
    userId: ownedByMember(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The password's last four characters, so the member can tell passwords apart. */
    hint: text('hint').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('app_passwords_user_idx').on(t.userId)],
);

export type AppPassword = typeof appPasswords.$inferSelect;

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
