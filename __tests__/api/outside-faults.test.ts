import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { oneTimeCodes, payments, storyTranslations } from '@/server/db/schema';
import { call, startTestApp, type TestApp } from './helpers/app';
import { client, newEmail } from './helpers/accounts';
import { addMembership, createCategory, createLibrary, createMagazine, createStory, createUser, inDays, tokenFor } from './helpers/factories';
import { payingMember } from './helpers/payments';
import { seedTranslationLanguages } from './helpers/story-factories';

/** The bound under test, and the slack a loaded CI machine may add to it. */
const BOUND_MS = 1_000;
const SLACK_MS = 2_000;

/** A peer that takes the connection and then says nothing: the slow or stuck service. */
interface SilentPeer {
  port: number;
  url: string;
  close(): Promise<void>;
}

async function listen(server: net.Server, sockets: Set<net.Socket>, scheme: string): Promise<SilentPeer> {
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A TCP server that accepts and never writes (SMTP never greets, SIP2 never answers). */
function silentTcp(scheme: string): Promise<SilentPeer> {
  return listen(net.createServer(() => undefined), new Set(), scheme);
}

/** An HTTP server that reads the request and never answers it. */
function silentHttp(): Promise<SilentPeer> {
  return listen(http.createServer(() => undefined), new Set(), 'http');
}

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

let app: TestApp;
let errors: jest.SpyInstance;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  process.env.OUTSIDE_CALL_TIMEOUT_MS = String(BOUND_MS);
  app = await startTestApp();
});
afterAll(async () => {
  delete process.env.OUTSIDE_CALL_TIMEOUT_MS;
  await app.close();
});
// Each failure is logged for the operator; the log is not what these tests read.
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  errors.mockRestore();
});

const EMAIL_DOWN = 'We could not send the email just now. Please try again in a minute.';
const SMS_DOWN = 'We could not send the text message just now. Please try again in a minute.';

describe('SMTP down or silent', () => {
  afterEach(() => {
    delete process.env.SMTP_URL;
  });

  it.each([
    ['a server that never greets', async () => silentTcp('smtp')],
    ['a closed port', async () => ({ url: `smtp://127.0.0.1:${await closedPort()}`, close: async () => undefined })],
  ])('answers 503 within the bound for %s, and leaves no code claiming it was sent', async (_, start) => {
    const peer = await start();
    process.env.SMTP_URL = peer.url;
    try {
      const email = newEmail('smtp-fault');
      const { result, ms } = await timed(() => client(app).call('/api/user/sendotp', { body: { email } }));
      expect(result.status).toBe(503);
      expect(result.body).toEqual({ status: 503, message: EMAIL_DOWN });
      expect(ms).toBeLessThan(BOUND_MS + SLACK_MS);
      expect(await app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, email))).toHaveLength(0);
      // Nothing holds the member back once the mail server is back: no "wait 30 seconds" for a code never sent.
      delete process.env.SMTP_URL;
      expect((await client(app).call('/api/user/sendotp', { body: { email } })).status).toBe(200);
    } finally {
      await peer.close();
    }
  });
});

describe('SMS gateway down or silent', () => {
  afterEach(() => {
    delete process.env.SMS_URL;
  });

  it.each([
    ['a gateway that never answers', async () => silentHttp()],
    ['a closed port', async () => ({ url: `http://127.0.0.1:${await closedPort()}`, close: async () => undefined })],
  ])('answers 503 within the bound for %s, and leaves no code claiming it was sent', async (_, start) => {
    const peer = await start();
    process.env.SMS_URL = `${peer.url}/send`;
    try {
      const { result, ms } = await timed(() => client(app).call('/api/user/sendotp', { body: { mobile: '7700 900456', cc: '+44' } }));
      expect(result.status).toBe(503);
      expect(result.body).toEqual({ status: 503, message: SMS_DOWN });
      expect(ms).toBeLessThan(BOUND_MS + SLACK_MS);
      expect(await app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, '+447700900456'))).toHaveLength(0);
    } finally {
      await peer.close();
    }
  });
});

describe('SIP2 server down or silent', () => {
  it.each([
    ['a server that never answers', async () => silentTcp('tcp')],
    ['a closed port', async () => ({ port: await closedPort(), close: async () => undefined })],
  ])('answers 503 within the bound for %s, naming the library system', async (_, start) => {
    const peer = await start();
    try {
      const library = await createLibrary(app.db, { cardMode: 'sip2', name: 'Quiet Library', sip2Host: '127.0.0.1', sip2Port: peer.port, sip2Institution: 'QL' });
      const { result, ms } = await timed(() => client(app).call('/api/user/splLibLogin', { body: { cardNumber: '55001234', pin: '1234', libid: library.id } }));
      expect(result.status).toBe(503);
      expect(result.body).toEqual({ status: 503, message: 'We could not reach Quiet Library’s library system. Please try again in a few minutes.' });
      expect(ms).toBeLessThan(BOUND_MS + SLACK_MS);
    } finally {
      await peer.close();
    }
  });
});

describe('OIDC provider silent', () => {
  it('sends the member to the failure page within the bound when discovery never answers', async () => {
    const peer = await silentHttp();
    try {
      const library = await createLibrary(app.db, { name: 'Stuck SSO', oidcIssuer: peer.url, oidcClientId: 'x' });
      const { result, ms } = await timed(() => fetch(`${app.baseUrl}/api/user/sso/start?libid=${library.id}`, { redirect: 'manual' }));
      expect(result.status).toBe(302);
      expect(result.headers.get('location')).toBe('/login/sso/failure?reason=unreachable');
      // openid-client counts its timeout in whole seconds.
      expect(ms).toBeLessThan(Math.ceil(BOUND_MS / 1000) * 1000 + SLACK_MS);
    } finally {
      await peer.close();
    }
  });
});

describe('Stripe silent', () => {
  afterEach(() => {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'SITE_URL']) delete process.env[name];
  });

  /** Sends its headers and the start of a body, then stalls: a read of the body must be bounded too. */
  function stallingHttp(): Promise<SilentPeer> {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":');
    });
    return listen(server, new Set(), 'http');
  }

  it.each([
    ['an API that never answers', silentHttp],
    ['an API that stalls mid-answer', stallingHttp],
  ])('answers 502 within the bound for %s, and records the payment as failed', async (_, start) => {
    const peer = await start();
    process.env.STRIPE_SECRET_KEY = 'sk_test_outside_faults';
    process.env.STRIPE_API_BASE = peer.url;
    process.env.SITE_URL = 'https://reading.example.org';
    try {
      const { user, token } = await payingMember(app.db, -5);
      const { result, ms } = await timed(() => call(app, '/api/user/checkout', { token, body: { page: 'basicPlan' } }));
      expect(result.status).toBe(502);
      expect(result.body).toEqual({ status: 502, message: 'The payment service is not answering right now. Please try again in a few minutes.' });
      expect(ms).toBeLessThan(BOUND_MS + SLACK_MS);
      const rows = await app.db.select().from(payments).where(eq(payments.userId, user.id));
      expect(rows.map((r) => r.status)).toEqual(['failed']);
    } finally {
      await peer.close();
    }
  });
});

describe('translation service silent', () => {
  afterEach(() => {
    delete process.env.TRANSLATE_URL;
  });

  it('answers the empty object (SPEC §8: no translation) within the bound, and stores nothing', async () => {
    const peer = await silentHttp();
    process.env.TRANSLATE_URL = peer.url;
    try {
      await seedTranslationLanguages(app.db);
      await createCategory(app.db, { id: 31, name: 'Travel' });
      const library = await createLibrary(app.db);
      const member = await createUser(app.db);
      await addMembership(app.db, member.id, library.id, inDays(30));
      const token = await tokenFor(member, library.id, inDays(30));
      const { issue } = await createMagazine(app.db, { id: 31, name: 'Quiet Quarterly', categoryId: 31 });
      const story = await createStory(app.db, { magazineId: 31, issueId: issue.id, categoryId: 31, title: 'A still harbour', body: 'Boats rest.' });
      const body = { mid: 31, issid: issue.id, artid: story.id, langCode: 'es' };
      const { result, ms } = await timed(() => call(app, '/api/article/v1/translate', { token, body }));
      expect(result.status).toBe(200);
      expect(result.body).toEqual({});
      // It did wait on the service (an answer of {} alone could come from a refusal before the call).
      expect(ms).toBeGreaterThanOrEqual(BOUND_MS * 0.9);
      expect(ms).toBeLessThan(BOUND_MS + SLACK_MS);
      expect(await app.db.select().from(storyTranslations).where(eq(storyTranslations.storyId, story.id))).toEqual([]);
    } finally {
      await peer.close();
    }
  });
});

describe('OIDC token endpoint silent', () => {
  it('sends the member back from the provider to the failure page within the bound when the code exchange never answers', async () => {
    let issuer = '';
    const sockets = new Set<net.Socket>();
    // Discovery answers; the token endpoint takes the request and never answers.
    const provider = http.createServer((req, res) => {
      if (req.url === '/.well-known/openid-configuration') {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/auth`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
          }),
        );
      }
    });
    const peer = await listen(provider, sockets, 'http');
    issuer = peer.url;
    try {
      const library = await createLibrary(app.db, { name: 'Slow Token SSO', oidcIssuer: issuer, oidcClientId: 'x', oidcClientSecret: 's' });
      const start = await fetch(`${app.baseUrl}/api/user/sso/start?libid=${library.id}`, { redirect: 'manual' });
      expect(start.status).toBe(302);
      const state = new URL(start.headers.get('location')!).searchParams.get('state');
      const cookie = start.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
      const { result, ms } = await timed(() =>
        fetch(`${app.baseUrl}/api/user/sso/callback?code=abc&state=${state}`, { redirect: 'manual', headers: { cookie } }),
      );
      expect(result.status).toBe(302);
      expect(result.headers.get('location')).toBe('/login/sso/failure?reason=unreachable');
      expect(ms).toBeGreaterThanOrEqual(BOUND_MS * 0.9);
      expect(ms).toBeLessThan(Math.ceil(BOUND_MS / 1000) * 1000 + SLACK_MS);
    } finally {
      await peer.close();
    }
  });
});
