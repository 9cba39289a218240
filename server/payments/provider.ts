import { stripeProvider } from './stripe';
import type { PaymentProvider } from './types';

export type { CheckoutRequest, CheckoutStarted, CheckoutState, PaymentProvider } from './types';

/** The configured provider: Stripe Checkout when STRIPE_SECRET_KEY is set; none otherwise (no card payments offered). */
export function paymentProvider(): PaymentProvider | null {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!secretKey) return null;
  return stripeProvider({ secretKey, apiBase: process.env.STRIPE_API_BASE || 'https://api.stripe.com' });
}

export function paymentsEnabled(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY);
}
