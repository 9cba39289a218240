import { plainBlocks, readingBlocks, type TextLayer } from '@/lib/text-layer';
import type { PageTextAnswer } from '@/lib/wire';
import { pageTextLayer } from '../media/render';
import type { pageToRender } from './queries';

/**
 * A page row (pageToRender) into the reader's text answer: the lines its PDF placed, or for a page drawn from its text
 * (the demo seed) the lines of the layout that draws it, and its reading blocks. Kept apart from the read for a
 * caller that needs the row's plain text too (a clipping's words).
 */
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
