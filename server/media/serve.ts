import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { mediaStorage, StorageUnavailableError, type MediaObject } from '../storage';

/** Public media kinds; issue page images are not among them (the reader serves those with a code). */
const PUBLIC_KINDS = new Set(['covers', 'stories', 'logos', 'categories']);
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml', webp: 'image/webp' };

/**
 * Opens a JPEG's WebP twin for a browser that accepts WebP (imported images have one beside each JPEG), else the
 * JPEG itself; null when neither is stored.
 */
export async function openWithTwin(key: string, accept: string | undefined): Promise<{ object: MediaObject; type: string } | null> {
  const storage = mediaStorage();
  if (key.endsWith('.jpg') && accept?.includes('image/webp')) {
    const twin = await storage.open(key.replace(/\.jpg$/, '.webp'));
    if (twin) return { object: twin, type: 'image/webp' };
  }
  const object = await storage.open(key);
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
    opened = await openWithTwin(parts.join('/'), req.headers.accept);
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
