import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { cached } from '../cache';
import { ensureMediaDrawn } from '../import/draw';
import { pageWidth } from '../reader/queries';
import { mediaStorage, StorageUnavailableError, type MediaObject } from '../storage';

/** Public media kinds; issue page images are not among them (the reader serves those with a code). */
const PUBLIC_KINDS = new Set(['covers', 'stories', 'logos', 'categories']);
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml', webp: 'image/webp' };

/** The qualities of an image made on request: the import's WebP (server/import/page-worker.mjs), a plain JPEG. */
const MADE = { webp: { quality: 70, effort: 2 }, jpeg: { quality: 82 } } as const;
/**
 * The address of the largest scale, which an imported page alone stores (its master): the others are made from it.
 * A page too large to draw at 3x (an A0 poster) has its master drawn at the scale that fits, at the same address.
 */
const MASTER_SCALE = 3;

/**
 * Makes an image that is not stored from one that is, stores it and says whether it could: once per key for every
 * browser asking at the same time. `make` answers null when what it is made from is not stored either.
 */
function makeAndKeep(key: string, make: () => Promise<Buffer | null>): Promise<boolean> {
  return cached('media-twins', key, async () => {
    const made = await make();
    if (!made) return false;
    await mediaStorage().write(key, made);
    return true;
  });
}

async function bytesOf(object: MediaObject | null): Promise<Buffer | null> {
  return object ? Buffer.concat(await object.body.toArray()) : null;
}

/** The parts of a `.../view/{n}.{ext}` key, or null for another key. */
function viewKey(key: string): { folder: string; scale: number } | null {
  const match = /^(.*\/view)\/([1-3])\.(?:jpg|webp)$/.exec(key);
  return match ? { folder: match[1], scale: Number(match[2]) } : null;
}

/**
 * The width of `view/{n}` made from a master: n times the page's own width (issue_pages.width, in points), whatever
 * scale the master was drawn at, so 1x and 2x are the same fractions of every page (a poster's master drawn at 2.23x
 * included), and never wider than the master. A folder that is no page's is made in proportion to its master, taken
 * as 3x.
 */
async function madeWidth(view: { folder: string; scale: number }, master: Buffer): Promise<number> {
  const page = /^pages\/(\d+)\/(\d+)\/view$/.exec(view.folder);
  const width = page ? await pageWidth(Number(page[1]), Number(page[2])) : null;
  const { width: masterWidth = 0 } = await sharp(master).metadata();
  // Never wider than the master: a size drawn from it larger would only be bigger, not sharper.
  if (width) return Math.min(width * view.scale, masterWidth || Infinity);
  return Math.max(1, Math.round((masterWidth * view.scale) / MASTER_SCALE));
}

/**
 * `view/{n}.webp`: as stored; else made and kept from the master `view/3.webp` resized (an imported page stores only
 * that), or from `view/{n}.jpg` (the demo seed stores JPEGs only).
 */
async function openWebp(key: string): Promise<MediaObject | null> {
  const storage = mediaStorage();
  const stored = await storage.open(key);
  if (stored) return stored;
  const view = viewKey(key);
  if (!view) return null;
  const made = await makeAndKeep(key, async () => {
    if (view.scale !== MASTER_SCALE) {
      const master = await bytesOf(await storage.open(`${view.folder}/${MASTER_SCALE}.webp`));
      if (master) {
        const resized = sharp(master).resize({ width: await madeWidth(view, master), kernel: 'lanczos3' });
        return resized.webp(MADE.webp).toBuffer();
      }
    }
    const jpeg = await bytesOf(await storage.open(`${view.folder}/${view.scale}.jpg`));
    return jpeg ? sharp(jpeg).webp(MADE.webp).toBuffer() : null;
  });
  return made ? storage.open(key) : null;
}

/** `view/{n}.jpg`: as stored; else made and kept from the WebP at that scale (itself made if need be). */
async function openJpeg(key: string): Promise<MediaObject | null> {
  const storage = mediaStorage();
  const stored = await storage.open(key);
  if (stored || !viewKey(key)) return stored;
  const made = await makeAndKeep(key, async () => {
    const webp = await bytesOf(await openWebp(key.replace(/\.jpg$/, '.webp')));
    return webp ? sharp(webp).jpeg(MADE.jpeg).toBuffer() : null;
  });
  return made ? storage.open(key) : null;
}

/** Makes the WebP at a `view/N.jpg` address ahead of its request, when it is not stored (a reader about to open it). */
export async function prepareWebp(key: string): Promise<void> {
  (await openWebp(key.replace(/\.jpg$/, '.webp')))?.body.destroy();
}

/**
 * The image at a `view/N.jpg` address in the form the browser takes: the WebP to one that accepts it, else the
 * JPEG; what is not stored is made from what is on the first request and kept (see openWebp). Other keys are opened
 * as they are.
 */
export async function openWithTwin(key: string, accept: string | undefined): Promise<{ object: MediaObject; type: string } | null> {
  if (key.endsWith('.jpg')) {
    if (accept?.includes('image/webp')) {
      const webp = await openWebp(key.replace(/\.jpg$/, '.webp'));
      if (webp) return { object: webp, type: 'image/webp' };
    }
    const jpeg = await openJpeg(key);
    return jpeg ? { object: jpeg, type: 'image/jpeg' } : null;
  }
  const object = await mediaStorage().open(key);
  return object ? { object, type: TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream' } : null;
}

/** Sends an opened object: headers first, then its bytes streamed (a HEAD request gets the headers alone). */
export async function sendObject(req: IncomingMessage, res: ServerResponse, opened: { object: MediaObject; type: string }, cacheControl: string): Promise<void> {
  res.statusCode = 200;
  res.setHeader('Content-Type', opened.type);
  res.setHeader('Content-Length', opened.object.size);
  // One address, two encodings: a shared cache must key on what the browser accepts.
  res.setHeader('Vary', 'Accept');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method === 'HEAD') {
    opened.object.body.destroy();
    res.end();
    return;
  }
  await pipeline(opened.object.body, res).catch(() => {
    // The reader went away, or the store broke off mid-stream: the response is already cut short.
  });
}

function notFound(res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Vary', 'Accept');
  res.end(JSON.stringify({ status: 404, message: 'Not found' }));
}

/** GET /api/media/{kind}/.../view/{n}.jpg: covers, story pictures, logos and category tiles, from the media storage. */
export async function serveMedia(req: IncomingMessage, res: ServerResponse, parts: string[]): Promise<void> {
  const name = parts[parts.length - 1] ?? '';
  const type = TYPES[name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : ''];
  if (!PUBLIC_KINDS.has(parts[0] ?? '') || !type || parts.some((p) => p === '..' || p === '.' || p.includes('/') || p.includes('\\') || p === '' || p.includes('\0'))) {
    notFound(res);
    return;
  }
  let opened: Awaited<ReturnType<typeof openWithTwin>>;
  try {
    const key = parts.join('/');
    // An imported issue's cover or story picture before its page is drawn: drawn now from the original, and kept.
    const view = viewKey(key);
    if (view && /^(covers|stories)\/pdf-/.test(key) && !(await mediaStorage().exists(`${view.folder}/${view.scale}.webp`))) await ensureMediaDrawn(key);
    opened = await openWithTwin(key, req.headers.accept);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error(`[media] ${error.message}`);
    res.statusCode = 503;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Retry-After', '5');
    res.end(JSON.stringify({ status: 503, message: 'The media storage is not reachable; try again shortly' }));
    return;
  }
  if (!opened) {
    notFound(res);
    return;
  }
  // Media never changes under a path: a new image gets a new path.
  await sendObject(req, res, opened, 'public, max-age=31536000, immutable');
}
