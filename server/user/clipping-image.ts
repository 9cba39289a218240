import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { ensurePageImage } from '../reader/images';
import { mediaStorage, StorageUnavailableError } from '../storage';
import type { Region } from './clipping-text';

/** The page image the picture is cut from: 2x, sharp enough for a clipping shown up to the width of a phone. */
const SOURCE_SCALE = 2;
const JPEG = { quality: 85 } as const;

/** The region cut from the page's stored image, as a JPEG; null when the page has no image (yet). */
export async function cropClipping(issueId: number, pageNo: number, region: Region): Promise<Buffer | null> {
  const key = await ensurePageImage(issueId, pageNo, SOURCE_SCALE);
  const object = key ? await mediaStorage().open(key) : null;
  if (!object) return null;
  const page = sharp(Buffer.concat(await object.body.toArray()));
  const { width = 0, height = 0 } = await page.metadata();
  const left = Math.min(Math.floor(region.x * width), width - 1);
  const top = Math.min(Math.floor(region.y * height), height - 1);
  return page
    .extract({
      left,
      top,
      width: Math.max(1, Math.min(Math.round(region.width * width), width - left)),
      height: Math.max(1, Math.min(Math.round(region.height * height), height - top)),
    })
    .jpeg(JPEG)
    .toBuffer();
}

/**
 * Answers a clipping's picture. Cut when asked rather than stored: the clipping is then only its row, gone whole
 * when the member deletes it or their account, and the picture is never shown once the issue is not theirs to see.
 */
export async function sendClippingImage(req: IncomingMessage, res: ServerResponse, clipping: { issueId: number; pageNo: number } & Region): Promise<null> {
  const image = await cropClipping(clipping.issueId, clipping.pageNo, clipping).catch((error: unknown) => {
    if (error instanceof StorageUnavailableError) throw new HttpError(503, 'The page images are not reachable just now; try again shortly');
    throw error;
  });
  if (!image) throw new HttpError(404, 'The page of this clipping has no picture yet', { field: 'id' });
  res.statusCode = 200;
  res.setHeader('Content-Type', 'image/jpeg');
  res.setHeader('Content-Length', image.length);
  // A member's own picture: kept by their browser a little, never by a shared cache.
  res.setHeader('Cache-Control', 'private, max-age=300');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(req.method === 'HEAD' ? undefined : image);
  return null;
}
