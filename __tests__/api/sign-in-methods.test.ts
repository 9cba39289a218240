import type { GetServerSidePropsContext } from 'next';
import { getServerSideProps as emailPage } from '@/pages/login/email';
import { getServerSideProps as loginPage } from '@/pages/login/index';
import { getServerSideProps as mobilePage } from '@/pages/login/linkmobile';
import { getServerSideProps as passwordPage } from '@/pages/login/verify/password';
import { hashPassword } from '@/server/auth/password';
import { client, newEmail, outboxCode } from './helpers/accounts';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, type ConsoleCast } from './helpers/console';
import { addMembership, createLibrary, createUser, inDays } from './helpers/factories';

/** /login and its steps honour the sign-in ways a library chose in the console, on the server. */

let app: TestApp;
let cast: ConsoleCast;
let untouched = 0;
const PASSWORD = 'a-long-enough-password-2026';
let memberEmail = '';

beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  app = await startTestApp();
  cast = await consoleCast(app.db);
  untouched = (await createLibrary(app.db, { name: 'Never Changed Library', guestAccess: true })).id;
  memberEmail = newEmail('methods');
  const member = await createUser(app.db, { email: memberEmail, passwordHash: await hashPassword(PASSWORD) });
  await addMembership(app.db, member.id, cast.libraryA.id, inDays(30));
  await addMembership(app.db, member.id, untouched, inDays(30));
});
afterAll(async () => {
  await app.close();
});

function context(path: string, query: Record<string, string> = {}): GetServerSidePropsContext {
  const res = { statusCode: 200, setHeader: () => undefined, getHeader: () => undefined } as unknown as GetServerSidePropsContext['res'];
  const req = { cookies: {}, headers: { host: 'library.test' }, socket: {}, url: path } as unknown as GetServerSidePropsContext['req'];
  return { req, res, query, params: {}, resolvedUrl: path } as GetServerSidePropsContext;
}

const props = <T>(result: unknown) => (result as { props: T }).props;
type LoginProps = { ways: { email: boolean; mobile: boolean; card: string | null; sso: string | null }; libQuery: string };
const waysOf = async (libraryId: number) => props<LoginProps>(await loginPage(context(`/login?lib=${libraryId}`, { lib: String(libraryId) }))).ways;
const chooseMethods = (signInMethods: string[], extra: Record<string, unknown> = {}) =>
  call(app, `/api/admin/libraries/${cast.libraryA.id}`, { method: 'PUT', token: cast.tokens.staffA, body: { signInMethods, ...extra } });

describe('/login for a library', () => {
  it('a library that never changed its settings offers email (code and password) and mobile, as before', async () => {
    expect(await waysOf(untouched)).toEqual({ email: true, mobile: true, card: null, sso: null });
    expect(props<{ ways: unknown }>(await emailPage(context('/login/email', { lib: String(untouched) }))).ways).toEqual({ code: true, password: true });
    expect(await mobilePage(context('/login/linkmobile', { lib: String(untouched) }))).toHaveProperty('props');
    expect(await passwordPage(context('/login/verify/password', { lib: String(untouched) }))).toHaveProperty('props');
  });

  it('offers only the email code when the library chose it alone: no mobile, no password step', async () => {
    expect((await chooseMethods(['email'])).status).toBe(200);
    const lib = String(cast.libraryA.id);
    expect(await waysOf(cast.libraryA.id)).toEqual({ email: true, mobile: false, card: null, sso: null });
    expect(props<{ ways: unknown }>(await emailPage(context('/login/email', { lib }))).ways).toEqual({ code: true, password: false });
    expect(await mobilePage(context('/login/linkmobile', { lib }))).toEqual({ redirect: { destination: `/login?lib=${lib}`, permanent: false } });
    expect(await passwordPage(context('/login/verify/password', { lib }))).toEqual({ redirect: { destination: `/login/email?lib=${lib}`, permanent: false } });
    // The library next door is untouched.
    expect(await waysOf(untouched)).toEqual({ email: true, mobile: true, card: null, sso: null });
  });

  it('offers the password alone on the email step, and the library card and SSO buttons from their own settings', async () => {
    const saved = await chooseMethods(['password'], { cardMode: 'list', oidcIssuer: 'https://accounts.library-a.test', oidcClientId: 'reading-site' });
    expect(saved.status).toBe(200);
    const lib = String(cast.libraryA.id);
    expect(await waysOf(cast.libraryA.id)).toEqual({ email: true, mobile: false, card: `/login/librarycard?lib=${lib}`, sso: `/login/sso?lib=${lib}` });
    expect(props<{ ways: unknown }>(await emailPage(context('/login/email', { lib }))).ways).toEqual({ code: false, password: true });
    expect(await passwordPage(context('/login/verify/password', { lib }))).toHaveProperty('props');

    expect((await chooseMethods([], { cardMode: 'none', oidcIssuer: '' })).status).toBe(200);
    expect(await waysOf(cast.libraryA.id)).toEqual({ email: false, mobile: false, card: null, sso: null });
    expect(await emailPage(context('/login/email', { lib }))).toEqual({ redirect: { destination: `/login?lib=${lib}`, permanent: false } });
  });

  it('with no library named, offers every way some library offers', async () => {
    expect(props<LoginProps>(await loginPage(context('/login'))).ways).toMatchObject({ email: true, mobile: true });
  });

  it('refuses a SIP2 card mode without its server, and an issuer without a client id, naming the field', async () => {
    const sip2 = await chooseMethods(['email'], { cardMode: 'sip2', sip2Host: '' });
    expect(sip2.body).toMatchObject({ status: 400, field: 'sip2Host' });
    const port = await chooseMethods(['email'], { cardMode: 'sip2', sip2Host: 'sip.library-a.test' });
    expect(port.body).toMatchObject({ status: 400, field: 'sip2Port' });
    const oidc = await chooseMethods(['email'], { oidcIssuer: 'https://accounts.library-a.test', oidcClientId: '' });
    expect(oidc.body).toMatchObject({ status: 400, field: 'oidcClientId' });
    expect((await chooseMethods(['email'], { oidcIssuer: 'not a url' })).body).toMatchObject({ status: 400, field: 'oidcIssuer' });
    expect((await chooseMethods(['email'], { sip2Port: 70000 })).body).toMatchObject({ status: 400, field: 'sip2Port' });
    expect((await chooseMethods(['fax'])).body).toMatchObject({ status: 400, field: 'signInMethods.0' });
  });
});

describe('the sign-in calls for a library', () => {
  it('refuses (403) a password or a mobile code for a library offering only email codes, and takes the email code', async () => {
    expect((await chooseMethods(['email'])).status).toBe(200);
    const person = client(app);
    const password = await person.call('/api/user/verifyotp', { body: { email: memberEmail, password: PASSWORD, libid: cast.libraryA.id, os: 'web' } });
    expect(password.status).toBe(403);
    expect(password.body).toEqual({ status: 403, message: 'This library does not offer sign-in with a password.' });
    const mobile = await person.call('/api/user/sendotp', { body: { mobile: '9876543210', cc: '+91', libid: cast.libraryA.id, os: 'web' } });
    expect(mobile.status).toBe(403);
    expect(mobile.body).toEqual({ status: 403, message: 'This library does not offer sign-in with a mobile code.' });
    const verifyMobile = await person.call('/api/user/verifyotp', { body: { mobile: '9876543210', cc: '+91', otp: '123456', libid: cast.libraryA.id, os: 'web' } });
    expect(verifyMobile.body).toEqual({ status: 403, message: 'This library does not offer sign-in with a mobile code.' });

    expect((await person.call('/api/user/sendotp', { body: { email: memberEmail, libid: cast.libraryA.id, os: 'web' } })).status).toBe(200);
    const code = await outboxCode(app.db, memberEmail);
    const signedIn = await person.call<{ status: string; libid: number }>('/api/user/verifyotp', { body: { email: memberEmail, otp: code, libid: cast.libraryA.id, os: 'web' } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ status: 'Success', libid: cast.libraryA.id });
  });

  it('takes the password through a library that offers it, and when no library is named', async () => {
    const viaUntouched = await client(app).call<{ libid: number }>('/api/user/verifyotp', { body: { email: memberEmail, password: PASSWORD, libid: untouched, os: 'web' } });
    expect(viaUntouched.status).toBe(200);
    expect(viaUntouched.body.libid).toBe(untouched);
    expect((await client(app).call('/api/user/verifyotp', { body: { email: memberEmail, password: PASSWORD, os: 'web' } })).status).toBe(200);
  });

  it('lets a library offering only passwords take an email code, which is how a forgotten password is reset', async () => {
    expect((await chooseMethods(['password'])).status).toBe(200);
    // Another address: the first was sent a code moments ago and must wait before the next.
    const forgetful = newEmail('forgetful');
    const member = await createUser(app.db, { email: forgetful, passwordHash: await hashPassword(PASSWORD) });
    await addMembership(app.db, member.id, cast.libraryA.id, inDays(30));
    const person = client(app);
    expect((await person.call('/api/user/sendotp', { body: { email: forgetful, libid: cast.libraryA.id, os: 'web' } })).status).toBe(200);
    const code = await outboxCode(app.db, forgetful);
    const reset = await person.call<{ passwordToken?: string }>('/api/user/verifyotp', { body: { email: forgetful, otp: code, libid: cast.libraryA.id, os: 'web' } });
    expect(reset.status).toBe(200);
    expect(reset.body.passwordToken).toEqual(expect.any(String));
  });
});
