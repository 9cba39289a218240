// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { pdfFolder, runImport } from './helpers/import';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { fillerLines, makeSamplePdf } from '@/bench/samples';
import { hashPassword } from '@/server/auth/password';
import { issues, libraryStaff, magazines, usageEvents } from '@/server/db/schema';
import { startJobs, stopJobs, upkeepAtStart } from '@/server/jobs';
import { backfillPartialMd5, originalsToKey, partialMd5OfStream } from '@/server/opds/partial-md5';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';
import { OPDS2_FEED, schemaErrors } from './helpers/opds2-schemas';
import { basic, entriesOf, jingErrors, koreaderHeaders, type XmlLink } from './helpers/opds-client';
import { ensureSearchLanguage } from './helpers/search-factories';

// The import draws the pages, and every OPDS request checks a password with scrypt: slow on a loaded machine.
jest.setTimeout(240_000);

/**
 * KOReader's util.partialMD5 (frontend/util.lua), written here from its Lua on its own, not from the site's code:
 *
 *   local step, size = 1024, 1024
 *   for i = -1, 10 do
 *       file:seek("set", lshift(step, 2*i))
 *       local sample = file:read(size)
 *       if sample then update(sample) else break end
 *   end
 *
 * lshift is LuaJIT's bit.lshift: 32-bit, the shift count taken modulo 32 (so lshift(1024, -2) is 1024 << 30, which
 * overflows to 0); file:read(n) gives what is left when fewer than n bytes remain, and nil at the end of the file.
 */
function koreaderPartialMd5(file: string): string {
  const lshift = (value: number, by: number) => (value << (((by % 32) + 32) % 32)) | 0;
  const fd = fs.openSync(file, 'r');
  const update = createHash('md5');
  try {
    const step = 1024;
    const size = 1024;
    for (let i = -1; i <= 10; i++) {
      const buffer = Buffer.alloc(size);
      const read = fs.readSync(fd, buffer, 0, size, lshift(step, 2 * i));
      if (read === 0) break;
      update.update(buffer.subarray(0, read));
    }
  } finally {
    fs.closeSync(fd);
  }
  return update.digest('hex');
}

let app: TestApp;
const TRAVEL = 21;

async function partialMd5Of(id: number): Promise<string | null> {
  const [row] = await app.db.select({ partialMd5: issues.partialMd5 }).from(issues).where(eq(issues.id, id));
  return row.partialMd5;
}

/** The issue's partial MD5 once the queue has written one (null if it has not within `ms`). */
async function keyedWithin(id: number, ms: number): Promise<string | null> {
  const until = Date.now() + ms;
  let key = await partialMd5Of(id);
  while (key === null && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    key = await partialMd5Of(id);
  }
  return key;
}
const dir = pdfFolder('harbour-pdf');
const file = path.join(dir, 'harbour-weekly - 2026-06-04.pdf');
let issueId = 0;
let titleId = 0;

interface Member {
  id: number;
  email: string;
  password: string;
  token: string;
  library: number;
}
const reader: Member = { id: 0, email: 'reader@pdf.test', password: 'harbour-lights-9', token: '', library: 0 };
const pupil: Member = { id: 0, email: 'pupil@pdf.test', password: 'school-bus-77', token: '', library: 0 };
const elsewhere: Member = { id: 0, email: 'elsewhere@pdf.test', password: 'far-away-31', token: '', library: 0 };
let staffToken = '';

async function setMember(who: Member, libraryId: number) {
  const user = await createUser(app.db, { email: who.email, passwordHash: await hashPassword(who.password) });
  await addMembership(app.db, user.id, libraryId, inDays(30));
  Object.assign(who, { id: user.id, library: libraryId, token: await tokenFor(user, libraryId, inDays(30)) });
}

async function get(url: string, headers: Record<string, string>) {
  const response = await fetch(url.startsWith('http') ? url : `${app.baseUrl}${url}`, { headers: { ...headers, connection: 'close' } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type') ?? '', headers: response.headers, bytes, text: bytes.toString('utf8') };
}

const PDF_LINK = (link: XmlLink) => link.rel === 'http://opds-spec.org/acquisition' && link.type === 'application/pdf';

/** The issue's entry in the title's OPDS 1.2 feed for a member (the feed held against the schema). */
async function issueInFeed(who: Member) {
  const res = await get(`/api/opds/${who.library}/titles/${titleId}`, basic(who.email, who.password));
  expect(res.status).toBe(200);
  expect(jingErrors(res.text)).toBe('');
  return entriesOf(res.text).find((entry) => entry.id.endsWith(`/issues/${issueId}`))!;
}

async function setPdfDownload(libraryId: number, on: boolean) {
  const res = await call<{ library: { pdfDownload: boolean } }>(app, `/api/admin/libraries/${libraryId}`, { method: 'PUT', token: staffToken, body: { pdfDownload: on } });
  expect(res.status).toBe(200);
  expect(res.body.library.pdfDownload).toBe(on);
}

beforeAll(async () => {
  app = await startTestApp();
  await ensureSearchLanguage(app.db, 'en', 'English', 'english');
  await createCategory(app.db, { id: TRAVEL, name: 'Travel' });
  const open = await createLibrary(app.db, { name: 'Harbour Town Library' });
  // A school library whose age rating is below the title's, and a library whose chosen collection does not hold it.
  const school = await createLibrary(app.db, { name: 'Northfield School Library', ageRate: 4, pdfDownload: true });
  const chosen = await createLibrary(app.db, { name: 'Far Shore Library', collectionMode: 'chosen', pdfDownload: true });
  await setMember(reader, open.id);
  await setMember(pupil, school.id);
  await setMember(elsewhere, chosen.id);
  const staff = await createUser(app.db, { firstName: 'Sam', lastName: 'Staff' });
  await app.db.insert(libraryStaff).values({ userId: staff.id, libraryId: open.id });
  staffToken = await tokenFor(staff, 0, null);

  fs.writeFileSync(path.join(dir, 'title.json'), JSON.stringify({ category: 'Travel', language: 'en', ageRating: 3, publisher: 'Harbour Society' }));
  const pages = Array.from({ length: 6 }, (_, i) => ({ lines: [`Harbour Weekly page ${i + 1}`, ...fillerLines(8 + i)], picture: i % 2 === 0 }));
  fs.writeFileSync(file, await makeSamplePdf({ pages, info: { title: 'Harbour Weekly', author: 'Harbour Society Press' } }));
  const run = await runImport(file, '--workers', '1');
  expect(run.code).toBe(0);
  const [title] = await app.db.select().from(magazines).where(eq(magazines.name, 'Harbour Weekly'));
  const [issue] = await app.db.select().from(issues).where(eq(issues.magazineId, title.id));
  titleId = title.id;
  issueId = issue.id;
  // Above the school's age rating (4), within what apps read at elsewhere (5): its pupil may not read it, the others may.
  await app.db.update(magazines).set({ ageRating: 5 }).where(eq(magazines.id, titleId));
}, 240_000);

afterAll(async () => {
  await app.close();
});

describe('PDF download in the OPDS catalogues, behind the library’s switch', () => {
  it('offers no PDF while the switch is off (the default), and the route answers 404', async () => {
    const entry = await issueInFeed(reader);
    expect(entry.links.filter(PDF_LINK)).toEqual([]);
    const res = await get(`/api/opds/${reader.library}/issues/${issueId}/pdf`, basic(reader.email, reader.password));
    expect(res.status).toBe(404);
    const v2 = await get(`/api/opds/${reader.library}/v2/titles/${titleId}`, basic(reader.email, reader.password));
    expect(JSON.stringify(JSON.parse(v2.text))).not.toContain('application/pdf');
  });

  it('once staff turn it on, links the original PDF in OPDS 1.2 and 2 and streams its very bytes to the member', async () => {
    // Only staff change it: a member is refused.
    expect((await call(app, `/api/admin/libraries/${reader.library}`, { method: 'PUT', token: reader.token, body: { pdfDownload: true } })).status).toBe(403);
    expect((await call(app, `/api/admin/libraries/${reader.library}`, { method: 'PUT', token: staffToken, body: { pdfDownload: 'yes' } })).body).toMatchObject({ status: 400, field: 'pdfDownload' });
    await setPdfDownload(reader.library, true);
    const settings = await call<{ library: { pdfDownload: boolean } }>(app, `/api/admin/libraries/${reader.library}`, { token: staffToken });
    expect(settings.body.library.pdfDownload).toBe(true);

    const entry = await issueInFeed(reader);
    const [link] = entry.links.filter(PDF_LINK);
    expect(link.href).toBe(`${app.baseUrl}/api/opds/${reader.library}/issues/${issueId}/pdf`);
    const single = await get(`/api/opds/${reader.library}/issues/${issueId}`, basic(reader.email, reader.password));
    expect(jingErrors(single.text)).toBe('');
    expect(single.text).toContain(`/issues/${issueId}/pdf`);

    const v2 = await get(`/api/opds/${reader.library}/v2/titles/${titleId}`, basic(reader.email, reader.password));
    const feed = JSON.parse(v2.text);
    expect(schemaErrors(OPDS2_FEED, feed)).toBe('');
    const publication = feed.publications.find((p: { metadata: { identifier: string } }) => p.metadata.identifier.endsWith(`/issues/${issueId}`));
    expect(publication.links).toContainEqual(expect.objectContaining({ rel: 'http://opds-spec.org/acquisition', type: 'application/pdf', href: link.href }));

    const pdf = await get(link.href, basic(reader.email, reader.password));
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename=".*Harbour Weekly.*\.pdf"$/);
    expect(pdf.bytes.equals(fs.readFileSync(file))).toBe(true);
    // Counted as a request for the issue, as opening it in the reader is (counting does not hold up the download).
    const downloads = async () => app.db.select().from(usageEvents).where(and(eq(usageEvents.kind, 'issue'), eq(usageEvents.issueId, issueId)));
    for (let attempt = 0; attempt < 100 && (await downloads()).length === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await downloads()).toEqual([expect.objectContaining({ libraryId: reader.library, titleId })]);
    // Without credentials the app is asked to sign in, as on every OPDS route.
    expect((await get(link.href, {})).status).toBe(401);
  });

  it('refuses the PDF to a member who may not read the issue: above their age rating, or outside their library’s collection', async () => {
    for (const who of [pupil, elsewhere]) {
      const res = await get(`/api/opds/${who.library}/issues/${issueId}/pdf`, basic(who.email, who.password));
      expect({ who: who.email, status: res.status }).toEqual({ who: who.email, status: 404 });
      // And through the library that allows it, the member of another library is not let in.
      expect((await get(`/api/opds/${reader.library}/issues/${issueId}/pdf`, basic(who.email, who.password))).status).toBe(403);
    }
  });

  it('stops at once when the switch is turned off again', async () => {
    await setPdfDownload(reader.library, false);
    expect((await issueInFeed(reader)).links.filter(PDF_LINK)).toEqual([]);
    expect((await get(`/api/opds/${reader.library}/issues/${issueId}/pdf`, basic(reader.email, reader.password))).status).toBe(404);
  });
});

describe('KOReader names the downloaded PDF by its partial MD5', () => {
  it('keeps the partial MD5 KOReader computes for the imported PDF, and reads it from a stream in any chunking', async () => {
    const expected = koreaderPartialMd5(file);
    expect(fs.statSync(file).size).toBeGreaterThan(4096);
    const [row] = await app.db.select({ partialMd5: issues.partialMd5 }).from(issues).where(eq(issues.id, issueId));
    expect(row.partialMd5).toBe(expected);
    const bytes = fs.readFileSync(file);
    for (const size of [1, 1000, 1024, 5000, bytes.length]) {
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
      expect(await partialMd5OfStream(Readable.from(chunks))).toBe(expected);
    }
  });

  it('saves KOReader’s page under that key as the web reader’s place, and answers it back; another library’s member gets nothing', async () => {
    const document = koreaderPartialMd5(file);
    const made = await call<{ appPassword: { password: string } }>(app, '/api/user/appPasswords', { token: reader.token, body: { name: 'KOReader' } });
    const koreader = koreaderHeaders(reader.email, made.body.appPassword.password);
    // KOReader sends a PDF's progress as the page number, with the share of pages read.
    const put = await call<{ document: string }>(app, '/api/kosync/syncs/progress', {
      method: 'PUT',
      headers: koreader,
      body: { document, progress: '4', percentage: 0.6667, device: 'Kobo Clara', device_id: 'KOBO-0042' },
    });
    expect(put.status).toBe(200);
    expect(put.body.document).toBe(document);

    const code = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', {
      token: reader.token,
      body: { user_id: reader.id, issue: issueId, lib_id: reader.library, ageRating: 5, readtype: 'reader', store_id: 1, user_con: 'IN', userLang: 'en', purType: 1, isnews: 0, device: 'web', clvr: 't', 'Is Gold': 1 },
    });
    const opened = await call<{ lastPage: number }>(app, `/api/reader/issue?code=${encodeURIComponent(code.body.code)}&issue=${issueId}`, { token: reader.token });
    expect(opened.body.lastPage).toBe(4);
    expect((await call(app, '/api/reader/progress', { method: 'PUT', token: reader.token, body: { code: code.body.code, issue: issueId, page: 6 } })).status).toBe(200);
    const got = await call<Record<string, unknown>>(app, `/api/kosync/syncs/progress/${document}`, { headers: koreader });
    expect(got.body).toMatchObject({ document, progress: '6', percentage: 1, device: 'Web reader' });

    // The same file held by a member of a library that does not show the issue names nothing for them.
    const theirs = await call<{ appPassword: { password: string } }>(app, '/api/user/appPasswords', { token: elsewhere.token, body: { name: 'KOReader' } });
    const foreign = koreaderHeaders(elsewhere.email, theirs.body.appPassword.password);
    expect((await call(app, `/api/kosync/syncs/progress/${document}`, { headers: foreign })).body).toEqual({});
    expect((await call(app, '/api/kosync/syncs/progress', { method: 'PUT', headers: foreign, body: { document, progress: '2', percentage: 0.33 } })).status).toBe(404);
    expect((await call<{ progress: string }>(app, `/api/kosync/syncs/progress/${document}`, { headers: koreader })).body.progress).toBe('6');
  });

  it('a sync never reads originals: one kept before partial MD5s were written is unknown until the start-up upkeep keys it on the job queue', async () => {
    const document = koreaderPartialMd5(file);
    await app.db.update(issues).set({ partialMd5: null }).where(eq(issues.id, issueId));
    const made = await call<{ appPassword: { password: string } }>(app, '/api/user/appPasswords', { token: reader.token, body: { name: 'Old KOReader' } });
    const koreader = koreaderHeaders(reader.email, made.body.appPassword.password);
    expect((await call(app, `/api/kosync/syncs/progress/${document}`, { headers: koreader })).body).toEqual({});
    expect(await partialMd5Of(issueId)).toBeNull();

    await upkeepAtStart(app.db);
    await startJobs();
    try {
      expect(await keyedWithin(issueId, 60_000)).toBe(document);
    } finally {
      await stopJobs();
    }
    const got = await call<{ progress: string }>(app, `/api/kosync/syncs/progress/${document}`, { headers: koreader });
    expect(got.body.progress).toBe('6');
  });

  it('the keying stops between two originals when the site shuts down, says more are left, and goes on at the next run', async () => {
    const [before] = await app.db.select({ partialMd5: issues.partialMd5 }).from(issues).where(eq(issues.id, issueId));
    await app.db.update(issues).set({ partialMd5: null }).where(eq(issues.id, issueId));
    try {
      expect(await originalsToKey(app.db)).toBe(true);
      expect(await backfillPartialMd5(app.db, () => true)).toEqual({ keyed: 0, more: true });
      expect(await partialMd5Of(issueId)).toBeNull();
      expect(await backfillPartialMd5(app.db)).toEqual({ keyed: 1, more: false });
      expect(await partialMd5Of(issueId)).toBe(koreaderPartialMd5(file));
      expect(await originalsToKey(app.db)).toBe(false);
    } finally {
      await app.db.update(issues).set({ partialMd5: before.partialMd5 }).where(eq(issues.id, issueId));
    }
  });

  it('the upkeep marks an original missing from storage as having no key, so it is not read again', async () => {
    const [before] = await app.db.select({ originalKey: issues.originalKey, partialMd5: issues.partialMd5 }).from(issues).where(eq(issues.id, issueId));
    await app.db.update(issues).set({ originalKey: 'originals/gone-from-storage.pdf', partialMd5: null }).where(eq(issues.id, issueId));
    try {
      await upkeepAtStart(app.db);
      await startJobs();
      try {
        expect(await keyedWithin(issueId, 60_000)).toBe('');
      } finally {
        await stopJobs();
      }
      const made = await call<{ appPassword: { password: string } }>(app, '/api/user/appPasswords', { token: reader.token, body: { name: 'Other book' } });
      const got = await call(app, `/api/kosync/syncs/progress/${'ab'.repeat(16)}`, { headers: koreaderHeaders(reader.email, made.body.appPassword.password) });
      expect(got.body).toEqual({});
    } finally {
      await app.db.update(issues).set({ originalKey: before.originalKey, partialMd5: before.partialMd5 }).where(eq(issues.id, issueId));
    }
  });
});
