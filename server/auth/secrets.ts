import { createHmac } from 'node:crypto';

/** A fixed server pepper, so stored card numbers and PINs cannot be looked up without the app's secret. */
function pepper(): string {
  return process.env.SECRET_PEPPER ?? 'reading-site-pepper';
}

/** HMAC-SHA256 hex of a value: deterministic, so a card number can be found by its hash. */
export function hashSecret(value: string): string {
  return createHmac('sha256', pepper()).update(value).digest('hex');
}
