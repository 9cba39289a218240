import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { NONCE_HEADER } from '@/lib/security-headers';

/**
 * Render memoisation for server-rendered pages. A page's HTML is a pure function of its props and its address, but
 * for the request's CSP nonce: once rendered for some props, the same props at the same address give the same bytes
 * with this request's nonce put where the first one's was (the page is kept split at its nonce).
 * So a page's getServerSideProps, having loaded its props (with every access decision already made), asks here
 * first; when these exact props were rendered before, the stored HTML is sent and Next.js, finding the response
 * finished, does not render again. Otherwise the HTML Next.js sends is kept for the next time.
 *
 * Bounded by entries and age; off when CONTENT_CACHE_SECONDS is 0 and outside production. Only full-page GETs that
 * end 200 with HTML are kept: client navigations fetch props as JSON and are left alone.
 *
 * A stored page is sent compressed (brotli or gzip, as its Accept-Encoding prefers) at a quick setting: the nonce
 * differs on every page, so the compressed bytes cannot be kept.
 */

const MAX_ENTRIES = 300;
const MAX_BYTES = 512 * 1024;
const TTL_MS = 60_000;

type Encoding = 'br' | 'gzip';

interface Entry {
  /** The page split at every occurrence of the nonce it was rendered with (one part when it had none). */
  parts: string[];
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

/** The request's CSP nonce (set by the middleware), or '' when it has none. */
function nonceOf(ctx: GetServerSidePropsContext): string {
  const value = ctx.req.headers[NONCE_HEADER];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function keyFor(ctx: GetServerSidePropsContext, props: unknown): string {
  return createHash('sha256').update(ctx.resolvedUrl).update('\0').update(JSON.stringify(props)).digest('base64url');
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
function record(res: ServerResponse, key: string, nonce: string): void {
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
      const html = Buffer.concat(chunks).toString('utf8');
      // A nonce is 24 base64 characters of randomness: it occurs in the page only where the render put it.
      remember(key, { parts: nonce.length >= 16 ? html.split(nonce) : [html], headers, expires: Date.now() + TTL_MS });
    }
    return end(...args);
  }) as ServerResponse['end'];
}

/** Weights of the encodings an Accept-Encoding header names ('*' stands for any other); absent means not named. */
function acceptedWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const token = name.trim().toLowerCase();
    if (!token) continue;
    const q = params.map((param) => param.trim().toLowerCase()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/** The encoding to send a stored page in: brotli, then gzip, when the request accepts it; null for as it is. */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = acceptedWeights(header);
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

function encodedBody(html: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
    : zlib.gzipSync(html, { level: 6 });
}

function varyOnEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding';
  const names = vary.split(',').map((name) => name.trim().toLowerCase());
  return names.includes('accept-encoding') || names.includes('*') ? vary : `${vary}, Accept-Encoding`;
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
    const encoding = preferredEncoding(ctx.req.headers['accept-encoding']);
    const html = Buffer.from(hit.parts.join(nonceOf(ctx)), 'utf8');
    const body = encoding ? encodedBody(html, encoding) : html;
    res.statusCode = 200;
    for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
    res.setHeader('Vary', varyOnEncoding(hit.headers.vary));
    // Next.js's own compression leaves a response that already names its encoding alone.
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return true;
  }
  record(ctx.res, key, nonceOf(ctx));
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
