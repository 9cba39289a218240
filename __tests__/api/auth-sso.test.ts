import { libraries } from '@/server/db/schema';
import { startOidcPeer, type OidcPeer } from '../peers/oidc';
import { call, startTestApp, type TestApp } from './helpers/app';
import { createLibrary, createUser } from './helpers/factories';

let app: TestApp;
let provider: OidcPeer;
let libraryId: number;

beforeAll(async () => {
  app = await startTestApp();
  provider = await startOidcPeer({
    clients: [{ client_id: 'reading-site', client_secret: 'sso-client-secret', redirect_uris: [`${app.baseUrl}/api/user/sso/callback`] }],
    accounts: {
      alice: { email: 'alice@sso.test', email_verified: true, given_name: 'Alice', family_name: 'Reader' },
      bob: { email: 'bob@sso.test', email_verified: false, name: 'Bob Builder' },
      carol: { email: 'carol@sso.test', email_verified: true, name: 'Carol Jones' },
    },
  });
  const library = await createLibrary(app.db, {
    name: 'SSO Library',
    guestAccess: false,
    oidcIssuer: provider.issuer,
    oidcClientId: 'reading-site',
    oidcClientSecret: 'sso-client-secret',
  });
  libraryId = library.id;
}, 60_000);
afterAll(async () => {
  await provider.stop();
  await app.close();
});

type Jar = Map<string, string>;
const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
function keep(jar: Jar, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    if (/Max-Age=0/i.test(line) || pair.slice(at + 1) === '') jar.delete(pair.slice(0, at));
    else jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}
async function get(url: string, jar: Jar) {
  const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
  keep(jar, response);
  return response;
}

/** Starts sign-in at the app and walks the provider's sign-in form as `account`, stopping at the app's callback. */
async function throughProvider(account: string | null, appJar: Jar = new Map()) {
  const start = await get(`${app.baseUrl}/api/user/sso/start?libid=${libraryId}`, appJar);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const providerJar: Jar = new Map();
  let location = authorize.href;
  for (let hops = 0; hops < 10 && !location.startsWith(app.baseUrl); hops += 1) {
    const response = await get(location, providerJar);
    if (response.status === 200) {
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no form at ${location}`);
      const target = new URL(action.replace(/&amp;/g, '&'), location);
      if (account === null) {
        const aborted = await get(new URL(`${target.pathname}/abort`, location).href, providerJar);
        location = new URL(aborted.headers.get('location')!, location).href;
        continue;
      }
      const submitted = await fetch(target, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(providerJar), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: account, password: 'anything' }),
      });
      keep(providerJar, submitted);
      location = new URL(submitted.headers.get('location')!, location).href;
      continue;
    }
    location = new URL(response.headers.get('location')!, location).href;
  }
  return { authorize, callback: location, appJar };
}

async function signIn(account: string) {
  const { callback, appJar } = await throughProvider(account);
  const done = await get(callback, appJar);
  return { done, appJar };
}

async function whoAmI(jar: Jar) {
  return call(app, '/api/user/validateuser', { body: {}, headers: { cookie: cookieHeader(jar), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') } });
}

describe('SSO through the library’s OpenID Connect provider', () => {
  it('sends the person to the provider with PKCE (S256), state and nonce, remembered in an HttpOnly cookie', async () => {
    const jar: Jar = new Map();
    const start = await get(`${app.baseUrl}/api/user/sso/start?libid=${libraryId}`, jar);
    const url = new URL(start.headers.get('location')!);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe('reading-site');
    expect(url.searchParams.get('redirect_uri')).toBe(`${app.baseUrl}/api/user/sso/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(start.headers.getSetCookie().join('\n')).toMatch(/sso_flow=[^;]+; Path=\/api\/user\/sso; Max-Age=600; HttpOnly; SameSite=Lax/);
  });

  it('signs a new member in to the library with the provider’s verified email and name', async () => {
    const { done, appJar } = await signIn('alice');
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/login/sso/success');
    expect(appJar.get('session')).toBeTruthy();
    expect(appJar.has('sso_flow')).toBe(false);
    const me = await whoAmI(appJar);
    expect(me.body).toMatchObject({ status: 'Success', libid: libraryId, libname: 'SSO Library', fname: 'Alice', lname: 'Reader', email: 'alice@sso.test' });
    expect(Date.parse(String(me.body.enddate))).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Signing in again is the same member.
    const again = await signIn('alice');
    expect((await whoAmI(again.appJar)).body.uid).toBe(me.body.uid);
  });

  it('does not take an email address the provider has not verified', async () => {
    const { appJar } = await signIn('bob');
    const me = await whoAmI(appJar);
    expect(me.body).toMatchObject({ status: 'Success', fname: 'Bob', lname: 'Builder', email: '' });
  });

  it('joins the existing account that has the provider’s verified email', async () => {
    const carol = await createUser(app.db, { email: 'carol@sso.test', firstName: 'Carol' });
    const { appJar } = await signIn('carol');
    expect((await whoAmI(appJar)).body).toMatchObject({ uid: carol.id, libid: libraryId });
  });

  it('refuses a callback whose state does not match, and a replayed callback', async () => {
    const { callback, appJar } = await throughProvider('alice');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state');
    const forged = await get(tampered.href, new Map(appJar));
    expect(forged.headers.get('location')).toBe('/login/sso/failure?reason=failed');
    expect(forged.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    const first = await get(callback, new Map(appJar));
    expect(first.headers.get('location')).toBe('/login/sso/success');
    const replay = await get(callback, new Map(appJar));
    errors.mockRestore();
    expect(replay.headers.get('location')).toBe('/login/sso/failure?reason=failed');
  });

  it('refuses a callback from a browser that did not start the sign-in (no flow cookie)', async () => {
    const { callback } = await throughProvider('alice');
    const res = await get(callback, new Map());
    expect(res.headers.get('location')).toBe('/login/sso/failure?reason=expired');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
  });

  it('reports a sign-in the person cancelled at the provider', async () => {
    const { callback, appJar } = await throughProvider(null);
    const res = await get(callback, appJar);
    expect(res.headers.get('location')).toBe('/login/sso/failure?reason=denied');
  });

  it('sends a library without SSO, or with an unreachable provider, to the failure page', async () => {
    const plain = await createLibrary(app.db, { name: 'No SSO' });
    const none = await get(`${app.baseUrl}/api/user/sso/start?libid=${plain.id}`, new Map());
    expect(none.headers.get('location')).toBe('/login/sso/failure?reason=unavailable');
    const gone = await createLibrary(app.db, { name: 'Gone', oidcIssuer: 'http://127.0.0.1:1', oidcClientId: 'x' });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreachable = await get(`${app.baseUrl}/api/user/sso/start?libid=${gone.id}`, new Map());
    errors.mockRestore();
    expect(unreachable.headers.get('location')).toBe('/login/sso/failure?reason=unreachable');
    const bad = await call(app, '/api/user/sso/start?libid=abc');
    expect(bad.status).toBe(400);
  });

  it('never talks plain HTTP to a provider that is not on this machine', async () => {
    const remote = await createLibrary(app.db, { name: 'Remote', oidcIssuer: 'http://sso.remote.example', oidcClientId: 'x' });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await get(`${app.baseUrl}/api/user/sso/start?libid=${remote.id}`, new Map());
    errors.mockRestore();
    expect(res.headers.get('location')).toBe('/login/sso/failure?reason=unreachable');
    await app.db.delete(libraries);
  });
});
