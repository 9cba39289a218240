import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CounterKeySummary } from '@/lib/wire';
import { audit, type Actor } from '../admin/audit';
import { getDb } from '../db/client';
import { counterApiKeys, libraries } from '../db/schema';
import { HttpError } from '../http/errors';
import { CounterError } from './counter-exceptions';
import { counterKeySummary } from './present';

function hashOf(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

export async function listCounterKeys(libraryId: number): Promise<CounterKeySummary[]> {
  const rows = await getDb().select().from(counterApiKeys).where(eq(counterApiKeys.libraryId, libraryId)).orderBy(desc(counterApiKeys.createdAt), desc(counterApiKeys.id));
  return rows.map(counterKeySummary);
}

/** Makes a key for a harvester: the API key is returned this once, and only its hash is kept. */
export async function createCounterKey(actor: Actor, libraryId: number, label: string): Promise<{ key: CounterKeySummary; apiKey: string }> {
  const apiKey = randomBytes(32).toString('base64url');
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(counterApiKeys)
      .values({ libraryId, requestorId: randomUUID(), keyHash: hashOf(apiKey), label, createdBy: actor.userId })
      .returning();
    const key = counterKeySummary(row);
    await audit(tx, actor, { action: 'counter-key.create', libraryId, target: key.requestorId, after: key });
    return { key, apiKey };
  });
}

/** Revokes a key of the library: from now on its requests get Exception 2000. */
export async function revokeCounterKey(actor: Actor, libraryId: number, keyId: number): Promise<CounterKeySummary> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(counterApiKeys)
      .set({ revokedAt: sql`coalesce(${counterApiKeys.revokedAt}, now())` })
      .where(and(eq(counterApiKeys.id, keyId), eq(counterApiKeys.libraryId, libraryId)))
      .returning();
    if (!row) throw new HttpError(404, 'No such key', { field: 'keyId' });
    const key = counterKeySummary(row);
    await audit(tx, actor, { action: 'counter-key.revoke', libraryId, target: key.requestorId, after: key });
    return key;
  });
}

/** The library a harvester may read: the one whose customer_id it gave, checked against its requestor id and key. */
export interface Harvester {
  library: { id: number; name: string };
  requestorId: string;
}

/** The customer id of "The World" (global reports), which this platform does not offer. */
const THE_WORLD = '0000000000000000';

/**
 * Checks a COUNTER API call's credentials (Code of Practice 5.1, 8.2: customer ID with requestor ID, and an API key):
 * 1030 when customer_id or requestor_id is missing, 2000 for an unknown or revoked requestor, 2020 for a wrong key,
 * 2011 for The World, 2010 for another library's customer_id. Nothing depends on the caller's address: section 8.2
 * forbids authorization based on IP addresses (docs/decisions.md).
 */
export async function harvesterOf(query: Record<string, string | undefined>): Promise<Harvester> {
  const customerId = query.customer_id?.trim();
  const requestorId = query.requestor_id?.trim();
  if (!customerId || !requestorId) {
    const missing = [!customerId && 'customer_id', !requestorId && 'requestor_id'].filter(Boolean).join(' and ');
    throw new CounterError(1030, `${missing} ${missing.includes(' and ') ? 'are' : 'is'} required`);
  }
  const [key] = await getDb()
    .select({ key: counterApiKeys, libraryName: libraries.name })
    .from(counterApiKeys)
    .innerJoin(libraries, eq(libraries.id, counterApiKeys.libraryId))
    .where(and(eq(counterApiKeys.requestorId, requestorId), isNull(counterApiKeys.revokedAt)))
    .limit(1);
  if (!key) throw new CounterError(2000, 'requestor_id is not recognized or has been revoked');
  const given = Buffer.from(hashOf(query.api_key ?? ''), 'hex');
  if (!timingSafeEqual(given, Buffer.from(key.key.keyHash, 'hex'))) throw new CounterError(2020, query.api_key ? 'api_key does not match requestor_id' : 'api_key is required');
  if (customerId === THE_WORLD) throw new CounterError(2011);
  if (customerId !== String(key.key.libraryId)) throw new CounterError(2010, `requestor_id may not harvest customer_id ${customerId}`);
  await getDb().update(counterApiKeys).set({ lastUsedAt: sql`now()` }).where(eq(counterApiKeys.id, key.key.id));
  return { library: { id: key.key.libraryId, name: key.libraryName }, requestorId };
}
