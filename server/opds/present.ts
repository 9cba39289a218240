import type { AppPasswordView } from '@/lib/wire';
import type { AppPassword } from '../db/schema';

/** An app_passwords row into the view My Account shows (lib/wire.ts appPasswordView) (server/opds/credentials.ts lists and makes them). */
export function presentAppPassword(row: AppPassword): AppPasswordView {
  return { id: row.id, name: row.name, hint: row.hint, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}
