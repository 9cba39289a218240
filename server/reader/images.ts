import { createHmac, timingSafeEqual } from 'node:crypto';
import { cached } from '../cache';
import { jwtSecret } from '../config';
import { renderPageImage, type Scale } from '../media/render';
import { prepareWebp } from '../media/serve';
import { ensurePageDrawn } from '../import/draw';
import { mediaStorage, StorageUnavailableError } from '../storage';
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

/** The address of a page image in the storage (its JPEG); an imported page stores its WebP master (3x) alone. */
export function pageImageKey(issueId: number, pageNo: number, scale: Scale): string {
  return `pages/${issueId}/${pageNo}/view/${scale}.jpg`;
}

/**
 * The page image's storage key, rendered on first request (the seed does not pre-render 28,000 pages) and kept in
 * the media storage, where every instance finds it. Concurrent requests for one image share one render (the cache
 * 'page-images', which the import drops when it moves an issue's pages in); two instances may both render it, and
 * the second write replaces the first whole with the same image.
 */
export function ensurePageImage(issueId: number, pageNo: number, scale: Scale): Promise<string | null> {
  const key = pageImageKey(issueId, pageNo, scale);
  return cached('page-images', key, async () => {
    const storage = mediaStorage();
    if (await storage.exists(key)) return key;
    // An imported page: the other sizes and forms are made from its master when asked for (openWithTwin).
    if (await storage.exists(`pages/${issueId}/${pageNo}/view/3.webp`)) return key;
    const page = await pageToRender(issueId, pageNo);
    if (!page) return null;
    if (page.sourceFile !== null) {
      // An imported page not drawn yet (its issue's pages are drawn after its rows commit): drawn from the original
      // now and kept, once, however many ask (server/import/draw.ts claims it).
      if (await ensurePageDrawn(issueId, pageNo)) return key;
      throw new StorageUnavailableError(new Error(`page ${pageNo} of issue ${issueId} is still being drawn`));
    }
    const image = await renderPageImage(
      { magazineName: page.magazineName, issueName: page.issueName, pageNo, text: page.text, width: page.width, height: page.height },
      scale,
    );
    await storage.write(key, image);
    return key;
  });
}

/**
 * Starts rendering the pages a reader will show first (and making their WebP), so their requests find them ready or
 * in progress. They render
 * one after another in the order given: the page shown first does not share the machine with the ones after it.
 */
export function warmPages(issueId: number, pageNos: number[], scale: Scale = 1): void {
  void pageNos.reduce<Promise<void>>(
    (previous, pageNo) =>
      previous.then(() =>
        ensurePageImage(issueId, pageNo, scale).then(
          // An imported page stores its 3x alone: the size the reader asks for first is made now, not on its request.
          async (key) => {
            if (key) await prepareWebp(key);
          },
          (error: unknown) => console.error(`[reader] rendering page ${issueId}/${pageNo}:`, error),
        ),
      ),
    Promise.resolve(),
  );
}
