import { bigserial, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { libraries } from './libraries';

/**
 * Today's salt for the session hashes of usage_events. A day's row is deleted once the day is over, so a hash
 * stored beside the counts can no longer be tied back to a member (COUNTER 5.1 counts without keeping who read).
 */
export const usageSalts = pgTable('usage_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/** What a counted use and a counted search both are: a row of a library at an hour. */
const countedEvent = {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** UTC day of the use or search: Unique_Item_* count one per session, item and day. */
  day: date('day', { mode: 'string' }).notNull(),
  /** The hour of the use or search (UTC, truncated). */
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  libraryId: integer('library_id').notNull(),
};

/**
 * One counted use (COUNTER 5.1): an issue opened in the reader ('issue'), a page read ('page') or a story opened
 * ('story'), by a salted hash of the session, in a library, at an hour. No member id, name, e-mail or card.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    ...countedEvent,
    /** The magazine or newspaper (the COUNTER title). */
    titleId: integer('title_id').notNull(),
    issueId: integer('issue_id').notNull(),
    storyId: integer('story_id'),
    pageNo: integer('page_no'),
    kind: text('kind', { enum: ['issue', 'page', 'story'] }).notNull(),
    /** sha256 of the day's salt, the library and the session: stable within the day, meaningless after it. */
    sessionHash: text('session_hash').notNull(),
    /** The last click, for the 30-second double-click rule; cleared when the day's salt goes. */
    lastClickAt: timestamp('last_click_at', { withTimezone: true }),
  },
  (t) => [
    index('usage_events_library_day_idx').on(t.libraryId, t.day),
    index('usage_events_click_idx').on(t.sessionHash, t.kind, t.issueId),
  ],
);

export type UsageEvent = typeof usageEvents.$inferSelect;
export type NewUsageEvent = typeof usageEvents.$inferInsert;

/**
 * One search a member ran (COUNTER 5.1 Searches_Platform): a search that fetched a new set of results, by the same
 * salted session hash as usage_events, in a library, at an hour. No member id, name, e-mail or card, and no query.
 */
export const usageSearches = pgTable(
  'usage_searches',
  {
    ...countedEvent,
    /** sha256 of the day's salt, the library and the session: stable within the day, meaningless after it. */
    sessionHash: text('session_hash').notNull(),
  },
  (t) => [index('usage_searches_library_day_idx').on(t.libraryId, t.day)],
);

export type UsageSearch = typeof usageSearches.$inferSelect;

/**
 * A COUNTER API credential of a library, made by its staff for one harvester: the requestor id (public, shown in the
 * console) and a SHA-256 hash of the API key (shown once when made, never stored). Revoked keys stay for the record.
 */
export const counterApiKeys = pgTable(
  'counter_api_keys',
  {
    id: serial('id').primaryKey(),
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    requestorId: text('requestor_id').notNull(),
    keyHash: text('key_hash').notNull(),
    /** What staff call the harvester it is for ("Celus", "our ERM"). */
    label: text('label').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('counter_api_keys_requestor_idx').on(t.requestorId), index('counter_api_keys_library_idx').on(t.libraryId)],
);

export type CounterApiKey = typeof counterApiKeys.$inferSelect;
