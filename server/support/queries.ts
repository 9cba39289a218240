import { lt, sql } from 'drizzle-orm';
import { HELP_REQUEST_RETENTION_DAYS } from '@/lib/help-forms';
import { hashSecret } from '../auth/secrets';
import { getDb } from '../db/client';
import { contactRequests, rateLimits, supportRequests } from '../db/schema';

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
