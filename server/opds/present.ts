import type { AppPassword } from '../db/schema';

/** An app password as its member sees it in My Account: its hint, never the password. */
export interface AppPasswordView {
  id: number;
  name: string;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** An app_passwords row into that view (server/opds/credentials.ts lists and makes them). */
export function appPasswordView(row: AppPassword): AppPasswordView {
  return { id: row.id, name: row.name, hint: row.hint, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}
