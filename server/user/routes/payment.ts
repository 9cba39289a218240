import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { PLAN_IDS, sessionFieldsBody } from '@/lib/wire';
import { issueSession } from '../../auth/issue';
import type { Session } from '../../auth/session';
import { siteOrigin } from '../../http/origin';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import type { Payment } from '../../db/schema';
import { planFor } from '../../payments/plans';
import { paymentProvider, type PaymentProvider } from '../../payments/provider';
import { createPayment, findPaymentByRef, fulfilPayment, markPaymentFailed, setProviderRef } from '../../payments/queries';
import { verifyStripeEvent } from '../../payments/stripe-events';
import { findUserById, membershipIn, membershipsAndMarkTimes } from '../queries';
import { chooseMembership, sessionFields } from '../present';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** POST checkout */
const postCheckoutBody = z.object({
  status: z.string(),
  url: z.string(),
  order: z.string(),
  plan: z.object({ id: z.literal("basicPlan"), name: z.string(), days: z.number() }),
});

/** POST order */
const postOrderBody = sessionFieldsBody.extend({ status: z.string(), message: z.string(), accessUntil: z.string() });

/** POST stripe/webhook */
const postStripeWebhookBody = z.union([
  z.object({ received: z.boolean(), settled: z.null() }),
  z.object({ received: z.boolean(), settled: z.enum(["unknown", "paid", "unpaid", "mismatch"]) }),
]);

export const checkoutBody = z.object({ page: z.enum(PLAN_IDS) });
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const orderBody = z.object({
  type: z.coerce
    .number()
    .int()
    .refine((value) => value === 3, 'must be 3 (a plan order)'),
  /** The provider's checkout id the member came back with. */
  order: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a checkout id'),
});
export type OrderBody = z.infer<typeof orderBody>;

export const PAYMENT_MESSAGES = {
  notOffered: 'Card payments are not offered on this site',
  guest: 'Guests cannot buy a plan. Sign in with your library account to renew.',
  noLibrary: 'Join a library before buying a plan',
  notFound: 'Order not found',
  notPaid: 'The payment has not been completed',
  mismatch: 'This payment does not match the order',
  webhookOff: 'Stripe notifications are not set up on this site',
} as const;

function provider(): PaymentProvider {
  const configured = paymentProvider();
  if (!configured) throw new HttpError(501, PAYMENT_MESSAGES.notOffered);
  return configured;
}

/** What the provider's word makes of a payment: paid (access extended, exactly once), not paid, unknown to it, or not this payment. */
type Settlement = { kind: 'paid'; accessUntil: Date } | { kind: 'unpaid' } | { kind: 'unknown' } | { kind: 'mismatch' };

/**
 * Settles a payment by asking the provider, never by the client's or a notification's word: a paid checkout for this
 * payment and amount extends access once (fulfilPayment), a closed unpaid one marks the payment failed. Both the
 * member's return (order) and Stripe's notification (the webhook) come here, in either order, any number of times.
 */
async function settlePayment(payments: PaymentProvider, payment: Payment): Promise<Settlement> {
  if (payment.status === 'paid' && payment.accessUntil) return { kind: 'paid', accessUntil: payment.accessUntil };
  if (payment.status === 'failed') return { kind: 'unpaid' };
  const state = await payments.checkoutState(payment.providerRef!);
  if (!state) return { kind: 'unknown' };
  if (state.reference !== String(payment.id) || state.amount !== payment.amount || state.currency?.toLowerCase() !== payment.currency) {
    console.error(`[payments] checkout ${state.id} does not match payment ${payment.id}`);
    return { kind: 'mismatch' };
  }
  if (!state.paid) {
    if (state.closed) await markPaymentFailed(payment.id);
    return { kind: 'unpaid' };
  }
  const accessUntil = await fulfilPayment(payment.id);
  // null only if a racing call marked it failed in between; then nothing was added.
  return accessUntil ? { kind: 'paid', accessUntil } : { kind: 'unpaid' };
}

/** Stripe's notifications about a checkout that settle it; any other event is acknowledged and left alone. */
const SETTLING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** The answer after payment: the new end of access, with a fresh session so the gate sees it at once. */
async function paidAnswer(session: Session, libraryId: number, accessUntil: Date, ctx: { req: IncomingMessage; res: ServerResponse }) {
  const user = await findUserById(session.claims.uid);
  if (!user) throw new HttpError(401, 'Your account no longer exists; please sign in again');
  const { all, marks } = await membershipsAndMarkTimes(user.id);
  const current = chooseMembership(all, libraryId);
  const jwtoken = await issueSession(ctx.req, ctx.res, {
    userId: user.id,
    libraryId: current?.library.id ?? 0,
    membershipEnds: current?.expiresAt ?? null,
    guest: session.claims.guest,
  });
  return { status: 'Success', message: 'Payment received', accessUntil: accessUntil.toISOString(), ...sessionFields(user, current, all, jwtoken, marks) };
}

export const paymentUserRoutes: ServiceRoutes = {
  checkout: {
    POST: route({
      summary: 'Starts a card payment for a plan (page basicPlan); answers the provider’s checkout address (SPEC §7)',
      responses: { 200: { description: 'OK', body: postCheckoutBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 403: { description: 'Refused: not allowed for this person or library' }, 501: { description: 'Not set up on this site' }, 502: { description: 'The outside service did not answer as it should' } },
      auth: 'required',
      body: checkoutBody,
      async handler(ctx) {
        const { session } = ctx;
        const payments = provider();
        if (session.claims.guest) throw new HttpError(403, PAYMENT_MESSAGES.guest);
        if (!session.claims.libid) throw new HttpError(403, PAYMENT_MESSAGES.noLibrary);
        const [user, membership] = await Promise.all([findUserById(session.claims.uid), membershipIn(session.claims.uid, session.claims.libid)]);
        if (!user) throw new HttpError(401, 'Your account no longer exists; please sign in again');
        if (!membership) throw new HttpError(403, PAYMENT_MESSAGES.noLibrary);
        const plan = planFor(ctx.body.page);
        const origin = siteOrigin();
        const payment = await createPayment({
          userId: user.id,
          libraryId: membership.library.id,
          plan: plan.id,
          days: plan.days,
          amount: plan.amount,
          currency: plan.currency,
          provider: payments.name,
        });
        try {
          const started = await payments.startCheckout({
            reference: String(payment.id),
            plan,
            customerEmail: user.email,
            successUrl: `${origin}/paymentsuccess?session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${origin}/paymentfailed`,
          });
          await setProviderRef(payment.id, started.id);
          return { status: 'success', url: started.url, order: started.id, plan: { id: plan.id, name: plan.name, days: plan.days } };
        } catch (error) {
          await markPaymentFailed(payment.id);
          throw error;
        }
      },
    }),
  },
  order: {
    POST: route({
      summary: 'Confirms a plan order (type 3) with the provider and extends the member’s access (SPEC §7)',
      responses: { 200: { description: 'OK', body: postOrderBody }, 401: { description: 'Not signed in, or a token that is invalid, expired or revoked' }, 402: { description: 'The payment did not go through' }, 404: { description: 'Not found, or not one this person may see' }, 409: { description: 'In conflict with what is already stored' }, 501: { description: 'Not set up on this site' }, 502: { description: 'The outside service did not answer as it should' } },
      auth: 'required',
      body: orderBody,
      async handler(ctx) {
        const { session } = ctx;
        const payments = provider();
        const payment = await findPaymentByRef(payments.name, ctx.body.order);
        // Someone else's order is answered like an unknown one: its existence is not ours to tell.
        if (!payment || payment.userId !== session.claims.uid) throw new HttpError(404, PAYMENT_MESSAGES.notFound, { field: 'order' });
        const settled = await settlePayment(payments, payment);
        if (settled.kind === 'unknown') throw new HttpError(404, PAYMENT_MESSAGES.notFound, { field: 'order' });
        if (settled.kind === 'mismatch') throw new HttpError(409, PAYMENT_MESSAGES.mismatch, { field: 'order' });
        if (settled.kind === 'unpaid') throw new HttpError(402, PAYMENT_MESSAGES.notPaid);
        return paidAnswer(session, payment.libraryId, settled.accessUntil, ctx);
      },
    }),
  },
  'stripe/webhook': {
    POST: route({
      summary:
        'Stripe’s signed notifications (STRIPE_WEBHOOK_SECRET): a checkout paid or closed is settled even when the member never comes back to /paymentsuccess',
      responses: { 200: { description: 'OK', body: postStripeWebhookBody }, 501: { description: 'Not set up on this site' }, 502: { description: 'The outside service did not answer as it should' } },
      auth: 'none',
      rawBody: true,
      async handler(ctx) {
        const payments = provider();
        const secret = process.env.STRIPE_WEBHOOK_SECRET;
        if (!secret || payments.name !== 'stripe') throw new HttpError(501, PAYMENT_MESSAGES.webhookOff);
        const event = verifyStripeEvent(ctx.rawBody ?? '', ctx.req.headers['stripe-signature'], secret);
        if (!SETTLING_EVENTS.has(event.type) || !event.objectId) return { received: true, settled: null };
        const payment = await findPaymentByRef(payments.name, event.objectId);
        // A checkout this site did not start (another site on the same Stripe account): nothing of ours to settle.
        if (!payment) return { received: true, settled: null };
        const settled = await settlePayment(payments, payment);
        return { received: true, settled: settled.kind };
      },
    }),
  },
};
