import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';

/** One-time sign-in codes, kept only as a hash. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    /** 'email' or 'mobile'. */
    channel: text('channel').notNull(),
    /** The normalised address or number the code was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('one_time_codes_target_idx').on(t.channel, t.target)],
);

/** Tokens signed out before they expired. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/** Reader codes issued by genCode: one member, one library, one issue. */
export const readerCodes = pgTable(
  'reader_codes',
  {
    id: serial('id').primaryKey(),
    jti: text('jti').notNull(),
    userId: integer('user_id').notNull(),
    libraryId: integer('library_id').notNull(),
    issueId: integer('issue_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('reader_codes_jti_idx').on(t.jti)],
);

/** Fixed-window counters for rate limits when Redis is not configured. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** Messages that would go out by email or SMS when no SMTP or SMS gateway is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
