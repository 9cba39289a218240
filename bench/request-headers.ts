/**
 * The headers a load run sends with every request: the guest's session cookie and, as every browser does, an
 * Accept-Encoding (so compressed pages are measured as people get them). BENCH_ACCEPT_ENCODING='' measures the
 * uncompressed responses instead.
 */
export const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

export function requestHeaders(cookie: string): Record<string, string> {
  return ACCEPT_ENCODING ? { cookie, 'accept-encoding': ACCEPT_ENCODING } : { cookie };
}

export const REQUEST_HEADERS_NOTE = ACCEPT_ENCODING ? `Accept-Encoding: ${ACCEPT_ENCODING}` : 'no Accept-Encoding';
