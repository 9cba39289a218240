import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';
import { libraries } from './libraries';

/**
 * A key a library's staff hand to their discovery service or catalogue, so it can fetch the library's KBART list and
 * MARC records by URL without a console session. Only its hash is kept; the key is shown once, when created.
 */
export const libraryFeedKeys = pgTable(
  'library_feed_keys',
  {
    id: serial('id').primaryKey(),
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    /** What the staff called it ('EBSCO Discovery', 'Koha'). */
    label: text('label').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The key's last four characters, so staff can tell keys apart. */
    keyHint: text('key_hint').notNull(),
    createdBy: integer('created_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('library_feed_keys_hash_idx').on(t.keyHash), index('library_feed_keys_library_idx').on(t.libraryId)],
);

/**
 * The titles a library's MARC records have described, with when each was first seen, last changed and withdrawn:
 * the memory "changes since a date" is answered from (a title gone from the collection has no row elsewhere).
 */
export const libraryCatalogueRecords = pgTable(
  'library_catalogue_records',
  {
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    magazineId: integer('magazine_id').notNull(),
    /** The title as last described, for the deletion record once the title itself is gone. */
    title: text('title').notNull(),
    /** SHA-256 of the record's fields (without 005), to notice a change. */
    recordHash: text('record_hash').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'library_catalogue_records_pk', columns: [t.libraryId, t.magazineId] })],
);

export type LibraryFeedKey = typeof libraryFeedKeys.$inferSelect;
