import { desc, and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { auditLog, type AuditEntry } from '../db/schema';
import type { StaffAccess } from '../context';

/** A database or an open transaction: an audit row is written with the change it records, in the same transaction. */
export type Executor = Pick<Database, 'insert' | 'delete' | 'select' | 'update' | 'execute'>;

/** How long audit rows are kept (AUDIT_RETENTION_DAYS, default 365). */
export function auditRetentionDays(): number {
  const days = Number(process.env.AUDIT_RETENTION_DAYS ?? 365);
  return Number.isFinite(days) && days >= 1 ? Math.floor(days) : 365;
}

/** Who acted: a console user, or the command line (npm run operator). */
export type Actor = Pick<StaffAccess, 'userId' | 'label'> | { userId: null; label: string };

export interface AuditChange {
  action: string;
  libraryId?: number | null;
  target?: string;
  before?: unknown;
  after?: unknown;
}

/** JSON with dates as ISO strings and secrets left out, so a row never holds a password hash or a PIN. */
const SECRET_KEYS = new Set(['passwordHash', 'pinHash', 'cardHash', 'oidcClientSecret', 'sip2LoginPassword', 'partnerKeyHash', 'tokenHash', 'codeHash']);

function snapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (SECRET_KEYS.has(key) ? (v ? '(set)' : v) : v))) as unknown;
}

/**
 * Records one console change. Call it with the transaction that makes the change, so the row exists exactly when the
 * change does. Rows past the retention period go with the hourly clean-up (pruneAudit, server/jobs/upkeep.ts).
 */
export async function audit(tx: Executor, actor: Actor, change: AuditChange): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: change.action,
    libraryId: change.libraryId ?? null,
    target: change.target ?? '',
    before: snapshot(change.before),
    after: snapshot(change.after),
  });
}

/** Deletes the rows older than AUDIT_RETENTION_DAYS (the at index makes it cheap). */
export async function pruneAudit(db: Executor = getDb()): Promise<void> {
  await db.delete(auditLog).where(lt(auditLog.at, sql`now() - make_interval(days => ${auditRetentionDays()})`));
}

export interface AuditQuery {
  /** Libraries in reach (null: all, for an operator; site-wide rows are shown to operators only). */
  libraries: number[] | null;
  libraryId?: number;
  action?: string;
  page: number;
  pageSize: number;
}

/** A page of the audit log, newest first. */
export async function listAudit(query: AuditQuery): Promise<{ entries: AuditEntry[]; page: number; pageSize: number; total: number }> {
  const conditions: SQL[] = [];
  if (query.libraries) conditions.push(query.libraries.length ? inArray(auditLog.libraryId, query.libraries) : sql`false`);
  if (query.libraryId) conditions.push(eq(auditLog.libraryId, query.libraryId));
  if (query.action) conditions.push(sql`${auditLog.action} like ${`${query.action.replace(/[%_\\]/g, '\\$&')}%`}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const db = getDb();
  const [entries, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { entries, page: query.page, pageSize: query.pageSize, total };
}
