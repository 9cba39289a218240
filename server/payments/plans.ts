import type { PlanId } from '@/lib/wire';
/** What a member can buy by card. SPEC §7 names one plan, `basicPlan`; its price and length come from the environment. */
export interface Plan {
  id: 'basicPlan';
  name: string;
  /** Days of access a payment adds. */
  days: number;
  /** In the currency's minor unit (cents). */
  amount: number;
  /** ISO 4217, lower case, as Stripe takes it. */
  currency: string;
}


function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Read on each call, so a change of configuration needs no rebuild. */
export function planFor(id: PlanId): Plan {
  return {
    id,
    name: process.env.PLAN_BASIC_NAME || 'Basic plan',
    days: positiveInt(process.env.PLAN_BASIC_DAYS, 30),
    amount: positiveInt(process.env.PLAN_BASIC_AMOUNT, 499),
    currency: (process.env.PAYMENT_CURRENCY || 'usd').toLowerCase(),
  };
}

/** 'US$4.99' and the like, for the screens. */
export function formatPrice(plan: Pick<Plan, 'amount' | 'currency'>, locale = 'en'): string {
  const currency = plan.currency.toUpperCase();
  const digits = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(plan.amount / 10 ** digits);
}
