// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { addPages } from './helpers/reader-factories';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/server/auth/password';
import { invalidate } from '@/server/cache';
import { appPasswords, issues, memberships, readingProgress, siteOperators } from '@/server/db/schema';
import { startSip2Peer, type Sip2Peer } from '../peers/sip2';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';
import { AUTHENTICATION_DOCUMENT, DIVINA_MANIFEST, OPDS2_FEED, PROGRESSION, schemaErrors } from './helpers/opds2-schemas';
import { basic, entriesOf, feedLinksOf, jingErrors, koreaderHeaders, linksOf, type XmlLink } from './helpers/opds-client';

// Every request of an app's walk checks its credentials (scrypt for a password) and pages are drawn on first request:
// slow on a loaded machine, so each test has four minutes.
jest.setTimeout(240_000);

let app: TestApp;
let sip2: Sip2Peer;

interface Member {
  id: number;
  email: string;
  password: string;
  token: string;
  library: number;
}
const reader: Member = { id: 0, email: 'reader@opds.test', password: 'harbour-lights-9', token: '', library: 0 };
const other: Member = { id: 0, email: 'other@opds.test', password: 'quiet-meadow-4', token: '', library: 0 };
const pupil: Member = { id: 0, email: 'pupil@opds.test', password: 'school-bus-77', token: '', library: 0 };
const lapsed: Member = { id: 0, email: 'lapsed@opds.test', password: 'old-times-22', token: '', library: 0 };
const titles = { travel: { mid: 0, issue: 0 }, bridal: { mid: 0, issue: 0 }, grown: { mid: 0, issue: 0 } };

const ACQUISITION = 'application/atom+xml;profile=opds-catalog;kind=acquisition';
const NAVIGATION = 'application/atom+xml;profile=opds-catalog;kind=navigation';

async function get(url: string, headers: Record<string, string> = {}) {
  const target = url.startsWith('http') ? url : `${app.baseUrl}${url}`;
  // A connection each; and as an app does with an idempotent request, one more try when the connection is reset
  // before an answer (a loaded machine's socket closing as the request goes out).
  const response = await fetch(target, { headers: { ...headers, connection: 'close' } }).catch(() => fetch(target, { headers: { ...headers, connection: 'close' } }));
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type') ?? '', headers: response.headers, bytes, text: bytes.toString('utf8') };
}

/** Every OPDS document the tests received, held against the OPDS 1.2 schema after each test (one jing run). */
let received: string[] = [];
afterEach(() => {
  const documents = received;
  received = [];
  if (documents.length > 0) expect(jingErrors(documents)).toBe('');
});

/** A feed fetched as an app fetches it (validated after the test). */
async function feed(url: string, headers: Record<string, string>) {
  const res = await get(url, headers);
  expect({ url, status: res.status }).toEqual({ url, status: 200 });
  expect(res.type).toMatch(/^application\/atom\+xml;profile=opds-catalog/);
  received.push(res.text);
  return res.text;
}

function linkTo(links: XmlLink[], test: (link: XmlLink) => boolean): XmlLink {
  const found = links.find(test);
  if (!found) throw new Error(`no such link among ${links.map((l) => `${l.rel} ${l.href}`).join(', ')}`);
  return found;
}

async function setMember(who: Member, libraryId: number, expiresAt = inDays(30)) {
  const user = await createUser(app.db, { email: who.email, passwordHash: await hashPassword(who.password) });
  await addMembership(app.db, user.id, libraryId, expiresAt);
  who.id = user.id;
  who.library = libraryId;
  who.token = await tokenFor(user, libraryId, expiresAt);
}

async function newAppPassword(who: Member, name: string) {
  const res = await call<{ login: string; appPassword: { id: number; password: string } }>(app, '/api/user/appPasswords', { token: who.token, body: { name } });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  app = await startTestApp();
  sip2 = await startSip2Peer({ login: { user: 'reading-site', password: 'sip-secret' }, patrons: { '29001000333': { pin: '2468', name: 'Okafor, Ngozi' } } });
  await createCategory(app.db, { id: 21, name: 'Travel' });
  await createCategory(app.db, { id: 23, name: 'Bridal' });
  await createCategory(app.db, { id: 52, name: 'Newspapers' });
  const open = await createLibrary(app.db, {
    name: 'Harbour Town Library',
    isNewspaper: 1,
    cardMode: 'sip2',
    sip2Host: '127.0.0.1',
    sip2Port: sip2.port,
    sip2Institution: 'LIVE',
    sip2LoginUser: 'reading-site',
    sip2LoginPassword: 'sip-secret',
  });
  const school = await createLibrary(app.db, { name: 'Northfield School Library', excludeCat: 'Fashion,Beauty,Bridal', ageRate: 4, isNewspaper: 0, isJournal: 0 });
  await setMember(reader, open.id);
  await setMember(other, open.id);
  await setMember(pupil, school.id);
  await setMember(lapsed, open.id, inDays(-1));
  const travel = await createMagazine(app.db, { categoryId: 21, name: 'Coastal Journeys', ageRating: 3 });
  const bridal = await createMagazine(app.db, { categoryId: 23, name: 'Wedding Gowns Monthly', ageRating: 3 });
  await createMagazine(app.db, { categoryId: 52, name: 'Harbour Daily', ageRating: 3 });
  const grown = await createMagazine(app.db, { categoryId: 21, name: 'Night Trains After Dark', ageRating: 18 });
  titles.travel = { mid: travel.magazine.id, issue: travel.issue.id };
  titles.bridal = { mid: bridal.magazine.id, issue: bridal.issue.id };
  titles.grown = { mid: grown.magazine.id, issue: grown.issue.id };
  // Twenty pages in the travel issue: KOReader saves page 12, the web reader page 20.
  await addPages(app.db, titles.travel.issue, 20);
  await app.db.update(issues).set({ pageCount: 20 }).where(eq(issues.id, titles.travel.issue));
  for (const issue of [bridal.issue, grown.issue]) await addPages(app.db, issue.id, 12);
}, 180_000);

afterAll(async () => {
  await sip2.close();
  await app.close();
});

/** The walk an OPDS app makes: root, a category, a title, an issue, pages 1 to 3 by PSE, then a search. */
async function walk(libraryId: number, headers: Record<string, string>) {
  const root = await feed(`/api/opds/${libraryId}/catalog`, headers);
  const categories = await feed(linkTo(entriesOf(root).find((e) => e.title === 'Categories')!.links, (l) => l.type === NAVIGATION).href, headers);
  const travel = entriesOf(categories).find((e) => e.title === 'Travel');
  expect(travel).toBeDefined();
  const category = await feed(linkTo(travel!.links, (l) => l.rel === 'subsection').href, headers);
  const title = entriesOf(category).find((e) => e.title === 'Coastal Journeys')!;
  const issues = await feed(linkTo(title.links, (l) => l.type === ACQUISITION).href, headers);
  const [issue] = entriesOf(issues);
  const entryLink = linkTo(issue.links, (l) => l.rel === 'alternate' && l.type.includes('type=entry'));
  const entry = await get(entryLink.href, headers);
  expect(entry.status).toBe(200);
  received.push(entry.text);
  const stream = linkTo(issue.links, (l) => l.rel === 'http://vaemendis.net/opds-pse/stream');
  expect(stream.type).toBe('image/jpeg');
  expect(stream.attrs['pse:count']).toBe('20');
  const pages = [];
  for (const n of [0, 1, 2]) {
    const page = await get(stream.href.replace('{pageNumber}', String(n)).replace('{maxWidth}', '1200'), headers);
    expect(page.status).toBe(200);
    expect(page.type).toBe('image/jpeg');
    expect(page.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    pages.push(page.bytes);
  }
  // Three pages, three different pictures.
  expect(new Set(pages.map((bytes) => bytes.toString('base64'))).size).toBe(3);
  const description = await get(linkTo(feedLinksOf(root), (l) => l.rel === 'search').href, headers);
  expect(description.type).toMatch(/^application\/opensearchdescription\+xml/);
  const template = /template="([^"]+)"/.exec(description.text)![1].replace(/&amp;/g, '&');
  const search = await feed(template.replace('{searchTerms}', encodeURIComponent('coastal')), headers);
  expect(entriesOf(search).map((e) => e.title)).toEqual([expect.stringContaining('Coastal Journeys')]);
  return { root, issue, stream };
}

describe('OPDS 1.2 catalogue with page streaming', () => {
  it('holds feeds against a schema that refuses what OPDS and PSE forbid', async () => {
    const root = await feed(`/api/opds/${reader.library}/latest`, basic(reader.email, reader.password));
    expect(jingErrors(root)).toBe('');
    // Pages are read from 1 in pse:lastRead; an entry needs its id; a link its href.
    expect(jingErrors(root.replace(/pse:count="(\d+)"/, 'pse:count="$1" pse:lastRead="0"'))).toMatch(/lastRead/);
    expect(jingErrors(root.replace(/<entry><id>[^<]*<\/id>/, '<entry>'))).not.toBe('');
    expect(jingErrors(root.replace(/ href="[^"]*"/, ''))).not.toBe('');
  });

  it('asks an app without credentials to sign in with the Authentication for OPDS document', async () => {
    const res = await get(`/api/opds/${reader.library}/catalog`);
    expect(res.status).toBe(401);
    expect(res.type).toMatch(/^application\/opds-authentication\+json/);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="Harbour Town Library"/);
    const document = JSON.parse(res.text) as { id: string; title: string; authentication: { type: string; labels: Record<string, string> }[] };
    expect(document).toMatchObject({ title: 'Harbour Town Library', authentication: [{ type: 'http://opds-spec.org/auth/basic' }] });
    expect(document.authentication[0].labels.login).toMatch(/library card/);
    expect(schemaErrors(AUTHENTICATION_DOCUMENT, document)).toBe('');
    expect((await get(document.id)).status).toBe(200);
    expect((await get(`/api/opds/${reader.library}/catalog`, basic(reader.email, 'not-the-password'))).status).toBe(401);
  });

  it('walks root, category, title, issue, pages 1 to 3 and search with the member’s email and password', async () => {
    await walk(reader.library, basic(reader.email, reader.password));
  });

  it('walks the same with a library card and PIN checked by the library’s SIP2 server', async () => {
    const before = sip2.received.filter((m) => m.startsWith('23')).length;
    await walk(reader.library, basic('29001000333', '2468'));
    expect(sip2.received.filter((m) => m.startsWith('23')).length).toBeGreaterThan(before);
    expect((await get(`/api/opds/${reader.library}/catalog`, basic('29001000333', '1111'))).status).toBe(401);
  });

  it('walks with an app password, and refuses it from the moment it is revoked', async () => {
    const made = await newAppPassword(reader, 'Panels on my tablet');
    expect(made.login).toBe(reader.email);
    const stored = await app.db.select().from(appPasswords).where(eq(appPasswords.id, made.appPassword.id));
    expect(stored[0].secretHash).not.toContain(made.appPassword.password);
    const listed = await call<{ passwords: { id: number; name: string; hint: string }[] }>(app, '/api/user/appPasswords', { token: reader.token });
    expect(listed.body.passwords).toContainEqual(expect.objectContaining({ id: made.appPassword.id, name: 'Panels on my tablet', hint: made.appPassword.password.slice(-4) }));
    expect(JSON.stringify(listed.body)).not.toContain(made.appPassword.password);
    await walk(reader.library, basic(reader.email, made.appPassword.password));
    const revoked = await call(app, `/api/user/appPasswords/${made.appPassword.id}`, { method: 'DELETE', token: reader.token });
    expect(revoked.status).toBe(200);
    expect((await get(`/api/opds/${reader.library}/catalog`, basic(reader.email, made.appPassword.password))).status).toBe(401);
    // Another member cannot revoke it (nor learn that it exists).
    const mine = await newAppPassword(reader, 'e-reader');
    expect((await call(app, `/api/user/appPasswords/${mine.appPassword.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
  });

  it('refuses a member whose membership has ended', async () => {
    const res = await get(`/api/opds/${lapsed.library}/catalog`, basic(lapsed.email, lapsed.password));
    expect(res.status).toBe(403);
    // And a member of another library reads nothing of this one.
    expect((await get(`/api/opds/${reader.library}/catalog`, basic(pupil.email, pupil.password))).status).toBe(403);
  });

  it('never shows a member of the school library a Bridal title, or a title above its age rating, in any feed', async () => {
    const headers = basic(pupil.email, pupil.password);
    const seen: string[] = [];
    const visit = async (url: string, depth: number): Promise<void> => {
      if (seen.includes(url) || depth > 4) return;
      seen.push(url);
      const text = await feed(url, headers);
      expect(text).not.toMatch(/Bridal|Wedding Gowns|Night Trains|Newspapers|Harbour Daily/);
      for (const entry of entriesOf(text)) {
        for (const link of entry.links) if (link.type === NAVIGATION || link.type === ACQUISITION) await visit(link.href, depth + 1);
      }
    };
    await visit(`${app.baseUrl}/api/opds/${pupil.library}/catalog`, 0);
    expect(seen.length).toBeGreaterThanOrEqual(6);
    for (const words of ['wedding', 'gowns', 'night trains']) {
      const search = await feed(`/api/opds/${pupil.library}/search?q=${encodeURIComponent(words)}`, headers);
      expect(entriesOf(search)).toHaveLength(0);
    }
    for (const hidden of [titles.bridal, titles.grown]) {
      expect((await get(`/api/opds/${pupil.library}/titles/${hidden.mid}`, headers)).status).toBe(404);
      expect((await get(`/api/opds/${pupil.library}/issues/${hidden.issue}`, headers)).status).toBe(404);
      expect((await get(`/api/opds/${pupil.library}/issues/${hidden.issue}/pages/0`, headers)).status).toBe(404);
    }
    // The same titles are there for the open library's member: the rule, not the data, hides them.
    const latest = await feed(`/api/opds/${reader.library}/latest`, basic(reader.email, reader.password));
    expect(latest).toMatch(/Wedding Gowns Monthly/);
    // Newspapers by the library's flag: the open library shows them, the school does not.
    const root = await feed(`/api/opds/${reader.library}/catalog`, basic(reader.email, reader.password));
    const newspapers = entriesOf(root).find((e) => e.title === 'Newspapers');
    expect(entriesOf(await feed(newspapers!.links[0].href, basic(reader.email, reader.password))).map((e) => e.title)).toEqual(['Harbour Daily']);
  });

  it('serves a page no wider than the app asks, within the 1x to 3x scales, and refuses pages past the end', async () => {
    const headers = basic(reader.email, reader.password);
    const base = `/api/opds/${reader.library}/issues/${titles.travel.issue}/pages`;
    const widthOf = (jpeg: Buffer) => {
      for (let i = 2; i < jpeg.length; ) {
        const marker = jpeg[i + 1];
        if (marker >= 0xc0 && marker <= 0xc3) return jpeg.readUInt16BE(i + 7);
        i += 2 + jpeg.readUInt16BE(i + 2);
      }
      return 0;
    };
    expect(widthOf((await get(`${base}/0?width=600`, headers)).bytes)).toBe(600);
    expect(widthOf((await get(`${base}/0?width=1300`, headers)).bytes)).toBe(1200);
    expect(widthOf((await get(`${base}/0?width=5000`, headers)).bytes)).toBe(1800);
    expect(widthOf((await get(`${base}/0?width=100`, headers)).bytes)).toBe(600);
    expect((await get(`${base}/20`, headers)).status).toBe(404);
  });
});

describe('progress shared between KOReader, OPDS apps and the web reader', () => {
  const genCode = async (who: Member, issueId: number) => {
    const res = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', {
      token: who.token,
      body: { user_id: who.id, issue: issueId, lib_id: who.library, ageRating: 5, readtype: 'reader', store_id: 1, user_con: 'IN', userLang: 'en', purType: 1, isnews: 0, device: 'web', clvr: 't', 'Is Gold': 1 },
    });
    expect(res.status).toBe(200);
    return res.body.code;
  };

  it('KOReader saves page 12 and the web reader opens there; the web reader saves 20 and KOReader gets it; another member’s key returns nothing', async () => {
    const mine = await newAppPassword(reader, 'KOReader');
    const koreader = koreaderHeaders(reader.email, mine.appPassword.password);
    expect((await call(app, '/api/kosync/users/auth', { headers: koreader })).body).toEqual({ authorized: 'OK' });
    expect((await call(app, '/api/kosync/users/auth', { headers: koreaderHeaders(reader.email, reader.password) })).status).toBe(401);
    expect((await call(app, '/api/kosync/users/create', { body: { username: 'someone-new', password: 'd41d8cd98f00b204e9800998ecf8427e' } })).body).toMatchObject({ code: 2005 });
    expect((await call(app, '/api/kosync/users/create', { body: { username: reader.email, password: koreader['x-auth-key'] } })).status).toBe(201);

    // The document key KOReader is given with the issue (its OPDS entry).
    const entry = await get(`/api/opds/${reader.library}/issues/${titles.travel.issue}`, basic(reader.email, reader.password));
    const document = /urn:koreader-sync:([0-9a-f]{32})/.exec(entry.text)![1];
    const put = await call<{ document: string; timestamp: number }>(app, '/api/kosync/syncs/progress', {
      method: 'PUT',
      headers: koreader,
      body: { document, progress: '12', percentage: 0.6, device: 'Kobo Clara', device_id: 'KOBO-0042' },
    });
    expect(put.status).toBe(200);
    expect(put.body.document).toBe(document);

    const code = await genCode(reader, titles.travel.issue);
    const opened = await call<{ lastPage: number }>(app, `/api/reader/issue?code=${encodeURIComponent(code)}&issue=${titles.travel.issue}`, { token: reader.token });
    expect(opened.body.lastPage).toBe(12);

    const saved = await call(app, '/api/reader/progress', { method: 'PUT', token: reader.token, body: { code, issue: titles.travel.issue, page: 20 } });
    expect(saved.status).toBe(200);
    const got = await call<Record<string, unknown>>(app, `/api/kosync/syncs/progress/${document}`, { headers: koreader });
    expect(got.body).toMatchObject({ document, progress: '20', percentage: 1, device: 'Web reader' });
    // PSE's lastRead and OPDS Progression read the same place.
    const feedText = await feed(`/api/opds/${reader.library}/titles/${titles.travel.mid}`, basic(reader.email, reader.password));
    expect(linksOf(feedText).find((l) => l.rel === 'http://vaemendis.net/opds-pse/stream')?.attrs['pse:lastRead']).toBe('20');

    // Another member, with their own app password, asking for this member's document key: nothing.
    const theirs = await newAppPassword(other, 'KOReader');
    const foreign = await call<Record<string, unknown>>(app, `/api/kosync/syncs/progress/${document}`, { headers: koreaderHeaders(other.email, theirs.appPassword.password) });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({});
    const write = await call(app, '/api/kosync/syncs/progress', { method: 'PUT', headers: koreaderHeaders(other.email, theirs.appPassword.password), body: { document, progress: '3', percentage: 0.15, device: 'x' } });
    expect(write.status).toBe(404);
    expect((await call<{ progress: string }>(app, `/api/kosync/syncs/progress/${document}`, { headers: koreader })).body.progress).toBe('20');

    // An ended membership ends the sync of its issues too.
    await app.db.update(memberships).set({ expiresAt: inDays(-1) }).where(eq(memberships.userId, reader.id));
    expect((await call(app, `/api/kosync/syncs/progress/${document}`, { headers: koreader })).body).toEqual({});
    await app.db.update(memberships).set({ expiresAt: inDays(30) }).where(eq(memberships.userId, reader.id));
  });
});

describe('OPDS 2.0 feeds, Readium manifests and OPDS Progression', () => {
  interface Feed2 {
    navigation?: { href: string; title: string }[];
    publications?: { metadata: { title: string }; links: { rel: string; href: string; type: string }[] }[];
    groups?: { publications: unknown[] }[];
  }
  const json = async <T>(url: string, headers: Record<string, string>, schema: object, type: RegExp) => {
    const res = await get(url, headers);
    expect({ url, status: res.status }).toEqual({ url, status: 200 });
    expect(res.type).toMatch(type);
    const body = JSON.parse(res.text) as T;
    expect(schemaErrors(schema, body)).toBe('');
    return body;
  };
  const opds2 = <T = Feed2>(url: string, headers: Record<string, string>) => json<T>(url, headers, OPDS2_FEED, /^application\/opds\+json/);

  it('walks catalogue, category, title, manifest and its first pages, and keeps the reading place through Progression', async () => {
    const headers = basic(reader.email, reader.password);
    const root = await opds2(`/api/opds/${reader.library}/v2/catalog`, headers);
    const categories = await opds2(root.navigation!.find((l) => l.title === 'Categories')!.href, headers);
    const category = await opds2(categories.navigation!.find((l) => l.title === 'Travel')!.href, headers);
    const title = await opds2(category.navigation!.find((l) => l.title === 'Coastal Journeys')!.href, headers);
    const [issue] = title.publications!;
    const acquisition = issue.links.find((l) => l.rel === 'http://opds-spec.org/acquisition')!;
    expect(acquisition.type).toBe('application/webpub+json');
    const manifest = await json<{ readingOrder: { href: string; type: string; width: number }[]; links: { rel: string; href: string }[] }>(acquisition.href, headers, DIVINA_MANIFEST, /^application\/webpub\+json/);
    expect(manifest.readingOrder).toHaveLength(20);
    for (const page of manifest.readingOrder.slice(0, 3)) {
      const image = await get(page.href, headers);
      expect(image.status).toBe(200);
      expect(image.type).toBe(page.type);
    }
    const progressionUrl = manifest.links.find((l) => l.rel === 'http://opds-spec.org/progression')!.href;
    expect(issue.links.find((l) => l.rel === 'http://opds-spec.org/progression')?.href).toBe(progressionUrl);

    // A reading app saves page 7 (its reading order's seventh image); the web reader opens there.
    const put = await fetch(progressionUrl, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ modified: new Date().toISOString(), device: { id: 'urn:uuid:0b8e6a8e-8a3e-4c59-9c0b-7f4f6d0f0a01', name: 'Tablet app' }, progression: 0.35, references: [manifest.readingOrder[6].href] }),
    });
    expect(put.status).toBe(200);
    expect(schemaErrors(PROGRESSION, await put.json())).toBe('');
    const kept = await json<{ progression: number; device: { name: string } }>(progressionUrl, headers, PROGRESSION, /^application\/opds-progression\+json/);
    expect(kept).toMatchObject({ progression: 7 / 20, device: { name: 'Tablet app' } });
    const code = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', {
      token: reader.token,
      body: { user_id: reader.id, issue: titles.travel.issue, lib_id: reader.library, ageRating: 5, readtype: 'reader', store_id: 1, user_con: 'IN', userLang: 'en', purType: 1, isnews: 0, device: 'web', clvr: 't', 'Is Gold': 1 },
    });
    const opened = await call<{ lastPage: number }>(app, `/api/reader/issue?code=${encodeURIComponent(code.body.code)}&issue=${titles.travel.issue}`, { token: reader.token });
    expect(opened.body.lastPage).toBe(7);
    // An older progression from another device does not move the place back.
    const stale = await fetch(progressionUrl, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ modified: '2020-01-01T00:00:00Z', device: { id: 'urn:uuid:11111111-2222-3333-4444-555555555555', name: 'Old phone' }, progression: 0.1 }),
    });
    expect(((await stale.json()) as { progression: number }).progression).toBe(7 / 20);

    const search = await opds2(`/api/opds/${reader.library}/v2/search?query=coastal`, headers);
    expect(search.publications!.map((p) => p.metadata.title)).toEqual([expect.stringContaining('Coastal Journeys')]);
  });

  it('shows the school library’s member no Bridal title and nothing above its age rating', async () => {
    const headers = basic(pupil.email, pupil.password);
    const texts: string[] = [];
    const root = await opds2(`/api/opds/${pupil.library}/v2/catalog`, headers);
    texts.push(JSON.stringify(root));
    for (const path of ['categories', 'languages', 'latest', 'favourites', 'search?query=wedding', 'search?query=night']) texts.push(JSON.stringify(await opds2(`/api/opds/${pupil.library}/v2/${path}`, headers)));
    const categories = await opds2(`/api/opds/${pupil.library}/v2/categories`, headers);
    for (const link of categories.navigation!) texts.push(JSON.stringify(await opds2(link.href, headers)));
    for (const text of texts) expect(text).not.toMatch(/Bridal|Wedding Gowns|Night Trains|Harbour Daily/);
    for (const hidden of [titles.bridal, titles.grown]) {
      expect((await get(`/api/opds/${pupil.library}/v2/titles/${hidden.mid}`, headers)).status).toBe(404);
      expect((await get(`/api/opds/${pupil.library}/issues/${hidden.issue}/manifest`, headers)).status).toBe(404);
      expect((await get(`/api/opds/${pupil.library}/issues/${hidden.issue}/progression`, headers)).status).toBe(404);
    }
  });
});

describe('the feeds’ issue lists in the catalogue cache', () => {
  let operator = '';
  const issueIdsOf = (text: string) => entriesOf(text).flatMap((entry) => entry.links.map((link) => /\/issues\/(\d+)$/.exec(link.href)?.[1]).filter(Boolean).slice(0, 1).map(Number));

  beforeAll(async () => {
    const user = await createUser(app.db, { firstName: 'Ola', lastName: 'Operator' });
    await app.db.insert(siteOperators).values({ userId: user.id });
    operator = await tokenFor(user, 0, null);
  });

  beforeEach(async () => {
    // Kept as in production, for as long as a test takes.
    process.env.CACHE_SECONDS = '30';
    await invalidate('catalogue');
  });

  afterEach(async () => {
    delete process.env.CACHE_SECONDS;
    await invalidate('catalogue');
  });

  it('keeps the list and count for members under the same rules, each with their own reading place', async () => {
    const readerHeaders = basic(reader.email, reader.password);
    const otherHeaders = basic(other.email, other.password);
    const latest = `/api/opds/${reader.library}/latest`;
    expect(issueIdsOf(await feed(latest, readerHeaders))).toContain(titles.travel.issue);
    // A change made behind the site's back (no invalidation) is not seen while the list is kept: it is kept.
    const [before] = await app.db.select({ name: issues.name }).from(issues).where(eq(issues.id, titles.travel.issue));
    await app.db.update(issues).set({ name: 'Renamed Behind The Cache' }).where(eq(issues.id, titles.travel.issue));
    try {
      expect(await feed(latest, otherHeaders)).not.toMatch(/Renamed Behind The Cache/);
    } finally {
      await app.db.update(issues).set({ name: before.name }).where(eq(issues.id, titles.travel.issue));
    }
    // The reading place is each member's own, and read fresh: not kept with the list.
    await app.db.delete(readingProgress).where(eq(readingProgress.userId, other.id));
    const lastRead = async (headers: Record<string, string>) => {
      const entry = entriesOf(await feed(latest, headers)).find((e) => e.links.some((l) => l.href.endsWith(`/issues/${titles.travel.issue}`)))!;
      return linkTo(entry.links, (l) => l.rel === 'http://vaemendis.net/opds-pse/stream').attrs['pse:lastRead'];
    };
    expect(await lastRead(otherHeaders)).toBeUndefined();
    await app.db.insert(readingProgress).values({ userId: other.id, issueId: titles.travel.issue, page: 7 });
    expect(await lastRead(otherHeaders)).toBe('7');
    await app.db.update(readingProgress).set({ page: 9 }).where(eq(readingProgress.userId, other.id));
    expect(await lastRead(otherHeaders)).toBe('9');
    await app.db.delete(readingProgress).where(eq(readingProgress.userId, other.id));
    expect(await lastRead(otherHeaders)).toBeUndefined();
  });

  it('drops a withdrawn issue from every feed at once, and shows it again once restored', async () => {
    const headers = basic(reader.email, reader.password);
    const latest = `/api/opds/${reader.library}/latest`;
    const title = `/api/opds/${reader.library}/titles/${titles.travel.mid}`;
    const opds2 = `/api/opds/${reader.library}/v2/latest`;
    expect(issueIdsOf(await feed(latest, headers))).toContain(titles.travel.issue);
    expect(issueIdsOf(await feed(title, headers))).toEqual([titles.travel.issue]);
    const v2 = await get(opds2, headers);
    expect(v2.status).toBe(200);
    expect(v2.text).toContain(`/issues/${titles.travel.issue}/`);

    expect((await call(app, `/api/admin/issues/${titles.travel.issue}/withdraw`, { token: operator, body: {} })).status).toBe(200);
    try {
      expect(issueIdsOf(await feed(latest, headers))).not.toContain(titles.travel.issue);
      expect((await get(title, headers)).status).toBe(404);
      expect((await get(`/api/opds/${reader.library}/issues/${titles.travel.issue}`, headers)).status).toBe(404);
      expect((await get(opds2, headers)).text).not.toContain(`/issues/${titles.travel.issue}/`);
    } finally {
      expect((await call(app, `/api/admin/issues/${titles.travel.issue}/restore`, { token: operator, body: {} })).status).toBe(200);
    }
    expect(issueIdsOf(await feed(latest, headers))).toContain(titles.travel.issue);
    expect(issueIdsOf(await feed(title, headers))).toEqual([titles.travel.issue]);
  });

  it('drops a title from a library’s feeds at once when the library hides its category', async () => {
    const headers = basic(pupil.email, pupil.password);
    const latest = `/api/opds/${pupil.library}/latest`;
    expect(issueIdsOf(await feed(latest, headers))).toContain(titles.travel.issue);
    const hide = (excludeCategories: string[]) => call(app, `/api/admin/libraries/${pupil.library}`, { method: 'PUT', token: operator, body: { excludeCategories } });
    expect((await hide(['Fashion', 'Beauty', 'Bridal', 'Travel'])).status).toBe(200);
    try {
      expect(issueIdsOf(await feed(latest, headers))).not.toContain(titles.travel.issue);
      expect((await get(`/api/opds/${pupil.library}/titles/${titles.travel.mid}`, headers)).status).toBe(404);
    } finally {
      expect((await hide(['Fashion', 'Beauty', 'Bridal'])).status).toBe(200);
    }
    expect(issueIdsOf(await feed(latest, headers))).toContain(titles.travel.issue);
  });
});
