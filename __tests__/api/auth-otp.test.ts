import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { LIMITS } from '@/server/auth/limits';
import { hashPassword } from '@/server/auth/password';
import { oneTimeCodes, outbox, users } from '@/server/db/schema';
import { startSmtpPeer } from '../peers/smtp';
import { call, startTestApp, type TestApp } from './helpers/app';
import { client, newEmail, outboxCode } from './helpers/accounts';
import { createUser } from './helpers/factories';

let app: TestApp;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Makes the last code for an address look older, as if time had passed. */
async function age(target: string, seconds: number) {
  await app.db
    .update(oneTimeCodes)
    .set({ createdAt: sql`created_at - make_interval(secs => ${seconds})` })
    .where(eq(oneTimeCodes.target, target));
}

describe('sendotp', () => {
  it('emails a 6-digit code, stores only its hash, and says when it can be sent again', async () => {
    const person = client(app);
    const email = newEmail();
    const res = await person.call('/api/user/sendotp', { body: { email: email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'Success', message: 'We have emailed you a sign-in code.', expiresIn: 600, resendAfter: 30 });
    const code = await outboxCode(app.db, email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, email));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(590_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it('answers a known and an unknown address the same way', async () => {
    const known = await createUser(app.db, { email: newEmail('known') });
    const a = await client(app).call('/api/user/sendotp', { body: { email: known.email } });
    const b = await client(app).call('/api/user/sendotp', { body: { email: newEmail('unknown') } });
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    expect([...a.headers.keys()].sort()).toEqual([...b.headers.keys()].sort());
  });

  it('makes the person wait 30 seconds before a new code (429 with Retry-After)', async () => {
    const person = client(app);
    const email = newEmail();
    expect((await person.call('/api/user/sendotp', { body: { email } })).status).toBe(200);
    const again = await person.call('/api/user/sendotp', { body: { email } });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ status: 429, message: expect.stringMatching(/^Please wait (30|29) seconds before asking for a new code\.$/) });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
  });

  it('replaces the old code with the new one', async () => {
    const person = client(app);
    const email = newEmail();
    await person.call('/api/user/sendotp', { body: { email } });
    const first = await outboxCode(app.db, email);
    await age(email, 31);
    expect((await person.call('/api/user/sendotp', { body: { email } })).status).toBe(200);
    const second = await outboxCode(app.db, email);
    // Six random digits: the same code twice would happen once in a million sends.
    expect(second).not.toBe(first);
    const old = await person.call('/api/user/verifyotp', { body: { email, otp: first } });
    expect(old.status).toBe(401);
    const fresh = await person.call('/api/user/verifyotp', { body: { email, otp: second } });
    expect(fresh.body.status).toBe('Success');
  });

  it('limits codes per address: the sixth within the hour is 429 with a clear message', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i += 1) {
      const res = await client(app).call('/api/user/sendotp', { body: { email } });
      expect(res.status).toBe(200);
      await age(email, 31);
    }
    const sixth = await client(app).call('/api/user/sendotp', { body: { email } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many codes were asked for. Please try again later.');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits codes per client IP, across addresses', async () => {
    const person = client(app);
    for (let i = 0; i < LIMITS.codeSendPerIp.max; i += 1) expect((await person.call('/api/user/sendotp', { body: { email: newEmail('ip') } })).status).toBe(200);
    const over = await person.call('/api/user/sendotp', { body: { email: newEmail('ip') } });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many codes were asked for. Please try again later.');
    // Another client is not affected.
    expect((await client(app).call('/api/user/sendotp', { body: { email: newEmail('ip') } })).status).toBe(200);
  });

  it('answers 400 naming the field for a bad address, and for a mobile number without its country code', async () => {
    const bad = await client(app).call('/api/user/sendotp', { body: { email: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'email', message: 'email: Please enter a valid email address' });
    const tld = await client(app).call('/api/user/sendotp', { body: { email: 'a@b.abcdefg' } });
    expect(tld.body.field).toBe('email');
    const noCc = await client(app).call('/api/user/sendotp', { body: { mobile: '9876543210' } });
    expect(noCc.body).toMatchObject({ status: 400, field: 'cc' });
    const letters = await client(app).call('/api/user/sendotp', { body: { mobile: 'call me', cc: '+91' } });
    expect(letters.body).toMatchObject({ status: 400, field: 'mobile', message: 'Please enter a valid mobile number' });
    const nothing = await client(app).call('/api/user/sendotp', { body: {} });
    expect(nothing.body).toMatchObject({ status: 400, field: 'email' });
  });

  it('is not offered in production without an SMTP server or SMS gateway (503), and writes no outbox', async () => {
    const env = process.env as Record<string, string | undefined>;
    const before = env.NODE_ENV;
    env.NODE_ENV = 'production';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const email = newEmail('prod');
      const res = await client(app).call('/api/user/sendotp', { body: { email } });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Sign-in by email is not available on this site.');
      expect(await app.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(0);
    } finally {
      env.NODE_ENV = before;
      errors.mockRestore();
    }
  });
});

describe('verifyotp with a code', () => {
  it('signs a new address in as a new member with the login fields, a working token and the session cookie', async () => {
    const person = client(app);
    const email = newEmail('new');
    await person.call('/api/user/sendotp', { body: { email } });
    const res = await person.call('/api/user/verifyotp', { body: { email, otp: await outboxCode(app.db, email) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Success', isNewUser: true, email, fname: '', libid: 0, enddate: '', userlibdet: [] });
    for (const field of ['lname', 'uploadedID', 'uid', 'uuid', 'mobile', 'usertype', 'isNewspaper', 'isJournal', 'isMycontent', 'fav_lud', 'bk_lud', 'clip_lud', 'jwtoken']) {
      expect(res.body).toHaveProperty(field);
    }
    expect(typeof res.body.passwordToken).toBe('string');
    expect(person.jar.get('session')).toBeTruthy();
    const check = await call(app, '/api/user/validateuser', { token: String(res.body.jwtoken), body: {} });
    expect(check.body).toMatchObject({ status: 'Success', email });
  });

  it('signs an existing member in to their library, not as a new account', async () => {
    const email = newEmail('existing');
    const user = await createUser(app.db, { email, firstName: 'Ada' });
    const person = client(app);
    await person.call('/api/user/sendotp', { body: { email } });
    const res = await person.call('/api/user/verifyotp', { body: { email, otp: await outboxCode(app.db, email) } });
    expect(res.body).toMatchObject({ status: 'Success', isNewUser: false, uid: user.id, fname: 'Ada' });
  });

  it('works once: the same code again is refused', async () => {
    const person = client(app);
    const email = newEmail();
    await person.call('/api/user/sendotp', { body: { email } });
    const otp = await outboxCode(app.db, email);
    expect((await person.call('/api/user/verifyotp', { body: { email, otp } })).status).toBe(200);
    const again = await person.call('/api/user/verifyotp', { body: { email, otp } });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('This code has expired or was already used. Please ask for a new one.');
  });

  it('expires after 10 minutes', async () => {
    const person = client(app);
    const email = newEmail();
    await person.call('/api/user/sendotp', { body: { email } });
    const otp = await outboxCode(app.db, email);
    await app.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.target, email));
    const late = await person.call('/api/user/verifyotp', { body: { email, otp } });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('This code has expired or was already used. Please ask for a new one.');
  });

  it('allows at most 5 wrong tries: after them even the right code is refused until a new one is sent', async () => {
    const person = client(app);
    const email = newEmail();
    await person.call('/api/user/sendotp', { body: { email } });
    const otp = await outboxCode(app.db, email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await person.call('/api/user/verifyotp', { body: { email, otp: wrong } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: 'That code is not right. Please check it and try again.', field: 'otp' });
    }
    const locked = await person.call('/api/user/verifyotp', { body: { email, otp } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many wrong codes. Please ask for a new code.');
  });

  it('accepts the right code after four wrong ones', async () => {
    const person = client(app);
    const email = newEmail();
    await person.call('/api/user/sendotp', { body: { email } });
    const otp = await outboxCode(app.db, email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) await person.call('/api/user/verifyotp', { body: { email, otp: wrong } });
    expect((await person.call('/api/user/verifyotp', { body: { email, otp } })).body.status).toBe('Success');
  });

  it('refuses a code sent to another address', async () => {
    const person = client(app);
    const a = newEmail();
    const b = newEmail();
    await person.call('/api/user/sendotp', { body: { email: a } });
    await person.call('/api/user/sendotp', { body: { email: b } });
    const res = await person.call('/api/user/verifyotp', { body: { email: b, otp: await outboxCode(app.db, a) } });
    // A 1-in-a-million chance the two codes match; then the test proves nothing, but does not fail.
    if ((await outboxCode(app.db, a)) !== (await outboxCode(app.db, b))) expect(res.status).toBe(401);
  });

  it('signs in by mobile number: the code goes to the E.164 number and the account keeps it', async () => {
    const person = client(app);
    const res = await person.call('/api/user/sendotp', { body: { mobile: '098765 43210', cc: '+91' } });
    expect(res.body.message).toBe('We have sent a sign-in code to your phone.');
    const otp = await outboxCode(app.db, '+919876543210');
    const signedIn = await person.call('/api/user/verifyotp', { body: { mobile: '9876543210', cc: '91', otp } });
    expect(signedIn.body).toMatchObject({ status: 'Success', mobile: '+919876543210', email: '' });
    expect(signedIn.body.passwordToken).toBeUndefined();
  });
});

describe('delivery', () => {
  it('sends the code through SMTP when SMTP_URL is set, and writes no outbox', async () => {
    const smtp = await startSmtpPeer();
    process.env.SMTP_URL = smtp.url;
    try {
      const person = client(app);
      const email = newEmail('smtp');
      expect((await person.call('/api/user/sendotp', { body: { email } })).status).toBe(200);
      const otp = await smtp.codeFor(email);
      expect(smtp.mails.at(-1)!.raw).toMatch(/Subject: Your Library Reader sign-in code/);
      expect(await app.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(0);
      expect((await person.call('/api/user/verifyotp', { body: { email, otp } })).body.status).toBe('Success');
    } finally {
      delete process.env.SMTP_URL;
      await smtp.close();
    }
  });

  it('answers 503 (and logs no code) when the SMTP server cannot be reached', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await client(app).call('/api/user/sendotp', { body: { email: newEmail('down') } });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('We could not send the email just now. Please try again in a minute.');
      expect(errors).toHaveBeenCalled();
      for (const args of errors.mock.calls) expect(args.join(' ')).not.toMatch(/\b\d{6}\b/);
    } finally {
      errors.mockRestore();
      delete process.env.SMTP_URL;
    }
  });

  it('posts SMS codes to the gateway at SMS_URL as { to, message }', async () => {
    const received: Array<{ to: string; message: string }> = [];
    const gateway = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push(JSON.parse(raw) as { to: string; message: string });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    process.env.SMS_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    try {
      const person = client(app);
      expect((await person.call('/api/user/sendotp', { body: { mobile: '7700 900123', cc: '+44' } })).status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0].to).toBe('+447700900123');
      const otp = /\b(\d{6})\b/.exec(received[0].message)![1];
      expect((await person.call('/api/user/verifyotp', { body: { mobile: '7700900123', cc: '+44', otp } })).body.mobile).toBe('+447700900123');
    } finally {
      delete process.env.SMS_URL;
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });

  it('never writes a code to the log', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) => jest.spyOn(console, level));
    try {
      const person = client(app);
      const email = newEmail('quiet');
      await person.call('/api/user/sendotp', { body: { email } });
      const otp = await outboxCode(app.db, email);
      await person.call('/api/user/verifyotp', { body: { email, otp: otp === '000000' ? '111111' : '000000' } });
      await person.call('/api/user/verifyotp', { body: { email, otp } });
      for (const spy of spies) for (const args of spy.mock.calls) expect(JSON.stringify(args)).not.toContain(otp);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('verifyotp with a password', () => {
  let email: string;
  beforeAll(async () => {
    email = newEmail('password');
    await createUser(app.db, { email, firstName: 'Pat', passwordHash: await hashPassword('correct horse battery') });
  });

  it('signs a member with a password in', async () => {
    const res = await client(app).call('/api/user/verifyotp', { body: { email, password: 'correct horse battery' } });
    expect(res.body).toMatchObject({ status: 'Success', fname: 'Pat', hasPassword: true, isNewUser: false });
  });

  it('answers a wrong password, an unknown address and an account without a password the same way', async () => {
    const noPassword = await createUser(app.db, { email: newEmail('nopw') });
    const answers = await Promise.all([
      client(app).call('/api/user/verifyotp', { body: { email, password: 'wrong horse battery' } }),
      client(app).call('/api/user/verifyotp', { body: { email: newEmail('nobody'), password: 'correct horse battery' } }),
      client(app).call('/api/user/verifyotp', { body: { email: noPassword.email, password: 'correct horse battery' } }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 401, message: 'The email address or password is not right.' });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('locks out guessing: the eleventh try on one address within 15 minutes is 429', async () => {
    const target = newEmail('guessed');
    await createUser(app.db, { email: target, passwordHash: await hashPassword('the real password') });
    for (let i = 0; i < 10; i += 1) expect((await client(app).call('/api/user/verifyotp', { body: { email: target, password: `guess-${i}-guess` } })).status).toBe(401);
    const locked = await client(app).call('/api/user/verifyotp', { body: { email: target, password: 'the real password' } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('creates no account for an unknown address', async () => {
    const nobody = newEmail('ghost');
    await client(app).call('/api/user/verifyotp', { body: { email: nobody, password: 'whatever-it-is' } });
    expect(await app.db.select().from(users).where(eq(users.email, nobody))).toHaveLength(0);
  });
});
