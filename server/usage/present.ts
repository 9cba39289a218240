import type { CounterKeySummary, FeedKeyView } from '@/lib/wire';
import type { CounterApiKey, LibraryFeedKey } from '../db/schema';

/** A library's feed key as the console lists it (server/usage/feed-keys.ts): its hint, never the key. */
export function presentFeedKey(row: LibraryFeedKey): FeedKeyView {
  return {
    id: row.id,
    label: row.label,
    hint: `…${row.keyHint}`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** A library's COUNTER API key as the console lists it (server/usage/counter-keys.ts): never the key itself. */
export function counterKeySummary(row: CounterApiKey): CounterKeySummary {
  return {
    id: row.id,
    requestorId: row.requestorId,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
