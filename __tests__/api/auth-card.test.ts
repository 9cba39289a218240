import { eq } from 'drizzle-orm';
import { hashSecret } from '@/server/auth/secrets';
import { checksum, parsePatronStatusResponse, patronStatusRequest } from '@/server/auth/sip2';
import { externalIdentities, libraryCards, memberships } from '@/server/db/schema';
import { startSip2Peer, type Sip2Peer } from '../peers/sip2';
import { call, startTestApp, type TestApp } from './helpers/app';
import { client } from './helpers/accounts';
import { createLibrary } from './helpers/factories';

let app: TestApp;
let sip2: Sip2Peer;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  app = await startTestApp();
  sip2 = await startSip2Peer({
    login: { user: 'reading-site', password: 'sip-secret' },
    patrons: {
      '29001000111': { pin: '4321', name: 'Okafor, Ngozi' },
      '29001000222': { pin: '9999', name: 'Lund, Erik', omitValidPassword: true },
    },
  });
});
afterAll(async () => {
  await sip2.close();
  await app.close();
});

async function cardList(libraryId: number, cards: Array<[string, string]>) {
  await app.db.insert(libraryCards).values(cards.map(([card, pin]) => ({ libraryId, cardHash: hashSecret(card), pinHash: hashSecret(pin) })));
}

describe('library card sign-in against an imported list', () => {
  it('signs a card holder in to the library with the login fields, and is the same member next time', async () => {
    const library = await createLibrary(app.db, { cardMode: 'list', guestAccess: false, name: 'Card Library' });
    await cardList(library.id, [['77001234', '2468']]);
    const person = client(app);
    const res = await person.call('/api/user/splLibLogin', { body: { cardNumber: '77001234', pin: '2468', libid: library.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Success', libid: library.id, libname: 'Card Library', isNewUser: true });
    expect(Date.parse(String(res.body.enddate))).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(person.jar.get('session')).toBeTruthy();
    const again = await client(app).call('/api/user/splLibLogin', { body: { cardNumber: '77001234', pin: '2468' } });
    expect(again.body.uid).toBe(res.body.uid);
    // The card is kept only as its hash.
    const identities = await app.db.select().from(externalIdentities).where(eq(externalIdentities.userId, Number(res.body.uid)));
    expect(identities).toEqual([expect.objectContaining({ kind: 'card', libraryId: library.id, subject: hashSecret('77001234') })]);
  });

  it('answers a wrong PIN, an unknown card and a blank PIN the same way (401)', async () => {
    const library = await createLibrary(app.db, { cardMode: 'list' });
    await cardList(library.id, [['77005555', '1357']]);
    const attempts = [
      { cardNumber: '77005555', pin: '0000', libid: library.id },
      { cardNumber: '77009999', pin: '1357', libid: library.id },
      { cardNumber: '77005555', pin: '', libid: library.id },
      { cardNumber: '77005555', pin: '0000' },
    ];
    for (const body of attempts) {
      const res = await client(app).call('/api/user/splLibLogin', { body });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 401, message: 'The library card number or PIN is not right.' });
    }
  });

  it('offers a choice when the card belongs to several libraries, then signs in to the one picked', async () => {
    const north = await createLibrary(app.db, { cardMode: 'list', name: 'North Branch' });
    const south = await createLibrary(app.db, { cardMode: 'list', name: 'South Branch' });
    const other = await createLibrary(app.db, { cardMode: 'list', name: 'Other' });
    await cardList(north.id, [['88001111', '1111']]);
    await cardList(south.id, [['88001111', '1111']]);
    await cardList(other.id, [['88001111', '2222']]);
    const person = client(app);
    const choice = await person.call('/api/user/splLibLogin', { body: { cardNumber: '88001111', pin: '1111' } });
    expect(choice.body).toMatchObject({ status: 'select', libraries: expect.arrayContaining([{ libId: north.id, libname: 'North Branch' }, { libId: south.id, libname: 'South Branch' }]) });
    expect(choice.body.libraries).toHaveLength(2);
    expect(choice.body.jwtoken).toBeUndefined();
    expect(person.jar.get('session')).toBeUndefined();
    const notOffered = await person.call('/api/user/splLibLogin', { body: { selectToken: choice.body.selectToken, libid: other.id } });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.field).toBe('libid');
    const picked = await person.call('/api/user/splLibLogin', { body: { selectToken: choice.body.selectToken, libid: south.id } });
    expect(picked.body).toMatchObject({ status: 'Success', libid: south.id });
    const forged = await person.call('/api/user/splLibLogin', { body: { selectToken: `${String(choice.body.selectToken)}x`, libid: south.id } });
    expect(forged.status).toBe(401);
  });

  it('refuses a library that takes no cards, and rate-limits guessing per card', async () => {
    const none = await createLibrary(app.db, { cardMode: 'none' });
    const res = await client(app).call('/api/user/splLibLogin', { body: { cardNumber: '12345678', pin: '1', libid: none.id } });
    expect(res.status).toBe(400);
    const library = await createLibrary(app.db, { cardMode: 'list' });
    await cardList(library.id, [['66006600', '6600']]);
    for (let i = 0; i < 10; i += 1) await client(app).call('/api/user/splLibLogin', { body: { cardNumber: '66006600', pin: `${i}`, libid: library.id } });
    const locked = await client(app).call('/api/user/splLibLogin', { body: { cardNumber: '66006600', pin: '6600', libid: library.id } });
    expect(locked.status).toBe(429);
  });

  it('answers 400 naming the field for a malformed card number or a PIN with a separator', async () => {
    const bad = await call(app, '/api/user/splLibLogin', { body: { cardNumber: '12|34', pin: '1' } });
    expect(bad.body).toMatchObject({ status: 400, field: 'cardNumber' });
    const pin = await call(app, '/api/user/splLibLogin', { body: { cardNumber: '12345678', pin: '1|AD2' } });
    expect(pin.body).toMatchObject({ status: 400, field: 'pin' });
  });
});

describe('library card sign-in over SIP2', () => {
  async function sip2Library(overrides: Record<string, unknown> = {}) {
    return createLibrary(app.db, {
      cardMode: 'sip2',
      name: 'Live Library',
      sip2Host: '127.0.0.1',
      sip2Port: sip2.port,
      sip2Institution: 'LIVE',
      sip2LoginUser: 'reading-site',
      sip2LoginPassword: 'sip-secret',
      ...overrides,
    });
  }

  it('signs a patron in when the library system says the patron and PIN are valid, with the patron’s name', async () => {
    const library = await sip2Library();
    const res = await client(app).call('/api/user/splLibLogin', { body: { cardNumber: '29001000111', pin: '4321', libid: library.id } });
    expect(res.body).toMatchObject({ status: 'Success', libid: library.id, fname: 'Ngozi', lname: 'Okafor' });
    const request = sip2.received.filter((m) => m.startsWith('23')).at(-1)!;
    expect(request).toMatch(/^23001\d{8} {4}\d{6}AOLIVE\|AA29001000111\|AC\|AD4321\|AY\dAZ[0-9A-F]{4}$/);
    expect(sip2.received).toContainEqual(expect.stringMatching(/^9300CNreading-site\|COsip-secret\|/));
    const rows = await app.db.select().from(memberships).where(eq(memberships.userId, Number(res.body.uid)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a wrong PIN (CQ N), an unknown patron (BL N), a missing CQ and a blank PIN', async () => {
    const library = await sip2Library();
    const before = sip2.received.length;
    for (const body of [
      { cardNumber: '29001000111', pin: '0000' },
      { cardNumber: '29009999999', pin: '4321' },
      { cardNumber: '29001000222', pin: '9999' },
      { cardNumber: '29001000111', pin: '' },
      { cardNumber: '29001000111', pin: '   ' },
    ]) {
      const res = await client(app).call('/api/user/splLibLogin', { body: { ...body, libid: library.id } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('The library card number or PIN is not right.');
    }
    // The blank PINs never reached the library system.
    expect(sip2.received.slice(before).filter((m) => m.startsWith('23'))).toHaveLength(3);
  });

  it('answers 503 when the library system cannot be reached', async () => {
    const library = await sip2Library({ sip2Port: 1 });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await client(app).call('/api/user/splLibLogin', { body: { cardNumber: '29001000111', pin: '4321', libid: library.id } });
    errors.mockRestore();
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/could not reach Live Library’s library system/);
  });

  it('never sends a PIN to a SIP2 library that was not named', async () => {
    await sip2Library();
    const before = sip2.received.length;
    const res = await client(app).call('/api/user/splLibLogin', { body: { cardNumber: '29001000111', pin: '4321' } });
    expect(res.status).toBe(401);
    expect(sip2.received.length).toBe(before);
  });
});

describe('SIP2 messages', () => {
  it('computes the checksum so that the sum of the message and checksum is zero', () => {
    const request = patronStatusRequest({ institution: 'X' }, '123', '456', 1, new Date(2026, 0, 2, 3, 4, 5));
    expect(request).toBe(`2300120260102    030405AOX|AA123|AC|AD456|AY1AZ${checksum('2300120260102    030405AOX|AA123|AC|AD456|AY1AZ')}`);
    const total = [...request.slice(0, -4)].reduce((sum, c) => sum + c.charCodeAt(0), 0) + parseInt(request.slice(-4), 16);
    expect(total & 0xffff).toBe(0);
  });

  it('reads BL, CQ and AE from a patron status response; a missing CQ is not a valid password', () => {
    const base = '24              00120260102    030405AOX|AA123|AEDoe, Jo|';
    expect(parsePatronStatusResponse(`${base}BLY|CQY|`)).toMatchObject({ validPatron: true, validPassword: true, name: 'Doe, Jo' });
    expect(parsePatronStatusResponse(`${base}BLY|`)).toMatchObject({ validPassword: false });
    expect(parsePatronStatusResponse(`${base}BLN|CQN|`)).toMatchObject({ validPatron: false, validPassword: false });
  });
});
