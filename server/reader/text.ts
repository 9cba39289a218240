import { asc, eq } from 'drizzle-orm';
import { findAll } from '@/lib/text-layer';
import type { FoundPage, PageTextAnswer } from '@/lib/wire';
import { getDb } from '../db/client';
import { issuePages } from '../db/schema';
import { pageTextOf } from './present';
import { pageToRender } from './queries';

/**
 * A page's text layer: an imported page's lines as its PDF placed them; a page drawn from its text (the demo seed)
 * gets its lines from the same layout that draws it; a page imported before layers were kept, its plain text.
 */
export async function pageText(issueId: number, pageNo: number): Promise<PageTextAnswer | null> {
  const row = await pageToRender(issueId, pageNo);
  return row ? pageTextOf(row) : null;
}

const EXCERPT_SIDE = 60;

/** Every page of an issue that holds the words (case and accents folded), in page order. */
export async function findInIssue(issueId: number, words: string): Promise<FoundPage[]> {
  const rows = await getDb().select({ pageNo: issuePages.pageNo, text: issuePages.text }).from(issuePages).where(eq(issuePages.issueId, issueId)).orderBy(asc(issuePages.pageNo));
  return rows.flatMap((row) => {
    const text = row.text.replace(/\s+/g, ' ');
    const found = findAll(text, words);
    if (!found.length) return [];
    const [start, end] = found[0];
    const from = Math.max(0, start - EXCERPT_SIDE);
    const to = Math.min(text.length, end + EXCERPT_SIDE);
    const excerpt = `${from > 0 ? '…' : ''}${text.slice(from, to).trim()}${to < text.length ? '…' : ''}`;
    return [{ pageNo: row.pageNo, count: found.length, excerpt }];
  });
}
