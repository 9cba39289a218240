/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GetServerSidePropsContext } from 'next';
import { clearMemoisedHtml, sendMemoisedHtml } from '@/server/pages/html-memo';

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
  res.end(`<h1>${props.title}</h1><p>render ${renders}</p>`);
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
