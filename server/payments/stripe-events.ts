import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/errors';

/** How far a notification's signing time may be from ours (Stripe's own libraries use 5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const WEBHOOK_MESSAGES = {
  badSignature: 'The Stripe-Signature header does not match this notification',
  badEvent: 'The notification is not a Stripe event',
} as const;

/** A Stripe event, as far as we read it: its type and the id of the object it is about. */
export interface StripeEvent {
  id: string;
  type: string;
  objectId: string | null;
}

/**
 * Checks a notification Stripe signed with the endpoint's secret (`Stripe-Signature: t=<seconds>,v1=<hex>`, an
 * HMAC-SHA256 of `<t>.<body>`) and reads the event. Refuses (400, naming the header) a missing, malformed, wrong or
 * stale signature: anyone can post to the address, only Stripe knows the secret.
 */
export function verifyStripeEvent(rawBody: string, header: string | string[] | undefined, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): StripeEvent {
  const value = Array.isArray(header) ? header[0] : header;
  const refuse = () => new HttpError(400, WEBHOOK_MESSAGES.badSignature, { field: 'Stripe-Signature' });
  if (!value) throw refuse();
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    const item = rest.join('=');
    if (key === 't' && /^\d{1,12}$/.test(item)) timestamp = Number(item);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(item)) signatures.push(item);
  }
  if (timestamp === null || signatures.length === 0) throw refuse();
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw refuse();
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
  if (!signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected))) throw refuse();

  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new HttpError(400, WEBHOOK_MESSAGES.badEvent, { field: 'body' });
  }
  const { id, type, data } = (event ?? {}) as { id?: unknown; type?: unknown; data?: { object?: { id?: unknown } } };
  if (typeof id !== 'string' || typeof type !== 'string') throw new HttpError(400, WEBHOOK_MESSAGES.badEvent, { field: 'body' });
  const objectId = data?.object?.id;
  return { id, type, objectId: typeof objectId === 'string' ? objectId : null };
}
