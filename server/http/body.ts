import type { IncomingMessage } from 'node:http';
import { HttpError, MESSAGES } from './errors';

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads and parses a JSON or form body, refusing anything over the limit. */
export async function readBody(req: IncomingMessage & { body?: unknown }, limit = MAX_BODY_BYTES): Promise<unknown> {
  // Next's own parser may already have run (it is switched off for our routes, but be safe).
  if (req.body !== undefined && typeof req.body !== 'string') return req.body;
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
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw.trim() === '') return {};
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpError(400, MESSAGES.badJson, { field: 'body' });
  }
}

/** Query string to a plain object; a repeated key keeps its last value. */
export function parseQuery(url: string): Record<string, string> {
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) out[key] = value;
  return out;
}
