import { asc, eq, inArray } from 'drizzle-orm';
import type { Session } from '../auth/session';
import { getDb } from '../db/client';
import { libraries, libraryStaff, siteOperators } from '../db/schema';

/** Who is using the console: a site operator (every library) or library staff (the libraries listed). */
export interface StaffAccess {
  userId: number;
  /** How the audit log names them (their email, else mobile, else `user N`). */
  label: string;
  operator: boolean;
  /** The libraries this person is staff of (empty for an operator, who has them all). */
  libraryIds: number[];
}

export const NOT_STAFF = 'This is for library staff and site operators only.';
export const OTHER_LIBRARY = 'You are not staff of this library.';
export const OPERATORS_ONLY = 'Only a site operator may do that.';

/** The console roles of a user, or null when they have none (a member). Read afresh each request: a revoked role ends at once. */
export async function findStaffAccess(userId: number, label = `user ${userId}`): Promise<StaffAccess | null> {
  const db = getDb();
  const [operator, staff] = await Promise.all([
    db.select({ userId: siteOperators.userId }).from(siteOperators).where(eq(siteOperators.userId, userId)).limit(1),
    db.select({ libraryId: libraryStaff.libraryId }).from(libraryStaff).where(eq(libraryStaff.userId, userId)),
  ]);
  if (!operator[0] && staff.length === 0) return null;
  return { userId, label, operator: Boolean(operator[0]), libraryIds: staff.map((row) => row.libraryId).sort((a, b) => a - b) };
}

/** The staff role of a session's person, or null for a member (or nobody). */
export function staffOf(session: Session | null): Promise<StaffAccess | null> {
  if (!session) return Promise.resolve(null);
  const label = session.user?.email || session.user?.mobile || `user ${session.claims.uid}`;
  return findStaffAccess(session.claims.uid, label);
}

/** Whether this person may manage the library. */
export function canManageLibrary(staff: StaffAccess, libraryId: number): boolean {
  return staff.operator || staff.libraryIds.includes(libraryId);
}

/** The libraries a list may show: null for an operator (all), else the staff's own. */
export function librariesInReach(staff: StaffAccess): number[] | null {
  return staff.operator ? null : staff.libraryIds;
}

/** The libraries a console person manages, by name: every library for an operator (reach null). */
export async function librariesForStaff(reach: number[] | null): Promise<{ id: number; name: string }[]> {
  const db = getDb();
  const columns = { id: libraries.id, name: libraries.name };
  if (reach === null) return db.select(columns).from(libraries).orderBy(asc(libraries.name));
  return reach.length ? db.select(columns).from(libraries).where(inArray(libraries.id, reach)).orderBy(asc(libraries.name)) : [];
}
