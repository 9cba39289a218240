import type { GetServerSidePropsContext } from 'next';
import { SESSION_COOKIE } from '@/lib/cookies';
import { getServerSideProps as homePage } from '@/pages/index';
import { getServerSideProps as journalsPage } from '@/pages/journals';
import { getServerSideProps as magazinePage } from '@/pages/magazine/[mid]/index';
import { getServerSideProps as tempListingPage } from '@/pages/q/temp/magazines/[catId]/index';
import { getServerSideProps as tempReaderPage } from '@/pages/q/temp/tpreader';
import { readerCodeBody } from '../shared/reader-code-body';
import { call, startTestApp, type TestApp } from './helpers/app';
import { consoleCast, lastAudit, type ConsoleCast } from './helpers/console';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';

/**
 * SPEC §6's alternate /q/temp routes (2083) and guest callback (2766) are settings of a library: a new library given
 * one in the console behaves as the demo's does, and loses it when the setting is turned off.
 */
let app: TestApp;
let cast: ConsoleCast;
const TRAVEL = 21;
const title = { mid: 0, issue: 0 };
const reader = { id: 0, token: '' };

beforeAll(async () => {
  app = await startTestApp();
  cast = await consoleCast(app.db);
  await createCategory(app.db, { id: TRAVEL, name: 'Travel' });
  await createCategory(app.db, { id: 154, name: 'Journals' });
  const { magazine, issue } = await createMagazine(app.db, { name: 'Coastal Paths', categoryId: TRAVEL, ageRating: 3 });
  Object.assign(title, { mid: magazine.id, issue: issue.id });
  const user = await createUser(app.db);
  await addMembership(app.db, user.id, cast.libraryA.id, inDays(30));
  Object.assign(reader, { id: user.id, token: await tokenFor(user, cast.libraryA.id, inDays(30)) });
});
afterAll(async () => {
  await app.close();
});

function context(resolvedUrl: string, params: Record<string, string> = {}, session?: string): GetServerSidePropsContext {
  const url = new URL(resolvedUrl, 'http://site.test');
  const res = { statusCode: 200, setHeader: () => undefined, getHeader: () => undefined } as unknown as GetServerSidePropsContext['res'];
  const req = { cookies: session ? { [SESSION_COOKIE]: session } : {}, headers: { host: 'site.test' }, socket: {}, url: resolvedUrl } as unknown as GetServerSidePropsContext['req'];
  return { req, res, query: { ...Object.fromEntries(url.searchParams), ...params }, params, resolvedUrl } as unknown as GetServerSidePropsContext;
}

type Props = Record<string, unknown> & { shell: { library: { libId: number; tempRoutes: boolean } | null } };
const props = (result: unknown) => (result as { props: Props }).props;
const settings = (libraryId: number, body: Record<string, unknown>, token = cast.tokens.operator) =>
  call<{ library: Record<string, unknown>; field?: string }>(app, `/api/admin/libraries/${libraryId}`, { method: 'PUT', token, body });
const issueLinks = async () => {
  const res = await call<{ data: { browserLinkUrl: string }[] }>(app, `/api/catalogue/issues?mid=${title.mid}`, { token: reader.token });
  expect(res.status).toBe(200);
  return res.body.data.map((tile) => tile.browserLinkUrl);
};

describe('the alternate /q/temp routes, as a library setting', () => {
  it('a new library given the setting reads under /q/temp (links, twins, journals, home, shell); turned off, it does not', async () => {
    expect(cast.libraryA.id).not.toBe(2083);
    // Before: the site's own addresses.
    expect(await issueLinks()).toEqual([`/magazine/${title.mid}/${title.issue}`]);
    expect(await magazinePage(context(`/magazine/${title.mid}`, { mid: String(title.mid) }, reader.token))).toHaveProperty('props');

    const on = await settings(cast.libraryA.id, { tempRoutes: true }, cast.tokens.staffA);
    expect(on.status).toBe(200);
    expect(on.body.library).toMatchObject({ tempRoutes: true, callbackAfterGuest: false, openCatalogue: false, hideProfile: false });
    expect(await lastAudit(app.db, 'library.update', `library:${cast.libraryA.id}`)).toMatchObject({
      actorUserId: cast.staffA.id,
      before: { tempRoutes: false },
      after: { tempRoutes: true },
    });

    expect(await issueLinks()).toEqual([`/q/temp/magazine/${title.mid}/${title.issue}`]);
    expect(await magazinePage(context(`/magazine/${title.mid}`, { mid: String(title.mid) }, reader.token))).toEqual({
      redirect: { destination: `/q/temp/magazine/${title.mid}`, permanent: false },
    });
    expect(await journalsPage(context('/journals', {}, reader.token))).toEqual({ redirect: { destination: '/q/temp/magazines/154', permanent: false } });
    const home = props(await homePage(context('/', {}, reader.token)));
    expect(home.links).toMatchObject({ popular: '/q/temp/magazines/BS/en', categories: '/q/temp/magazines/BS' });
    expect((home.categories as { browserLinkUrl: string }[]).map((tile) => tile.browserLinkUrl)).toContain(`/q/temp/magazines/${TRAVEL}`);
    // The shell the server builds tells the client (the search overlay) where to link.
    expect(home.shell.library).toMatchObject({ libId: cast.libraryA.id, tempRoutes: true });

    expect((await settings(cast.libraryA.id, { tempRoutes: false }, cast.tokens.staffA)).status).toBe(200);
    expect(await issueLinks()).toEqual([`/magazine/${title.mid}/${title.issue}`]);
    expect(await magazinePage(context(`/magazine/${title.mid}`, { mid: String(title.mid) }, reader.token))).toHaveProperty('props');
    expect(await journalsPage(context('/journals', {}, reader.token))).toHaveProperty('props');
    expect(props(await homePage(context('/', {}, reader.token))).shell.library).toMatchObject({ tempRoutes: false });
  });

  it('/q/temp/tpreader opens codes of a library with the setting, and refuses them without it', async () => {
    const code = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', { token: reader.token, body: readerCodeBody(reader.id, cast.libraryA.id, title.issue) });
    expect(code.status).toBe(200);
    const address = `/q/temp/tpreader?code=${encodeURIComponent(code.body.code)}&issue=${title.issue}`;
    const open = () => tempReaderPage(context(address, {}, reader.token));
    expect(props(await open())).toMatchObject({ screen: 'refused', refusal: 'foreign-code' });
    // The code alone opens nothing: without the member's session, sign in first.
    expect(await tempReaderPage(context(address))).toEqual({ redirect: { destination: '/login', permanent: false } });
    expect((await settings(cast.libraryA.id, { tempRoutes: true })).status).toBe(200);
    expect(props(await open())).toMatchObject({ screen: 'reader' });
    expect((await settings(cast.libraryA.id, { tempRoutes: false })).status).toBe(200);
    expect(props(await open())).toMatchObject({ screen: 'refused', refusal: 'foreign-code' });
  });
});

describe('the open /q/temp catalogue’s library', () => {
  const visitorShell = async () => props(await tempListingPage(context(`/q/temp/magazines/${TRAVEL}`, { catId: String(TRAVEL) }))).shell.library;

  it('is chosen by an operator only, needs the /q/temp setting, and is one library at most', async () => {
    // No library is the open catalogue's in an empty database: visitors read under none.
    expect(await visitorShell()).toBeNull();

    const staff = await settings(cast.libraryA.id, { tempRoutes: true, openCatalogue: true }, cast.tokens.staffA);
    expect(staff.status).toBe(403);
    expect(staff.body).toMatchObject({ field: 'openCatalogue' });
    const withoutRoutes = await settings(cast.libraryB.id, { openCatalogue: true });
    expect(withoutRoutes.status).toBe(400);
    expect(withoutRoutes.body).toMatchObject({ status: 400, field: 'openCatalogue' });
    expect((await settings(cast.libraryB.id, { tempRoutes: 'yes' })).body).toMatchObject({ status: 400, field: 'tempRoutes' });
    expect((await settings(cast.libraryB.id, { callbackAfterGuest: 1 })).body).toMatchObject({ status: 400, field: 'callbackAfterGuest' });
    expect((await settings(cast.libraryB.id, { hideProfile: 'on' })).body).toMatchObject({ status: 400, field: 'hideProfile' });

    expect((await settings(cast.libraryB.id, { tempRoutes: true, openCatalogue: true })).status).toBe(200);
    expect(await visitorShell()).toMatchObject({ libId: cast.libraryB.id });

    // Choosing A releases B, audited as B's own change.
    expect((await settings(cast.libraryA.id, { tempRoutes: true, openCatalogue: true })).body.library).toMatchObject({ openCatalogue: true });
    expect(await visitorShell()).toMatchObject({ libId: cast.libraryA.id });
    expect((await call<{ library: { openCatalogue: boolean } }>(app, `/api/admin/libraries/${cast.libraryB.id}`, { token: cast.tokens.operator })).body.library.openCatalogue).toBe(false);
    expect(await lastAudit(app.db, 'library.update', `library:${cast.libraryB.id}`)).toMatchObject({
      actorUserId: cast.operator.id,
      before: { openCatalogue: true },
      after: { openCatalogue: false },
    });

    // Its /q/temp setting cannot go while it is the open catalogue's.
    expect((await settings(cast.libraryA.id, { tempRoutes: false })).body).toMatchObject({ status: 400, field: 'openCatalogue' });
    expect((await settings(cast.libraryA.id, { openCatalogue: false, tempRoutes: false })).status).toBe(200);
    expect(await visitorShell()).toBeNull();
  });
});

describe('the guest callback, as a library setting', () => {
  it('a new library given the setting tells its guests’ browsers to go back to the callback; turned off, it does not', async () => {
    const library = await createLibrary(app.db, { name: 'Lighthouse Library', guestAccess: true });
    expect(library.id).not.toBe(2766);
    const guest = async () => {
      const res = await call<{ status: number; libid: number; libraryDetails: { callbackAfterGuest: boolean } }>(app, '/api/user/loginAsGuest', {
        body: { uniqId: 'web-lighthouse-guest-0001', os: 'web', libid: library.id },
      });
      expect(res.body).toMatchObject({ status: 1, libid: library.id });
      return res.body.libraryDetails.callbackAfterGuest;
    };
    expect(await guest()).toBe(false);

    const on = await settings(library.id, { callbackAfterGuest: true });
    expect(on.status).toBe(200);
    expect(await lastAudit(app.db, 'library.update', `library:${library.id}`)).toMatchObject({ before: { callbackAfterGuest: false }, after: { callbackAfterGuest: true } });
    expect(await guest()).toBe(true);

    expect((await settings(library.id, { callbackAfterGuest: false })).status).toBe(200);
    expect(await guest()).toBe(false);
  });
});
