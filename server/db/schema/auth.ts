import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';
import { libraries } from './libraries';
import { ownedByMember } from './users';

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

/**
 * A way into an account other than its email or mobile: a library card ('card', subject = hashSecret of the
 * card number) or a library's OpenID Connect provider ('sso', subject = the provider's `sub`).
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: ownedByMember(),
    ...timestamps,
  },
  (t) => [uniqueIndex('external_identities_subject_idx').on(t.kind, t.libraryId, t.subject), index('external_identities_user_idx').on(t.userId)],
);

/** Sign-in links a partner built (validateToken randomtoken): kept as a hash, single use, short-lived. */
export const partnerLinks = pgTable(
  'partner_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    issueId: integer('issue_id'),
    /** A same-site path to open after sign-in, when the link names no issue. */
    destination: text('destination'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('partner_links_token_idx').on(t.tokenHash)],
);

export type ExternalIdentity = typeof externalIdentities.$inferSelect;
export type PartnerLink = typeof partnerLinks.$inferSelect;
