import { desc } from 'drizzle-orm';
import type { OutboxMessage } from '@/lib/wire';
import { getDb } from '../db/client';
import { outbox } from '../db/schema';

/** The newest messages that would have gone out by email or SMS (development only). */
export async function latestOutbox(limit = 50): Promise<OutboxMessage[]> {
  const rows = await getDb().select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
  return rows.map((row) => ({ id: row.id, channel: row.channel, recipient: row.recipient, subject: row.subject, body: row.body, sentAt: row.createdAt.toISOString() }));
}
