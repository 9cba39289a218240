import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';

/**
 * Render memoisation for server-rendered pages. A page's HTML is a pure function of its props and its address (and
 * the request's CSP nonce): once rendered for some props, the same props at the same address give the same bytes.
 * So a page's getServerSideProps, having loaded its props (with every access decision already made), asks here
 * first; when these exact props were rendered before, the stored HTML is sent and Next.js, finding the response
 * finished, does not render again. Otherwise the HTML Next.js sends is kept for the next time.
 *
 * Bounded by entries and age; off when CONTENT_CACHE_SECONDS is 0 and outside production. Only full-page GETs that
 * end 200 with HTML are kept: client navigations fetch props as JSON and are left alone.
 */

const MAX_ENTRIES = 300;
const MAX_BYTES = 512 * 1024;
const TTL_MS = 60_000;

interface Entry {
  html: Buffer;
  headers: Record<string, string>;
  expires: number;
}

const entries = new Map<string, Entry>();
const REPLAYED_HEADERS = ['content-type', 'cache-control', 'etag', 'vary'];

function enabled(): boolean {
  const raw = process.env.CONTENT_CACHE_SECONDS;
  if (raw !== undefined && raw.trim() !== '') return Number(raw) > 0;
  return process.env.NODE_ENV === 'production';
}

function isDocumentRequest(ctx: GetServerSidePropsContext): boolean {
  const { req } = ctx;
  if (req.method !== 'GET') return false;
  // Client navigations ask for props only (/_next/data/..., x-nextjs-data): there is no HTML to reuse.
  return !req.headers['x-nextjs-data'] && !(req.url ?? '').startsWith('/_next/data/');
}

function keyFor(ctx: GetServerSidePropsContext, props: unknown): string {
  const nonce = ctx.req.headers['x-nonce'] ?? '';
  return createHash('sha256')
    .update(ctx.resolvedUrl)
    .update('\0')
    .update(String(nonce))
    .update('\0')
    .update(JSON.stringify(props))
    .digest('base64url');
}

function remember(key: string, entry: Entry): void {
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, entry);
}

/** Keeps the body Next.js writes for this response, when it ends 200 and is not too large. */
function record(res: ServerResponse, key: string): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (tooLarge || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.length;
    if (size > MAX_BYTES) tooLarge = true;
    else chunks.push(buffer);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    const type = String(res.getHeader('content-type') ?? '');
    if (res.statusCode === 200 && type.startsWith('text/html') && !tooLarge && size > 0) {
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      remember(key, { html: Buffer.concat(chunks), headers, expires: Date.now() + TTL_MS });
    }
    return end(...args);
  }) as ServerResponse['end'];
}

/**
 * Sends the stored HTML for these props at this address and returns true; or arranges for this render to be
 * stored and returns false. Call it last in getServerSideProps, with the props it is about to return.
 */
export function sendMemoisedHtml(ctx: GetServerSidePropsContext, props: Record<string, unknown>): boolean {
  if (!enabled() || !isDocumentRequest(ctx)) return false;
  const key = keyFor(ctx, props);
  const hit = entries.get(key);
  if (hit && hit.expires > Date.now()) {
    const { res } = ctx;
    res.statusCode = 200;
    for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
    res.setHeader('Content-Length', hit.html.length);
    res.end(hit.html);
    return true;
  }
  record(ctx.res, key);
  return false;
}

/**
 * Wraps a getServerSideProps loader so a page whose props come out the same as a moment ago is sent from memory:
 * the loader still runs in full (session, visibility and age decisions are made afresh for every request), only the
 * React render is skipped. Redirects and 404s pass through untouched.
 */
export function memoisedHtml<A extends unknown[], P extends Record<string, unknown>>(
  load: (ctx: GetServerSidePropsContext, ...rest: A) => Promise<GetServerSidePropsResult<P>>,
): (ctx: GetServerSidePropsContext, ...rest: A) => Promise<GetServerSidePropsResult<P>> {
  return async (ctx, ...rest) => {
    const result = await load(ctx, ...rest);
    if ('props' in result) sendMemoisedHtml(ctx, await result.props);
    return result;
  };
}

/** For tests: forget every stored page. */
export function clearMemoisedHtml(): void {
  entries.clear();
}
