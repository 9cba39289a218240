import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { cached } from '../cache';
import { MEDIA_DIR, jwtSecret } from '../config';
import { renderPageImage, type Scale } from '../media/render';
import { pageToRender } from './queries';

/** API path of the page images; the code and a per-page signature make every address unguessable. */
export const PAGE_IMAGE_PREFIX = '/api/reader/page';

function signature(jti: string, issueId: number, pageNo: number, scale: Scale): string {
  return createHmac('sha256', jwtSecret()).update(`reader-page|${jti}|${issueId}|${pageNo}|${scale}`).digest('base64url').slice(0, 22);
}

/** The token of one page at one scale for one code: p{page}x{scale}-{signature}. */
export function pageToken(jti: string, issueId: number, pageNo: number, scale: Scale): string {
  return `p${pageNo}x${scale}-${signature(jti, issueId, pageNo, scale)}`;
}

export function pageImageUrl(code: string, jti: string, issueId: number, pageNo: number, scale: Scale): string {
  return `${PAGE_IMAGE_PREFIX}/${encodeURIComponent(code)}/${pageToken(jti, issueId, pageNo, scale)}`;
}

/** The page and scale a token names when its signature holds for this code and issue; null otherwise. */
export function readPageToken(token: string, jti: string, issueId: number): { pageNo: number; scale: Scale } | null {
  const match = /^p(\d{1,5})x([123])-([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const pageNo = Number(match[1]);
  const scale = Number(match[2]) as Scale;
  const want = Buffer.from(signature(jti, issueId, pageNo, scale));
  const got = Buffer.from(match[3]);
  return want.length === got.length && timingSafeEqual(want, got) ? { pageNo, scale } : null;
}

export function pageImageFile(issueId: number, pageNo: number, scale: Scale): string {
  return path.join(MEDIA_DIR, 'pages', String(issueId), String(pageNo), 'view', `${scale}.jpg`);
}

/** The WebP twin beside a page's JPEG, when the page has one (imported pages do), for browsers that accept it. */
export async function webpTwin(jpegFile: string, accept: string | undefined): Promise<string | null> {
  if (!accept?.includes('image/webp')) return null;
  const twin = jpegFile.replace(/\.jpg$/, '.webp');
  try {
    await fs.access(twin);
    return twin;
  } catch {
    return null;
  }
}

/**
 * The page image file, rendered on first request (the seed does not pre-render 28,000 pages) and kept on disk.
 * Concurrent requests for one image share one render (the cache 'page-images', which the import drops when it
 * moves an issue's pages in); the file appears whole through a rename.
 */
export function ensurePageImage(issueId: number, pageNo: number, scale: Scale): Promise<string | null> {
  const file = pageImageFile(issueId, pageNo, scale);
  return cached('page-images', file, async () => {
    try {
      await fs.access(file);
      return file;
    } catch {
      // not rendered yet
    }
    const page = await pageToRender(issueId, pageNo);
    // An imported page was drawn from its PDF at import; until its images are moved in there is nothing to show.
    if (!page || page.sourceFile !== null) return null;
    const image = await renderPageImage(
      { magazineName: page.magazineName, issueName: page.issueName, pageNo, text: page.text, width: page.width, height: page.height },
      scale,
    );
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, image);
    await fs.rename(temporary, file);
    return file;
  });
}

/**
 * Starts rendering the pages a reader will show first, so their requests find them ready or in progress. They render
 * one after another in the order given: the page shown first does not share the machine with the ones after it.
 */
export function warmPages(issueId: number, pageNos: number[], scale: Scale = 1): void {
  void pageNos.reduce<Promise<void>>(
    (previous, pageNo) =>
      previous.then(() =>
        ensurePageImage(issueId, pageNo, scale).then(
          () => undefined,
          (error: unknown) => console.error(`[reader] rendering page ${issueId}/${pageNo}:`, error),
        ),
      ),
    Promise.resolve(),
  );
}
