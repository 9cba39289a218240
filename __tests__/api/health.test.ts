import http from 'node:http';
import type { AddressInfo } from 'node:net';
import androidHandler from '@/pages/api/app-links/android';
import appleHandler from '@/pages/api/app-links/apple';
import health from '@/pages/api/health';
import ready from '@/pages/api/ready';
import { startTestApp, type TestApp } from './helpers/app';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

let app: TestApp;
let server: http.Server;
let base: string;

// The routes as next.config.js rewrites them: the same handlers, over real HTTP.
const ROUTES: Record<string, Handler> = {
  '/healthcheck': health,
  '/healthcheck/ready': ready,
  '/apple-app-site-association': appleHandler as unknown as Handler,
  '/.well-known/assetlinks.json': androidHandler as unknown as Handler,
};

beforeAll(async () => {
  app = await startTestApp();
  server = http.createServer((req, res) => {
    const handler = ROUTES[(req.url ?? '/').split('?')[0]];
    if (!handler) {
      res.statusCode = 404;
      res.end();
      return;
    }
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.close();
});

async function get(path: string, method = 'GET') {
  const res = await fetch(`${base}${path}`, { method });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

describe('app association files', () => {
  afterEach(() => {
    for (const key of ['IOS_APP_IDS', 'IOS_APP_PATHS', 'ANDROID_PACKAGE_NAME', 'ANDROID_SHA256_CERT_FINGERPRINTS']) delete process.env[key];
  });

  it('answer valid JSON with exactly application/json that associates no app when none is configured', async () => {
    const apple = await get('/apple-app-site-association');
    expect(apple).toMatchObject({ status: 200, type: 'application/json' });
    expect(apple.body).toEqual({ applinks: { apps: [], details: [] }, webcredentials: { apps: [] } });
    const android = await get('/.well-known/assetlinks.json');
    expect(android).toMatchObject({ status: 200, type: 'application/json', body: [] });
  });

  it('name the configured apps', async () => {
    process.env.IOS_APP_IDS = 'ABCDE12345.org.library.reader, FGHIJ67890.org.library.reader.beta';
    process.env.IOS_APP_PATHS = '/magazine/*,/stories/*';
    process.env.ANDROID_PACKAGE_NAME = 'org.library.reader';
    process.env.ANDROID_SHA256_CERT_FINGERPRINTS = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';
    const apple = await get('/apple-app-site-association');
    expect(apple.body).toEqual({
      applinks: {
        apps: [],
        details: [
          {
            appIDs: ['ABCDE12345.org.library.reader', 'FGHIJ67890.org.library.reader.beta'],
            components: [{ '/': '/magazine/*' }, { '/': '/stories/*' }],
            paths: ['/magazine/*', '/stories/*'],
          },
        ],
      },
      webcredentials: { apps: ['ABCDE12345.org.library.reader', 'FGHIJ67890.org.library.reader.beta'] },
    });
    const android = await get('/.well-known/assetlinks.json');
    expect(android.body).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
        target: { namespace: 'android_app', package_name: 'org.library.reader', sha256_cert_fingerprints: [process.env.ANDROID_SHA256_CERT_FINGERPRINTS] },
      },
    ]);
  });

  it('answer 405 with Allow to anything but GET and HEAD', async () => {
    const res = await get('/.well-known/assetlinks.json', 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('/healthcheck', () => {
  it('answers liveness and readiness while the database is up', async () => {
    expect(await get('/healthcheck')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get('/healthcheck/ready')).toMatchObject({ status: 200, body: { status: 'ok', database: 'up' } });
  });

  it('keeps answering liveness when the database is down, while readiness answers 503', async () => {
    await app.stopDatabase();
    const live = await get('/healthcheck');
    expect(live).toMatchObject({ status: 200, body: { status: 'ok' } });
    const readiness = await get('/healthcheck/ready');
    expect(readiness).toMatchObject({ status: 503, body: { status: 503, message: 'The database is not reachable', database: 'down' } });
    expect(readiness.headers.get('retry-after')).toBe('30');
  });
});
