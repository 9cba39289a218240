import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { HttpError, MESSAGES } from './errors';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads and parses a body, refusing anything over the limit. Bodies are JSON (sent as application/json, or with no
 * type at all); a url-encoded form only where the route takes one (`forms`). Any other type is refused (415): a page
 * on another site can post a form or text/plain without asking, so a sign-in call that took them could sign a
 * visitor's browser into someone else's account.
 */
export async function readBody(req: IncomingMessage & { body?: unknown }, options: { forms?: boolean; limit?: number } = {}): Promise<unknown> {
  // Next's own parser may already have run (it is switched off for our routes, but be safe).
  if (req.body !== undefined && typeof req.body !== 'string') return req.body;
  const raw = await readRawBody(req, options.limit);
  if (raw.trim() === '') return {};
  const type = String(req.headers['content-type'] ?? '').split(';', 1)[0].trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded' && options.forms) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  if (type !== '' && type !== 'application/json') throw new HttpError(415, MESSAGES.jsonOnly, { field: 'body' });
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpError(400, MESSAGES.badJson, { field: 'body' });
  }
}

/** The body exactly as sent (a signature is checked over these bytes), refusing anything over the limit. */
export async function readRawBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return (await readBytes(req, limit)).toString('utf8');
}

/** The body's bytes (an uploaded file), refusing anything over the limit. */
export async function readBytes(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new HttpError(413, MESSAGES.tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) throw new HttpError(413, MESSAGES.tooLarge);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Query string to a plain object; a repeated key keeps its last value. */
export function parseQuery(url: string): Record<string, string> {
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) out[key] = value;
  return out;
}

/**
 * Writes the body to `file` as it arrives (an uploaded PDF is too large to hold in memory), refusing it past `limit`
 * (413) or when its first bytes are not what `check` expects (the type is read from the content, not the name).
 * A refused or broken upload leaves no file behind. Returns the bytes written. The request is never destroyed: what
 * is left of a refused body is discarded by Node once the answer is sent, so the client reads the answer.
 */
export async function saveBody(req: IncomingMessage, file: string, options: { limit: number; check(head: Buffer): string | null }): Promise<number> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > options.limit) throw new HttpError(413, MESSAGES.tooLarge);
  const out = fs.createWriteStream(file, { flags: 'wx' });
  const HEAD = 1024;
  let size = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  const inspect = (): void => {
    checked = true;
    const refused = options.check(head);
    if (refused) throw new HttpError(400, refused, { field: 'file' });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        req.off('data', onData);
        req.off('end', onEnd);
        reject(error);
      };
      const onData = (chunk: Buffer | string) => {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += buf.length;
        try {
          if (size > options.limit) throw new HttpError(413, MESSAGES.tooLarge);
          if (!checked) {
            head = Buffer.concat([head, buf.subarray(0, HEAD - head.length)]);
            if (head.length >= HEAD) inspect();
          }
        } catch (error) {
          fail(error);
          return;
        }
        if (!out.write(buf)) {
          req.pause();
          out.once('drain', () => req.resume());
        }
      };
      const onEnd = () => {
        try {
          if (!checked) inspect();
        } catch (error) {
          fail(error);
          return;
        }
        out.end(resolve);
      };
      req.on('data', onData);
      req.on('end', onEnd);
      req.on('error', fail);
      req.on('aborted', () => fail(new HttpError(400, 'file: the upload was cut off', { field: 'file' })));
      out.on('error', fail);
    });
    return size;
  } catch (error) {
    if (!out.closed) {
      const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
      out.destroy();
      await closed;
    }
    await fs.promises.rm(file, { force: true });
    req.resume();
    throw error;
  }
}
