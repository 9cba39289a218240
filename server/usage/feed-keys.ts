import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FeedKeyView } from '@/lib/wire';
import { audit, type Actor } from '../admin/audit';
import { getDb } from '../db/client';
import { libraryFeedKeys } from '../db/schema';
import { HttpError } from '../http/errors';
import { findLibrary } from '../user/queries';
import { presentFeedKey } from './present';

/** SHA-256 of a key: keys are 32 random bytes, so a plain hash is enough to make a stolen table useless. */
function hashFeedKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export async function feedKeysOf(libraryId: number): Promise<FeedKeyView[]> {
  const rows = await getDb().select().from(libraryFeedKeys).where(eq(libraryFeedKeys.libraryId, libraryId)).orderBy(desc(libraryFeedKeys.createdAt), desc(libraryFeedKeys.id));
  return rows.map(presentFeedKey);
}

/** A new key for the library: the key itself is in this answer only. */
export async function createFeedKey(actor: Actor, libraryId: number, label: string): Promise<{ key: string; feedKey: FeedKeyView }> {
  const key = `lf_${randomBytes(32).toString('base64url')}`;
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(libraryFeedKeys)
      .values({ libraryId, label, keyHash: hashFeedKey(key), keyHint: key.slice(-4), createdBy: actor.userId })
      .returning();
    const feedKey = presentFeedKey(row);
    await audit(tx, actor, { action: 'feed_key.create', libraryId, target: `feed_key:${row.id}`, after: feedKey });
    return { key, feedKey };
  });
}

/** Revokes a key: a fetch with it is refused from now on. */
export async function revokeFeedKey(actor: Actor, libraryId: number, keyId: number): Promise<FeedKeyView> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(libraryFeedKeys).where(and(eq(libraryFeedKeys.id, keyId), eq(libraryFeedKeys.libraryId, libraryId))).limit(1).for('update');
    if (!before) throw new HttpError(404, 'No such feed key in this library', { field: 'keyId' });
    const [after] = await tx.update(libraryFeedKeys).set({ revokedAt: before.revokedAt ?? new Date() }).where(eq(libraryFeedKeys.id, keyId)).returning();
    await audit(tx, actor, { action: 'feed_key.revoke', libraryId, target: `feed_key:${keyId}`, before: presentFeedKey(before), after: presentFeedKey(after) });
    return presentFeedKey(after);
  });
}

export const BAD_FEED_KEY = 'This feed key is not valid, or has been revoked.';
export const OTHER_LIBRARY_KEY = 'This feed key is for another library.';

/**
 * The library a keyed fetch may read: 401 for a missing, unknown or revoked key, 403 for a key of another library
 * (so a key never reads another library's titles), 404 when the library is gone.
 */
export async function libraryOfFeedKey(key: string | undefined, libraryId: number) {
  if (!key) throw new HttpError(401, BAD_FEED_KEY, { field: 'key' });
  const db = getDb();
  const [row] = await db.select().from(libraryFeedKeys).where(and(eq(libraryFeedKeys.keyHash, hashFeedKey(key)), isNull(libraryFeedKeys.revokedAt))).limit(1);
  if (!row) throw new HttpError(401, BAD_FEED_KEY, { field: 'key' });
  if (row.libraryId !== libraryId) throw new HttpError(403, OTHER_LIBRARY_KEY);
  const library = await findLibrary(libraryId);
  if (!library) throw new HttpError(404, 'No such library', { field: 'libraryId' });
  await db.update(libraryFeedKeys).set({ lastUsedAt: new Date() }).where(eq(libraryFeedKeys.id, row.id));
  return library;
}
