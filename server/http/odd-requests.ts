import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import FIXED_SECURITY_HEADERS from '../../lib/fixed-security-headers.json';

/** The methods the site answers; Next.js throws on others (TRACE) or renders the page for them (PROPFIND). */
const SITE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const API_ALLOW = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const PAGE_ALLOW = 'GET, HEAD';

/**
 * The headers every answer carries (next.config.js sends the same on Next's answers), plus, on these answers the
 * site server makes itself, a policy that lets the body do nothing and asks no one to keep it.
 */
export function refusalHeaders(): Record<string, string> {
  return {
    ...Object.fromEntries(FIXED_SECURITY_HEADERS.map((header) => [header.key, header.value])),
    'X-Robots-Tag': 'noindex,nofollow',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    'Cache-Control': 'no-store',
    'Content-Type': 'application/json; charset=utf-8',
  };
}

export interface Refusal {
  status: 400 | 405;
  message: string;
  allow?: string;
}

/**
 * What the site answers itself, before Next.js sees the request: 400 for a target that is not a path (`OPTIONS *`,
 * an absolute URL), 405 with Allow for a method outside the site's (TRACE, PROPFIND, MKCOL...). Null: Next.js answers.
 */
export function oddRequest(method: string | undefined, target: string | undefined): Refusal | null {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return { status: 400, message: 'The request target must be a path on this site' };
  if (method && SITE_METHODS.has(method)) return null;
  const api = target === '/api' || target.startsWith('/api/') || target.startsWith('/api?');
  const allow = api ? API_ALLOW : PAGE_ALLOW;
  return { status: 405, message: `Method ${method ?? ''} not allowed`.trim(), allow };
}

/** Answers a refused request with the security headers and a JSON body naming why (none for HEAD). */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  const body = JSON.stringify({ status: refusal.status, message: refusal.message });
  res.writeHead(refusal.status, { ...refusalHeaders(), ...(refusal.allow ? { Allow: refusal.allow } : {}), 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A raw answer on a socket Node hands over without a response object: a request it could not parse (an unknown
 * method such as TRACK, a malformed line) gets 400, a CONNECT 405; both with the same headers, then the socket closes.
 */
export function writeRawRefusal(socket: Duplex, refusal: Refusal): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ status: refusal.status, message: refusal.message });
  const headers = { ...refusalHeaders(), ...(refusal.allow ? { Allow: refusal.allow } : {}), 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  const reason = refusal.status === 405 ? 'Method Not Allowed' : 'Bad Request';
  const head = [`HTTP/1.1 ${refusal.status} ${reason}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`);
}
