import type { Plan } from './plans';

/** What a card payment provider does; provider.ts picks the configured one, stripe.ts is one (no cycle between them). */

export interface CheckoutRequest {
  /** Our payment id; the provider hands it back so its checkout is tied to our row. */
  reference: string;
  plan: Plan;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStarted {
  /** The provider's checkout id (the `order` the member comes back with). */
  id: string;
  /** Where the member pays. */
  url: string;
}

/** What the provider says about a checkout: the only source of truth for whether it was paid. */
export interface CheckoutState {
  id: string;
  reference: string | null;
  paid: boolean;
  /** The checkout can no longer be paid (expired or cancelled). */
  closed: boolean;
  amount: number | null;
  currency: string | null;
}

export interface PaymentProvider {
  name: string;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  /** null when the provider does not know the id. */
  checkoutState(id: string): Promise<CheckoutState | null>;
}
