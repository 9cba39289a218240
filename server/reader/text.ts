import { asc, eq } from 'drizzle-orm';
import { findAll, plainBlocks, readingBlocks, type TextLayer } from '@/lib/text-layer';
import type { FoundPage, PageTextAnswer } from '@/lib/wire';
import { getDb } from '../db/client';
import { issuePages } from '../db/schema';
import { pageTextLayer } from '../media/render';
import { pageToRender } from './queries';


/**
 * A page's text layer: an imported page's lines as its PDF placed them; a page drawn from its text (the demo seed)
 * gets its lines from the same layout that draws it; a page imported before layers were kept, its plain text.
 */
export async function pageText(issueId: number, pageNo: number): Promise<PageTextAnswer | null> {
  const row = await pageToRender(issueId, pageNo);
  return row ? pageTextOf(row) : null;
}

/** The text layer of a page row already read (pageToRender), for a caller that needs the row's plain text too. */
export function pageTextOf(row: NonNullable<Awaited<ReturnType<typeof pageToRender>>>): PageTextAnswer {
  const { width, height, pageNo } = row;
  const layer: TextLayer | null = row.textLayer
    ? { width, height, lines: row.textLayer }
    : row.sourceFile === null
      ? pageTextLayer({ magazineName: row.magazineName, issueName: row.issueName, pageNo, text: row.text, width, height })
      : null;
  const blocks = layer && layer.lines.length ? readingBlocks(layer) : plainBlocks(row.text);
  return { pageNo, width, height, lines: layer?.lines ?? [], blocks, hasText: blocks.length > 0 };
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
