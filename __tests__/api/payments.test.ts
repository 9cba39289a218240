import { eq } from 'drizzle-orm';
import { verifySessionToken } from '@/lib/session-token';
import { payments } from '@/server/db/schema';
import { call, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app';
import { addMembership, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';
import { startFakeStripe, type FakeStripe } from './helpers/fake-stripe';
import { membershipEnd as membershipEndIn, payingMember } from './helpers/payments';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  app = await startTestApp();
  stripe = await startFakeStripe();
});
beforeEach(() => {
  process.env.STRIPE_SECRET_KEY = stripe.secretKey;
  process.env.STRIPE_API_BASE = stripe.baseUrl;
  process.env.SITE_URL = 'https://reading.example.org';
  stripe.failWith = null;
});
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_API_BASE;
  delete process.env.SITE_URL;
  await stripe.close();
  await app.close();
});

/** A member of a library whose access ends in `days` (negative: ended). */
function member(days: number) {
  return payingMember(app.db, days);
}

function membershipEnd(userId: number, libraryId: number): Promise<Date> {
  return membershipEndIn(app.db, userId, libraryId);
}

async function startCheckout(token: string) {
  const res = await call<{ status: string; url: string; order: string; plan: { id: string; days: number } }>(app, '/api/user/checkout', { token, body: { page: 'basicPlan' } });
  expect(res.status).toBe(200);
  return res.body;
}

describe('checkout (page basicPlan)', () => {
  it('starts a Stripe Checkout for the plan and answers its address', async () => {
    const { user, library, token } = await member(-5);
    const res = await startCheckout(token);
    expect(res).toEqual({
      status: 'success',
      url: `${stripe.baseUrl}/pay/${res.order}`,
      order: expect.stringMatching(/^cs_test_/),
      plan: { id: 'basicPlan', name: 'Basic plan', days: 30 },
    });
    const sent = stripe.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const [payment] = await app.db.select().from(payments).where(eq(payments.providerRef, res.order));
    expect(payment).toMatchObject({ userId: user.id, libraryId: library.id, plan: 'basicPlan', days: 30, amount: 499, currency: 'usd', status: 'pending', provider: 'stripe' });
    expect(sent.form).toMatchObject({
      mode: 'payment',
      client_reference_id: String(payment.id),
      'line_items[0][price_data][unit_amount]': '499',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][quantity]': '1',
      success_url: 'https://reading.example.org/paymentsuccess?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://reading.example.org/paymentfailed',
      customer_email: user.email,
    });
    expect(sent.headers['idempotency-key']).toBe(`checkout-${payment.id}`);
  });

  it('takes the plan’s price and length from the environment', async () => {
    process.env.PLAN_BASIC_AMOUNT = '1250';
    process.env.PLAN_BASIC_DAYS = '90';
    process.env.PAYMENT_CURRENCY = 'EUR';
    try {
      const { token } = await member(-1);
      const res = await startCheckout(token);
      expect(res.plan.days).toBe(90);
      expect(stripe.sessions.get(res.order)).toMatchObject({ amount_total: 1250, currency: 'eur' });
    } finally {
      delete process.env.PLAN_BASIC_AMOUNT;
      delete process.env.PLAN_BASIC_DAYS;
      delete process.env.PAYMENT_CURRENCY;
    }
  });

  it('is not offered without STRIPE_SECRET_KEY: 501, and no payment is recorded', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const { user, token } = await member(-5);
    const res = await call(app, '/api/user/checkout', { token, body: { page: 'basicPlan' } });
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ status: 501, message: 'Card payments are not offered on this site' });
    expect(await app.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
  });

  it('needs a signed-in member of a library: 401 without a session, 403 for a guest or no library', async () => {
    expect((await call(app, '/api/user/checkout', { body: { page: 'basicPlan' } })).status).toBe(401);
    const library = await createLibrary(app.db);
    const guest = await createUser(app.db, { userType: 'guest', email: null });
    await addMembership(app.db, guest.id, library.id, inDays(-1));
    const guestRes = await call(app, '/api/user/checkout', { token: await tokenFor(guest, library.id, inDays(-1), { guest: true }), body: { page: 'basicPlan' } });
    expect(guestRes.status).toBe(403);
    expect(guestRes.body.message).toBe('Guests cannot buy a plan. Sign in with your library account to renew.');
    const loner = await createUser(app.db);
    const lonerRes = await call(app, '/api/user/checkout', { token: await tokenFor(loner, 0, null), body: { page: 'basicPlan' } });
    expect(lonerRes.status).toBe(403);
    // A token naming a library the user is not a member of.
    const stranger = await call(app, '/api/user/checkout', { token: await tokenFor(loner, library.id, inDays(5)), body: { page: 'basicPlan' } });
    expect(stranger.status).toBe(403);
  });

  it('answers 400 naming page for a plan that does not exist', async () => {
    const { token } = await member(-5);
    const res = await call(app, '/api/user/checkout', { token, body: { page: 'goldPlan' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, field: 'page' });
  });

  it('answers 502 with a plain message when Stripe fails, and records the payment as failed', async () => {
    const { user, token } = await member(-5);
    stripe.failWith = 500;
    const res = await call(app, '/api/user/checkout', { token, body: { page: 'basicPlan' } });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ status: 502, message: 'The payment service is not answering right now. Please try again in a few minutes.' });
    const rows = await app.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((r) => r.status)).toEqual(['failed']);
  });
});

describe('order (type 3)', () => {
  it('extends an expired member’s access by the plan’s days from today, once the provider says it is paid', async () => {
    const { user, library, token } = await member(-5);
    const { order } = await startCheckout(token);
    stripe.pay(order);
    const before = Date.now();
    const res = await call(app, '/api/user/order', { token, body: { type: 3, order } });
    expect(res.status).toBe(200);
    const ends = await membershipEnd(user.id, library.id);
    expect(ends.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(ends.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect(res.body).toMatchObject({ status: 'Success', message: 'Payment received', accessUntil: ends.toISOString(), enddate: ends.toISOString(), libid: library.id });
    // A fresh session carries the new end, so the gate lets the member in at once.
    const claims = await verifySessionToken(String(res.body.jwtoken), TEST_JWT_SECRET);
    expect(claims?.mexp).toBe(Math.floor(ends.getTime() / 1000));
    expect(res.headers.get('set-cookie')).toMatch(/session=[^;]+;.*HttpOnly/);
    const [payment] = await app.db.select().from(payments).where(eq(payments.providerRef, order));
    expect(payment).toMatchObject({ status: 'paid', accessUntil: ends });
  });

  it('adds the days to the current end for a member whose access has not ended yet', async () => {
    const { user, library, ends, token } = await member(10);
    const { order } = await startCheckout(token);
    stripe.pay(order);
    await call(app, '/api/user/order', { token, body: { type: 3, order } });
    expect((await membershipEnd(user.id, library.id)).getTime()).toBe(ends.getTime() + 30 * DAY_MS);
  });

  it('extends access once however often the order is confirmed', async () => {
    const { user, library, token } = await member(-5);
    const { order } = await startCheckout(token);
    stripe.pay(order);
    const first = await call(app, '/api/user/order', { token, body: { type: 3, order } });
    const ends = await membershipEnd(user.id, library.id);
    expect(first.body.accessUntil).toBe(ends.toISOString());
    for (let i = 0; i < 2; i += 1) {
      const again = await call(app, '/api/user/order', { token, body: { type: 3, order } });
      expect(again.status).toBe(200);
      expect(again.body.accessUntil).toBe(ends.toISOString());
    }
    expect((await membershipEnd(user.id, library.id)).getTime()).toBe(ends.getTime());
  });

  // Racing confirmations are proved on PostgreSQL only, whatever the pass: payments-race.test.ts.

  it('answers 402 and changes nothing while the checkout is unpaid; an expired checkout is recorded as failed', async () => {
    const { user, library, ends, token } = await member(-5);
    const { order } = await startCheckout(token);
    const unpaid = await call(app, '/api/user/order', { token, body: { type: 3, order } });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body).toEqual({ status: 402, message: 'The payment has not been completed' });
    expect((await membershipEnd(user.id, library.id)).getTime()).toBe(ends.getTime());
    stripe.expire(order);
    expect((await call(app, '/api/user/order', { token, body: { type: 3, order } })).status).toBe(402);
    const [payment] = await app.db.select().from(payments).where(eq(payments.providerRef, order));
    expect(payment.status).toBe('failed');
  });

  it('never trusts the client: a checkout whose amount or reference differs from the payment is refused with 409', async () => {
    const { user, library, ends, token } = await member(-5);
    const { order } = await startCheckout(token);
    stripe.pay(order);
    stripe.sessions.get(order)!.amount_total = 1;
    const res = await call(app, '/api/user/order', { token, body: { type: 3, order } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 409, message: 'This payment does not match the order', field: 'order' });
    expect((await membershipEnd(user.id, library.id)).getTime()).toBe(ends.getTime());
  });

  it('answers 404 for an order that is not the member’s own or that no one made', async () => {
    const owner = await member(-5);
    const { order } = await startCheckout(owner.token);
    stripe.pay(order);
    const other = await member(-5);
    const res = await call(app, '/api/user/order', { token: other.token, body: { type: 3, order } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, message: 'Order not found', field: 'order' });
    expect((await membershipEnd(other.user.id, other.library.id)).getTime()).toBe(other.ends.getTime());
    expect((await call(app, '/api/user/order', { token: owner.token, body: { type: 3, order: 'cs_test_nobody' } })).status).toBe(404);
  });

  it('answers 400 naming type or order when they are wrong, and 401 without a session', async () => {
    const { token } = await member(-5);
    const wrongType = await call(app, '/api/user/order', { token, body: { type: 2, order: 'cs_test_000001' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.field).toBe('type');
    const badOrder = await call(app, '/api/user/order', { token, body: { type: 3, order: '../../v1/charges' } });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.field).toBe('order');
    expect((await call(app, '/api/user/order', { body: { type: 3, order: 'cs_test_000001' } })).status).toBe(401);
  });

  it('answers 502 when Stripe cannot be asked, and extends nothing', async () => {
    const { user, library, ends, token } = await member(-5);
    const { order } = await startCheckout(token);
    stripe.pay(order);
    stripe.failWith = 503;
    const res = await call(app, '/api/user/order', { token, body: { type: 3, order } });
    expect(res.status).toBe(502);
    expect((await membershipEnd(user.id, library.id)).getTime()).toBe(ends.getTime());
  });
});
