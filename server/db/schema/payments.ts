import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';
import { ownedByMember } from './users';

/**
 * A member's card payment for a plan (checkout, then order). The card itself stays with the provider; this row
 * ties the provider's checkout to the member and records the access it bought, so a payment extends access once.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: ownedByMember(),
    libraryId: integer('library_id').notNull(),
    /** The plan asked for ('basicPlan'), with what it cost and gave at the time. */
    plan: text('plan').notNull(),
    days: integer('days').notNull(),
    /** In the currency's minor unit (cents). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** 'stripe'; the provider's checkout id once it has one. */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** 'pending', 'paid' or 'failed'. */
    status: text('status').notNull().default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The membership end this payment set. */
    accessUntil: timestamp('access_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef), index('payments_user_idx').on(t.userId, t.createdAt)],
);

export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
