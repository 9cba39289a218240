/**
 * The browser protections every page carries (docs/architecture.md, "Security"). Edge-safe: the middleware builds the CSP with
 * a fresh nonce per request; next.config.js sends the fixed headers on every response, API and media included.
 */

/** The request header the middleware sets (overwriting whatever a client sent) for `_document` to read the nonce from. */
export const NONCE_HEADER = 'x-nonce';

/** Where browsers send violation reports (pages/api/csp-report.ts). */
const CSP_REPORT_PATH = '/api/csp-report';

/** 16 random bytes in base64: a nonce no one can guess, new for every page. */
export function makeNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Origins a space-separated list of addresses names; anything that is not an http(s) URL is dropped. */
export function originsOf(list: string | undefined): string[] {
  const origins = new Set<string>();
  for (const entry of (list ?? '').split(/[\s,]+/)) {
    try {
      const url = new URL(entry);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // Not an address (or empty): nothing to allow.
    }
  }
  return [...origins];
}

export interface CspOptions {
  nonce: string;
  /** `next dev` needs eval for React Refresh and injects its own style tags; never in production. */
  development: boolean;
  /** Origins the browser may call besides this one (the services' base URLs when they are elsewhere). */
  connectTo: string[];
  /** Origins a form may post to besides this one. */
  formsTo: string[];
}

/**
 * A strict policy: scripts only by this response's nonce (and what they load, 'strict-dynamic'), styles by nonce or
 * from this origin, no plugins, no <base>, never framed, forms only to this site and the named origins.
 */
export function contentSecurityPolicy({ nonce, development, connectTo, formsTo }: CspOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", "'report-sample'", ...(development ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", ...(development ? ["'unsafe-inline'"] : [`'nonce-${nonce}'`]), "'report-sample'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectTo, ...(development ? ['ws:'] : [])],
    // The service worker (public/sw.js) and the web manifest, from this origin only (issue 32).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...formsTo],
    'report-uri': [CSP_REPORT_PATH],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Two years, with subdomains: sent only on an HTTPS request, where it means something. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';
