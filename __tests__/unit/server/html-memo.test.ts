/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { GetServerSidePropsContext } from 'next';
import { clearMemoisedHtml, memoisedHtml, preferredEncoding, sendMemoisedHtml } from '@/server/pages/html-memo';

let renders = 0;
let base = '';
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const props = { title: url.searchParams.get('title') ?? 'one' };
  const ctx = { req, res, resolvedUrl: `${url.pathname}${url.search}` } as unknown as GetServerSidePropsContext;
  if (sendMemoisedHtml(ctx, props)) return;
  renders += 1;
  // What Next.js does after getServerSideProps: render the page and send it.
  res.statusCode = url.searchParams.has('missing') ? 404 : 200;
  res.setHeader('Content-Type', req.headers['x-nextjs-data'] ? 'application/json' : 'text/html; charset=utf-8');
  const nonce = req.headers['x-nonce'];
  res.end(`<h1>${props.title}</h1><p>render ${renders}</p>${nonce ? `<script nonce="${String(nonce)}"></script>` : ''}`);
});

beforeAll(async () => {
  process.env.CONTENT_CACHE_SECONDS = '30';
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  clearMemoisedHtml();
  renders = 0;
});
afterAll(async () => {
  delete process.env.CONTENT_CACHE_SECONDS;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('render memoisation of server-rendered pages', () => {
  it('renders once for the same props at the same address, and sends the same page after', async () => {
    const first = await fetch(`${base}/stories/a?title=one`);
    const second = await fetch(`${base}/stories/a?title=one`);
    expect(await first.text()).toBe('<h1>one</h1><p>render 1</p>');
    expect(await second.text()).toBe('<h1>one</h1><p>render 1</p>');
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(renders).toBe(1);
  });

  it('sends a stored page with this request’s CSP nonce where the first request’s was', async () => {
    const first = await fetch(`${base}/stories/a?title=one`, { headers: { 'x-nonce': 'Zmlyc3Qtbm9uY2UtMTIzNA==' } });
    const second = await fetch(`${base}/stories/a?title=one`, { headers: { 'x-nonce': 'c2Vjb25kLW5vbmNlLTU2Nzg=' } });
    expect(await first.text()).toBe('<h1>one</h1><p>render 1</p><script nonce="Zmlyc3Qtbm9uY2UtMTIzNA=="></script>');
    expect(await second.text()).toBe('<h1>one</h1><p>render 1</p><script nonce="c2Vjb25kLW5vbmNlLTU2Nzg="></script>');
    expect(renders).toBe(1);
  });

  it('renders again when the props or the address differ', async () => {
    await fetch(`${base}/stories/a?title=one`);
    expect(await (await fetch(`${base}/stories/a?title=two`)).text()).toBe('<h1>two</h1><p>render 2</p>');
    expect(await (await fetch(`${base}/stories/b?title=one`)).text()).toBe('<h1>one</h1><p>render 3</p>');
  });

  it('keeps neither client-navigation data nor pages that did not end 200', async () => {
    await fetch(`${base}/stories/a?title=one`, { headers: { 'x-nextjs-data': '1' } });
    await fetch(`${base}/stories/a?title=one&missing=1`);
    await fetch(`${base}/stories/a?title=one&missing=1`);
    expect(renders).toBe(3);
  });

  it('is off when CONTENT_CACHE_SECONDS is 0', async () => {
    process.env.CONTENT_CACHE_SECONDS = '0';
    await fetch(`${base}/stories/a?title=one`);
    await fetch(`${base}/stories/a?title=one`);
    process.env.CONTENT_CACHE_SECONDS = '30';
    expect(renders).toBe(2);
  });
});

describe('memoisedHtml, the getServerSideProps wrapper', () => {
  let loads = 0;
  let wrapped = 0;
  // The loader decides afresh every time (here: a redirect for ?signedOut); only the render is skipped.
  const load = memoisedHtml(async (ctx: GetServerSidePropsContext, suffix: string) => {
    loads += 1;
    if (ctx.resolvedUrl.includes('signedOut')) return { redirect: { destination: '/login', permanent: false } };
    return { props: { title: `page${suffix}` } };
  });
  const wrappedServer = http.createServer((req, res) => {
    const ctx = { req, res, resolvedUrl: req.url ?? '/' } as unknown as GetServerSidePropsContext;
    void load(ctx, '!').then((result) => {
      if (res.writableEnded) return;
      wrapped += 1;
      if ('redirect' in result) {
        res.statusCode = 307;
        res.setHeader('Location', result.redirect.destination);
        res.end();
        return;
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<h1>${(result as { props: { title: string } }).props.title}</h1><p>render ${wrapped}</p>`);
    });
  });
  let wrappedBase = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => wrappedServer.listen(0, '127.0.0.1', resolve));
    wrappedBase = `http://127.0.0.1:${(wrappedServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => wrappedServer.close(() => resolve()));
  });
  beforeEach(() => {
    loads = 0;
    wrapped = 0;
  });

  it('runs the loader for every request and renders once for the same props', async () => {
    expect(await (await fetch(`${wrappedBase}/magazines/BS/en`)).text()).toBe('<h1>page!</h1><p>render 1</p>');
    expect(await (await fetch(`${wrappedBase}/magazines/BS/en`)).text()).toBe('<h1>page!</h1><p>render 1</p>');
    expect({ loads, wrapped }).toEqual({ loads: 2, wrapped: 1 });
  });

  it('passes a redirect through untouched, every time', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${wrappedBase}/magazines/BS/en?signedOut=1`, { redirect: 'manual' });
      expect(res.status).toBe(307);
      expect(res.headers.get('location')).toBe('/login');
    }
    expect({ loads, wrapped }).toEqual({ loads: 2, wrapped: 2 });
  });
});

describe('stored pages sent compressed, behind Next.js\'s own compression', () => {
  // next start puts this middleware in front of every page; a stored page must pass through it unharmed.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const compression = require('next/dist/compiled/compression') as () => (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
  const compress = compression();
  let page = '';
  let compressedRenders = 0;
  const compressedServer = http.createServer((req, res) => {
    compress(req, res, () => {
      const ctx = { req, res, resolvedUrl: req.url ?? '/' } as unknown as GetServerSidePropsContext;
      if (sendMemoisedHtml(ctx, { page: 'big' })) return;
      compressedRenders += 1;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(page);
    });
  });
  let compressedBase = '';

  /** The raw response, without the decoding fetch would do. */
  function rawGet(path: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${compressedBase}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
    });
  }

  beforeAll(async () => {
    page = `<main>${Array.from({ length: 300 }, (_, i) => `<a href="/magazine/${1000 + i}">Title ${i}</a>`).join('')}</main>`;
    await new Promise<void>((resolve) => compressedServer.listen(0, '127.0.0.1', resolve));
    compressedBase = `http://127.0.0.1:${(compressedServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => compressedServer.close(() => resolve()));
  });
  beforeEach(() => {
    compressedRenders = 0;
  });

  it('sends the stored page in brotli or gzip as the request prefers, and as it is when none is accepted', async () => {
    const first = await rawGet('/magazines/BS/en', 'gzip');
    expect(first.headers['content-encoding']).toBe('gzip'); // rendered: Next.js's compression did it
    const br = await rawGet('/magazines/BS/en', 'gzip, deflate, br');
    const gzip = await rawGet('/magazines/BS/en', 'gzip;q=1, br;q=0.5');
    const plain = await rawGet('/magazines/BS/en');
    expect(compressedRenders).toBe(1);

    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    for (const res of [br, gzip, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(page.length / 4);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['deflate', null],
  ])('Accept-Encoding %j gives %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
