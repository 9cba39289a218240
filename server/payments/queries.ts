import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { memberships, payments, type NewPayment, type Payment } from '../db/schema';

export async function createPayment(values: NewPayment): Promise<Payment> {
  const [row] = await getDb().insert(payments).values(values).returning();
  return row;
}

export async function setProviderRef(paymentId: number, providerRef: string): Promise<void> {
  await getDb().update(payments).set({ providerRef }).where(eq(payments.id, paymentId));
}

export async function findPaymentByRef(provider: string, providerRef: string): Promise<Payment | null> {
  const rows = await getDb()
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .limit(1);
  return rows[0] ?? null;
}

export async function markPaymentFailed(paymentId: number): Promise<void> {
  await getDb()
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Marks a pending payment paid and adds its days to the member's access in its library, from today or from the
 * current end if that is later. Exactly once: a second call (or a racing one) finds the payment no longer pending
 * and changes nothing. Returns the membership end the payment set (null if it was not pending and never paid).
 */
export async function fulfilPayment(paymentId: number, now = new Date()): Promise<Date | null> {
  return getDb().transaction(async (tx) => {
    const [claimed] = await tx
      .update(payments)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning();
    if (!claimed) {
      const [done] = await tx.select({ accessUntil: payments.accessUntil }).from(payments).where(eq(payments.id, paymentId));
      return done?.accessUntil ?? null;
    }
    const [membership] = await tx
      .select({ expiresAt: memberships.expiresAt })
      .from(memberships)
      .where(and(eq(memberships.userId, claimed.userId), eq(memberships.libraryId, claimed.libraryId)))
      .for('update');
    const from = Math.max(now.getTime(), membership?.expiresAt.getTime() ?? 0);
    const accessUntil = new Date(from + claimed.days * DAY_MS);
    if (membership) {
      await tx
        .update(memberships)
        .set({ expiresAt: accessUntil })
        .where(and(eq(memberships.userId, claimed.userId), eq(memberships.libraryId, claimed.libraryId)));
    } else {
      // Checkout starts only for a member; if the membership was removed since, the member still gets what they paid for.
      await tx.insert(memberships).values({ userId: claimed.userId, libraryId: claimed.libraryId, expiresAt: accessUntil });
    }
    await tx.update(payments).set({ accessUntil }).where(eq(payments.id, paymentId));
    return accessUntil;
  });
}
