import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { payments } from '@/server/db/schema';
import { call, startTestApp, type TestApp } from './helpers/app';
import { startFakeStripe, type FakeStripe } from './helpers/fake-stripe';
import { membershipEnd as membershipEndIn, payingMember } from './helpers/payments';

/**
 * Stripe's signed notifications: a member who pays and never comes back to /paymentsuccess still gets the days they
 * paid for. Stripe itself is the small stand-in of helpers/fake-stripe; the notifications are signed here as Stripe
 * signs them (HMAC-SHA256 of `<t>.<body>` with the endpoint's secret).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const WEBHOOK = '/api/user/stripe/webhook';

let app: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  app = await startTestApp();
  stripe = await startFakeStripe();
});
beforeEach(() => {
  process.env.STRIPE_SECRET_KEY = stripe.secretKey;
  process.env.STRIPE_API_BASE = stripe.baseUrl;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.SITE_URL = 'https://reading.example.org';
});
afterAll(async () => {
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_WEBHOOK_SECRET', 'SITE_URL']) delete process.env[name];
  await stripe.close();
  await app.close();
});

function member(days: number) {
  return payingMember(app.db, days);
}

async function membershipEnd(userId: number, libraryId: number): Promise<number> {
  return (await membershipEndIn(app.db, userId, libraryId)).getTime();
}

async function paymentFor(order: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.providerRef, order));
  return row;
}

async function startCheckout(token: string): Promise<string> {
  const res = await call<{ order: string }>(app, '/api/user/checkout', { token, body: { page: 'basicPlan' } });
  expect(res.status).toBe(200);
  return res.body.order;
}

function event(type: string, checkoutId: string): string {
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    data: { object: { id: checkoutId, object: 'checkout.session' } },
  });
}

function signature(body: string, options: { secret?: string; at?: number } = {}): string {
  const at = options.at ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', options.secret ?? WEBHOOK_SECRET)
    .update(`${at}.${body}`)
    .digest('hex');
  return `t=${at},v1=${v1}`;
}

async function notify(body: string, stripeSignature: string | null = signature(body)) {
  const res = await fetch(`${app.baseUrl}${WEBHOOK}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(stripeSignature === null ? {} : { 'stripe-signature': stripeSignature }) },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('Stripe notifications (POST /api/user/stripe/webhook)', () => {
  it('extends the access of a member who paid and never came back, once, and their late return answers the same end', async () => {
    const { user, library, token } = await member(-5);
    const order = await startCheckout(token);
    stripe.pay(order);
    const before = Date.now();
    const body = event('checkout.session.completed', order);

    expect(await notify(body)).toEqual({ status: 200, body: { received: true, settled: 'paid' } });
    const ends = await membershipEnd(user.id, library.id);
    expect(ends).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(await paymentFor(order)).toMatchObject({ status: 'paid', accessUntil: new Date(ends) });

    // Stripe sends a notification again when it is unsure it arrived: nothing is added twice.
    expect(await notify(body)).toEqual({ status: 200, body: { received: true, settled: 'paid' } });
    expect(await membershipEnd(user.id, library.id)).toBe(ends);
    const back = await call(app, '/api/user/order', { token, body: { type: 3, order } });
    expect(back.status).toBe(200);
    expect(back.body.accessUntil).toBe(new Date(ends).toISOString());
    expect(await membershipEnd(user.id, library.id)).toBe(ends);
  });

  it('asks Stripe rather than believing the notification: a checkout still unpaid extends nothing', async () => {
    const { user, library, ends, token } = await member(-5);
    const order = await startCheckout(token);
    expect(await notify(event('checkout.session.completed', order))).toEqual({ status: 200, body: { received: true, settled: 'unpaid' } });
    expect(await membershipEnd(user.id, library.id)).toBe(ends.getTime());
    expect((await paymentFor(order)).status).toBe('pending');
  });

  it('records a checkout that expired unpaid as failed', async () => {
    const { user, library, ends, token } = await member(-5);
    const order = await startCheckout(token);
    stripe.expire(order);
    expect(await notify(event('checkout.session.expired', order))).toEqual({ status: 200, body: { received: true, settled: 'unpaid' } });
    expect((await paymentFor(order)).status).toBe('failed');
    expect(await membershipEnd(user.id, library.id)).toBe(ends.getTime());
  });

  it('refuses a notification without a valid signature (400, naming the header) and changes nothing', async () => {
    const { user, library, ends, token } = await member(-5);
    const order = await startCheckout(token);
    stripe.pay(order);
    const body = event('checkout.session.completed', order);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const refusals = [
      await notify(body, null),
      await notify(body, 't=abc,v1=zz'),
      await notify(body, signature(body, { secret: 'whsec_someone_else' })),
      await notify(body.replace('checkout.session.completed', 'checkout.session.expired'), signature(body)),
      await notify(body, signature(body, { at: tenMinutesAgo })),
    ];
    for (const refusal of refusals) {
      expect(refusal).toEqual({
        status: 400,
        body: { status: 400, message: 'The Stripe-Signature header does not match this notification', field: 'Stripe-Signature' },
      });
    }
    expect((await paymentFor(order)).status).toBe('pending');
    expect(await membershipEnd(user.id, library.id)).toBe(ends.getTime());
  });

  it('acknowledges events it does not act on, and checkouts this site did not start', async () => {
    const { token } = await member(-5);
    const order = await startCheckout(token);
    stripe.pay(order);
    expect(await notify(event('customer.created', order))).toEqual({ status: 200, body: { received: true, settled: null } });
    expect((await paymentFor(order)).status).toBe('pending');
    expect(await notify(event('checkout.session.completed', 'cs_test_not_ours'))).toEqual({ status: 200, body: { received: true, settled: null } });
  });

  it('refuses a signed body that is not an event (400, naming the body)', async () => {
    const body = 'not json';
    expect(await notify(body)).toEqual({ status: 400, body: { status: 400, message: 'The notification is not a Stripe event', field: 'body' } });
  });

  it('answers 501 when the site has no webhook secret, so nothing unsigned is ever acted on', async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    const body = event('checkout.session.completed', 'cs_test_anything');
    expect(await notify(body)).toEqual({ status: 501, body: { status: 501, message: 'Stripe notifications are not set up on this site' } });
  });
});
