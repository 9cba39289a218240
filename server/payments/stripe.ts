import { outsideCallTimeoutMs } from '../config';
import { HttpError } from '../http/errors';
import type { CheckoutRequest, CheckoutStarted, CheckoutState, PaymentProvider } from './types';

/** Stripe's Checkout Session, as far as we read it. */
interface StripeCheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id: string | null;
  amount_total: number | null;
  currency: string | null;
}

const UNAVAILABLE = 'The payment service is not answering right now. Please try again in a few minutes.';

/**
 * Stripe's REST API through fetch (no SDK): form-encoded requests, Bearer secret key. `apiBase` is Stripe's address,
 * or a stand-in for tests.
 */
export function stripeProvider({ secretKey, apiBase }: { secretKey: string; apiBase: string }): PaymentProvider {
  async function request<T>(method: 'GET' | 'POST', path: string, form?: URLSearchParams, idempotencyKey?: string): Promise<{ status: number; body: T }> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${apiBase.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(outsideCallTimeoutMs()),
      });
      // Read inside the timeout too: a peer that sends headers and then stalls must not hang the request.
      text = await response.text();
    } catch (error) {
      console.error(`[payments] stripe ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
      throw new HttpError(502, UNAVAILABLE);
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body: body as T };
  }

  return {
    name: 'stripe',

    async startCheckout(checkout: CheckoutRequest): Promise<CheckoutStarted> {
      const form = new URLSearchParams({
        mode: 'payment',
        success_url: checkout.successUrl,
        cancel_url: checkout.cancelUrl,
        client_reference_id: checkout.reference,
        'metadata[payment_id]': checkout.reference,
        'metadata[plan]': checkout.plan.id,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': checkout.plan.currency,
        'line_items[0][price_data][unit_amount]': String(checkout.plan.amount),
        'line_items[0][price_data][product_data][name]': `${checkout.plan.name}: ${checkout.plan.days} days of reading`,
      });
      if (checkout.customerEmail) form.set('customer_email', checkout.customerEmail);
      // One checkout per payment row, even if this call is retried.
      const { status, body } = await request<StripeCheckoutSession>('POST', '/v1/checkout/sessions', form, `checkout-${checkout.reference}`);
      if (status !== 200 || !body?.id || !body.url) {
        console.error(`[payments] stripe refused a checkout: HTTP ${status}`);
        throw new HttpError(502, UNAVAILABLE);
      }
      return { id: body.id, url: body.url };
    },

    async checkoutState(id: string): Promise<CheckoutState | null> {
      const { status, body } = await request<StripeCheckoutSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`);
      if (status === 404) return null;
      if (status !== 200 || !body?.id) {
        console.error(`[payments] stripe could not read a checkout: HTTP ${status}`);
        throw new HttpError(502, UNAVAILABLE);
      }
      return {
        id: body.id,
        reference: body.client_reference_id,
        paid: body.payment_status === 'paid' && body.status === 'complete',
        closed: body.status === 'expired',
        amount: body.amount_total,
        currency: body.currency,
      };
    },
  };
}
