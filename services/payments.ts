import type { PlanId, SessionFields } from '@/lib/wire';
import { http } from './http';
import { SERVICE_URL } from './keys';

export interface CheckoutAnswer {
  status: 'success';
  /** The provider's payment page. */
  url: string;
  order: string;
  plan: { id: PlanId; name: string; days: number };
}

export type OrderAnswer = { status: 'Success'; message: string; accessUntil: string } & SessionFields;

/** SPEC §7 checkout: starts a card payment for a plan and answers where to pay. */
export async function checkout(page: PlanId): Promise<CheckoutAnswer> {
  const { data } = await http.post<CheckoutAnswer>(`${SERVICE_URL.user}/checkout`, { page });
  return data;
}

/** SPEC §7 order (type 3): the server asks the provider whether `order` was paid and, if so, extends access. */
export async function confirmOrder(order: string): Promise<OrderAnswer> {
  const { data } = await http.post<OrderAnswer>(`${SERVICE_URL.user}/order`, { type: 3, order });
  return data;
}
