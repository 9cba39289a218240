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
