import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';
import { categories, issues, magazines } from './catalogue';
import { accessCodes, libraries } from './libraries';
import { ownedByMember, users } from './users';

/** Site operators: every library, every console call. */
export const siteOperators = pgTable('site_operators', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...timestamps,
});

/** Library staff: the console for the libraries named here only. */
export const libraryStaff = pgTable(
  'library_staff',
  {
    userId: ownedByMember(),
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'library_staff_pk', columns: [t.userId, t.libraryId] }), index('library_staff_library_idx').on(t.libraryId)],
);

/**
 * Every change made in the console: who, when, what, for which library, before and after. The actor is kept by id
 * and by label, so the row still says who acted after that account is deleted; pruned after AUDIT_RETENTION_DAYS.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorLabel: text('actor_label').notNull().default(''),
    /** What was done, as `thing.verb` ('member.create', 'library.update', 'issue.withdraw'). */
    action: text('action').notNull(),
    libraryId: integer('library_id'),
    /** What was changed, as `kind:id` ('member:12', 'issue:5001'). */
    target: text('target').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_library_at_idx').on(t.libraryId, t.at)],
);

/** A library's chosen titles, when its collection is not every title (libraries.collection_mode = 'chosen'). */
export const libraryCollectionTitles = pgTable(
  'library_collection_titles',
  {
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    magazineId: integer('magazine_id')
      .notNull()
      .references(() => magazines.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'library_collection_titles_pk', columns: [t.libraryId, t.magazineId] })],
);

/** A library's chosen categories: every title in them is in its collection. */
export const libraryCollectionCategories = pgTable(
  'library_collection_categories',
  {
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'library_collection_categories_pk', columns: [t.libraryId, t.categoryId] })],
);

/** Each time an access code let someone join its library. */
export const accessCodeUses = pgTable(
  'access_code_uses',
  {
    id: serial('id').primaryKey(),
    accessCodeId: integer('access_code_id')
      .notNull()
      .references(() => accessCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_code_uses_code_idx').on(t.accessCodeId, t.usedAt)],
);

/** A PDF uploaded in the console and its import: queued, running, done or failed, with what it chose or why not. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    /** 'uploading', 'receiving' (its bytes arriving), 'queued', 'running', then 'imported', 'updated', 'unchanged', 'failed' or 'cancelled'. */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    /** The metadata the import chose and where each value came from. */
    metadata: jsonb('metadata'),
    /** What the import lost in drawing, each naming its page (strings). */
    warnings: jsonb('warnings'),
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'set null' }),
    createdBy: integer('created_by'),
    /** What a new title takes when the file's metadata does not say: category, language, age rating. */
    defaults: jsonb('defaults'),
    /** The operator asked that the file replace the issue of its title and date another file was imported as (`--replace`). */
    replace: boolean('replace').notNull().default(false),
    /** The upload's key in the media storage (`uploads/{id}/{file}`), where any instance reads it; gone once imported. */
    storedPath: text('stored_path'),
    bytes: bigint('bytes', { mode: 'number' }),
    pagesDone: integer('pages_done').notNull().default(0),
    pageCount: integer('page_count'),
    /** Tries the job queue made (server/jobs), out of maxTries; the reason of the last failed try is in `error`. */
    tries: integer('tries').notNull().default(0),
    maxTries: integer('max_tries'),
    /** When a failed try is tried again (back-off), while the status is 'queued'. */
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('import_jobs_created_idx').on(t.createdAt), index('import_jobs_status_idx').on(t.status, t.id)],
);

/**
 * The job queue's workers (server/jobs/liveness.ts), each seen every few seconds by its instance: the jobs a worker
 * not seen for half a minute holds are handed to the others (graphile-worker alone would wait four hours).
 */
export const jobRunners = pgTable(
  'job_runners',
  {
    workerId: text('worker_id').primaryKey(),
    instance: text('instance').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_runners_seen_idx').on(t.seenAt)],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
export type ImportJob = typeof importJobs.$inferSelect;
