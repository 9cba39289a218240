import type { Database } from '@/server/db/client';
import { issues, readingProgress, stores } from '@/server/db/schema';

let sequence = 0;

/** More issues of a title: `count` regular ones a month apart, newest first from `newest`, then `specials`. */
export async function addIssues(db: Database, magazineId: number, options: { count: number; newest: string; specials?: number; firstId: number }) {
  const rows: Array<typeof issues.$inferInsert> = [];
  const start = new Date(`${options.newest}T00:00:00Z`);
  for (let i = 0; i < options.count; i += 1) {
    const date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - i, 1));
    rows.push({
      id: options.firstId + i,
      magazineId,
      name: date.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      issueDate: date.toISOString().slice(0, 10),
      pageCount: 20,
      coverPath: `covers/${options.firstId + i}`,
      coverWidth: 200,
      coverHeight: 260,
    });
  }
  for (let i = 0; i < (options.specials ?? 0); i += 1) {
    sequence += 1;
    const id = options.firstId + options.count + i;
    rows.push({
      id,
      magazineId,
      name: `Special ${sequence}`,
      issueDate: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - i, 15)).toISOString().slice(0, 10),
      isSpecial: true,
      pageCount: 30,
      coverPath: `covers/${id}`,
      coverWidth: 200,
      coverHeight: 260,
    });
  }
  await db.insert(issues).values(rows);
  return rows;
}

export async function ensureStores(db: Database) {
  await db
    .insert(stores)
    .values([
      { id: 1, name: 'India', country: 'IN' },
      { id: 2, name: 'United States', country: 'US' },
    ])
    .onConflictDoNothing();
}

export async function recordProgress(db: Database, userId: number, issueId: number, page: number) {
  await db.insert(readingProgress).values({ userId, issueId, page });
}
