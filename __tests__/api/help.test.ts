import { eq, sql } from 'drizzle-orm';
import { contactRequests, rateLimits, supportRequests } from '@/server/db/schema';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
beforeAll(async () => {
  // The tests play several senders behind one trusted proxy (X-Forwarded-For).
  process.env.TRUST_PROXY = '1';
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

// Each test sends from its own address, so the per-sender limit only bites where a test means it to.
let sender = 0;
const from = () => {
  sender += 1;
  return { 'x-forwarded-for': `203.0.113.${sender}` };
};

/** The stored contact requests, by id: a refused request must leave this list as it was. */
const contactRequestIds = async () =>
  (await app.db.select({ id: contactRequests.id }).from(contactRequests).orderBy(contactRequests.id)).map((row) => row.id);

const SUPPORT = { email: 'asha.verma@riverside.org', name: 'Asha Verma', message: 'The reader shows a blank page on my phone.' };
const CONTACT = {
  emailId: 'grace@harbourcity.org',
  userName: 'Grace Hopper',
  Message: 'We would like to offer magazines to our 4,000 members.',
  institutionName: 'Harbour City Library',
  desigination: 'Head Librarian',
  mobile: '+44 20 7946 0018',
};

describe.each([
  ['the library support form submit', '/api/catalogue/librarySupport'],
  ['addLibSup', '/api/user/addLibSup'],
])('%s', (_name, path) => {
  it('stores a visitor’s request with every field and confirms it with a reference', async () => {
    const res = await call(app, path, { body: SUPPORT, headers: from() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Thank you, Asha Verma. We have received your request and will reply to asha.verma@riverside.org.',
      id: expect.any(Number),
    });
    const [row] = await app.db.select().from(supportRequests).where(eq(supportRequests.id, Number(res.body.id)));
    expect(row).toMatchObject({ ...SUPPORT, libraryId: null, userId: null });
  });

  it('ties a signed-in member’s request to their account and library', async () => {
    const library = await createLibrary(app.db);
    const user = await createUser(app.db);
    await addMembership(app.db, user.id, library.id, inDays(30));
    const token = await tokenFor(user, library.id, inDays(30));
    const res = await call(app, path, { body: SUPPORT, token, headers: from() });
    expect(res.status).toBe(200);
    const [row] = await app.db.select().from(supportRequests).where(eq(supportRequests.id, Number(res.body.id)));
    expect(row).toMatchObject({ userId: user.id, libraryId: library.id });
  });

  it('still takes the request, untied, when the sender’s token is stale', async () => {
    const res = await call(app, path, { body: SUPPORT, headers: { ...from(), authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(200);
    const [row] = await app.db.select().from(supportRequests).where(eq(supportRequests.id, Number(res.body.id)));
    expect(row.userId).toBeNull();
  });

  it.each([
    ['email', { ...SUPPORT, email: undefined }, 'Email field is required'],
    ['email', { ...SUPPORT, email: '   ' }, 'Email field is required'],
    ['email', { ...SUPPORT, email: 'asha@riverside' }, 'Please enter a valid email address'],
    ['email', { ...SUPPORT, email: 'asha@riverside.c' }, 'Please enter a valid email address'],
    ['name', { ...SUPPORT, name: '' }, 'Name field is required'],
    ['message', { ...SUPPORT, message: undefined }, 'Message field is required'],
  ])('answers 400 naming %s when it is missing or invalid', async (field, body, message) => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(supportRequests);
    const res = await call(app, path, { body, headers: from() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, message, field });
    const after = await app.db.select({ n: sql<number>`count(*)::int` }).from(supportRequests);
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers 400 naming a field sent as something other than text', async () => {
    const res = await call(app, path, { body: { ...SUPPORT, name: ['Asha'] }, headers: from() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, field: 'name' });
  });

  it('refuses an oversized body with 413, and a GET with 405 and Allow', async () => {
    const big = await call(app, path, { body: { ...SUPPORT, message: 'x'.repeat(70 * 1024) }, headers: from() });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ status: 413, message: 'The request body is too large' });
    const get = await call(app, path);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('contactUs', () => {
  it('stores an organisation’s request with every field and confirms it', async () => {
    const res = await call(app, '/api/user/contactUs', { body: CONTACT, headers: from() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Thank you, Grace Hopper. We have received your message and will reply to grace@harbourcity.org.',
      id: expect.any(Number),
    });
    const [row] = await app.db.select().from(contactRequests).where(eq(contactRequests.id, Number(res.body.id)));
    expect(row).toMatchObject({
      emailId: CONTACT.emailId,
      userName: CONTACT.userName,
      message: CONTACT.Message,
      institutionName: CONTACT.institutionName,
      designation: CONTACT.desigination,
      mobile: CONTACT.mobile,
    });
  });

  it('accepts the form url-encoded too, as a plain HTML form would send it', async () => {
    const res = await fetch(`${app.baseUrl}/api/user/contactUs`, {
      method: 'POST',
      body: new URLSearchParams(CONTACT).toString(),
      headers: { ...from(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'success' });
  });

  it.each([
    ['emailId', 'Email field is required'],
    ['userName', 'Name field is required'],
    ['institutionName', 'organization Name field is required'],
    ['desigination', 'Desigination  field is required'],
    ['mobile', 'Mobile number field is required'],
    ['Message', 'Message field is required'],
  ])('answers 400 naming %s when it is missing, and stores nothing', async (field, message) => {
    const before = await contactRequestIds();
    const body: Record<string, string> = { ...CONTACT };
    delete body[field];
    const res = await call(app, '/api/user/contactUs', { body, headers: from() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, message, field });
    expect(await contactRequestIds()).toEqual(before);
  });

  it('answers 400 for an invalid email or mobile number, and stores nothing', async () => {
    const before = await contactRequestIds();
    const email = await call(app, '/api/user/contactUs', { body: { ...CONTACT, emailId: 'grace at harbourcity.org' }, headers: from() });
    expect(email.status).toBe(400);
    expect(email.body).toEqual({ status: 400, message: 'Please enter a valid email address', field: 'emailId' });
    const mobile = await call(app, '/api/user/contactUs', { body: { ...CONTACT, mobile: 'call me' }, headers: from() });
    expect(mobile.status).toBe(400);
    expect(mobile.body).toEqual({ status: 400, message: 'Please enter a valid mobile number', field: 'mobile' });
    expect(await contactRequestIds()).toEqual(before);
  });

  it('names the first wrong field when several are, and stores nothing', async () => {
    const before = await contactRequestIds();
    const res = await call(app, '/api/user/contactUs', { body: {}, headers: from() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, message: 'Email field is required', field: 'emailId' });
    expect(await contactRequestIds()).toEqual(before);
  });

  it('refuses an oversized body with 413, and stores nothing', async () => {
    const before = await contactRequestIds();
    const res = await call(app, '/api/user/contactUs', { body: { ...CONTACT, Message: 'x'.repeat(70 * 1024) }, headers: from() });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: 413, message: 'The request body is too large' });
    expect(await contactRequestIds()).toEqual(before);
  });
});

describe('keeping the forms usable and the data short-lived', () => {
  it('answers 429 after five requests from one sender in ten minutes, stores nothing for it, and keeps no raw address', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    for (let i = 0; i < 5; i += 1) {
      expect((await call(app, '/api/user/contactUs', { body: CONTACT, headers })).status).toBe(200);
    }
    const beforeRefusal = await contactRequestIds();
    const refused = await call(app, '/api/user/contactUs', { body: CONTACT, headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(refused.body.message).toMatch(/Please wait a few minutes/);
    expect(await contactRequestIds()).toEqual(beforeRefusal);
    // Another sender is not affected, nor is the other form.
    expect((await call(app, '/api/user/contactUs', { body: CONTACT, headers: from() })).status).toBe(200);
    expect((await call(app, '/api/user/addLibSup', { body: SUPPORT, headers })).status).toBe(200);
    const keys = await app.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.map((k) => k.key).join(' ')).not.toContain('198.51.100.77');
  });

  it('deletes requests older than 12 months as new ones arrive', async () => {
    const old = await call(app, '/api/user/addLibSup', { body: SUPPORT, headers: from() });
    const oldContact = await call(app, '/api/user/contactUs', { body: CONTACT, headers: from() });
    await app.db.update(supportRequests).set({ createdAt: sql`now() - interval '366 days'` }).where(eq(supportRequests.id, Number(old.body.id)));
    await app.db.update(contactRequests).set({ createdAt: sql`now() - interval '366 days'` }).where(eq(contactRequests.id, Number(oldContact.body.id)));
    const recent = await call(app, '/api/user/addLibSup', { body: SUPPORT, headers: from() });
    await call(app, '/api/user/contactUs', { body: CONTACT, headers: from() });
    expect(await app.db.select().from(supportRequests).where(eq(supportRequests.id, Number(old.body.id)))).toEqual([]);
    expect(await app.db.select().from(contactRequests).where(eq(contactRequests.id, Number(oldContact.body.id)))).toEqual([]);
    expect(await app.db.select().from(supportRequests).where(eq(supportRequests.id, Number(recent.body.id)))).toHaveLength(1);
  });

  it('answers 503 with the outage message, never a 500, when the database is down', async () => {
    await app.stopDatabase();
    const res = await call(app, '/api/catalogue/librarySupport', { body: SUPPORT, headers: from() });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 503, message: 'The library is not reachable right now. Please try again in a few minutes.' });
  });
});
