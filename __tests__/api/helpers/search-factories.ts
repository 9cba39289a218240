import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { issuePages, issues, languages } from '@/server/db/schema';

let sequence = 0;

/** A language searched with a PostgreSQL text-search configuration (factories.ensureLanguage leaves 'simple'). */
export async function ensureSearchLanguage(db: Database, code: string, name: string, searchConfig: string) {
  await db
    .insert(languages)
    .values({ code, name, displayName: name, sortOrder: 1, searchConfig })
    .onConflictDoUpdate({ target: languages.code, set: { searchConfig } });
}

/** Printed pages for an issue: page numbers to the text on them; other pages up to `pageCount` get filler text. */
export async function addPages(db: Database, issueId: number, texts: Record<number, string>, pageCount = Math.max(...Object.keys(texts).map(Number))) {
  const rows = Array.from({ length: pageCount }, (_, i) => {
    const pageNo = i + 1;
    return {
      issueId,
      pageNo,
      imagePath: `pages/${issueId}/${pageNo}`,
      width: 800,
      height: 1100,
      text: texts[pageNo] ?? `Page ${pageNo} of this issue carries advertisements and the contents list.`,
    };
  });
  await db.insert(issuePages).values(rows);
  await db.update(issues).set({ pageCount }).where(eq(issues.id, issueId));
}

/** Another issue of a magazine, newer or older than its first. */
export async function addIssue(db: Database, magazineId: number, values: { name?: string; issueDate?: string } = {}) {
  sequence += 1;
  const id = 7_000_000 + sequence;
  const [issue] = await db
    .insert(issues)
    .values({
      id,
      magazineId,
      name: values.name ?? `Issue ${sequence}`,
      issueDate: values.issueDate ?? '2026-10-01',
      pageCount: 0,
      coverPath: `covers/${id}`,
      coverWidth: 200,
      coverHeight: 260,
    })
    .returning();
  return issue;
}
