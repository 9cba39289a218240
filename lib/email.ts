/** The email check of SPEC §5, shared by the forms (client) and the services (server). */

export const EMAIL_MESSAGES = {
  required: 'Email field is required',
  invalid: 'Please enter a valid email address',
} as const;

/** RFC 5321 caps a path at 256 octets, so an address is at most 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Allowed characters before the at sign (dots only between them), a domain of dot-separated labels, and an ending of 2 to 6 letters.
 * ASCII only: an address the mail servers of most libraries cannot route is refused here rather than bounced later.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,6}$/;

export type EmailCheck =
  | { valid: true; message: ''; email: string; encoded: string }
  | { valid: false; message: (typeof EMAIL_MESSAGES)[keyof typeof EMAIL_MESSAGES]; email: string; encoded: '' };

/** Base64 of an ASCII string; btoa exists in browsers, Node and the Edge runtime alike. */
function base64(value: string): string {
  return btoa(value);
}

/**
 * Checks an address as SPEC §5 says. Surrounding spaces are dropped (pasted addresses carry them); a space inside
 * is invalid. A valid address comes back as typed (trimmed) and base64-encoded.
 */
export function checkEmail(value: unknown): EmailCheck {
  const email = typeof value === 'string' ? value.trim() : '';
  if (email === '') return { valid: false, message: EMAIL_MESSAGES.required, email, encoded: '' };
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    return { valid: false, message: EMAIL_MESSAGES.invalid, email, encoded: '' };
  }
  return { valid: true, message: '', email, encoded: base64(email) };
}

export const INVALID_EMAIL_MESSAGE = EMAIL_MESSAGES.invalid;

/** How addresses are compared and stored: trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: unknown): boolean {
  return checkEmail(value).valid;
}

/** UTF-8 text to base64, in the browser, the edge and Node alike. */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(encoded: string): string {
  const binary = atob(encoded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The address a sign-in page was handed (base64, as the email check returns it), or null when it is not a valid one. */
export function decodeEmail(encoded: string | string[] | undefined | null): string | null {
  if (typeof encoded !== 'string' || encoded.length > 400) return null;
  try {
    const email = fromBase64(encoded);
    return isValidEmail(email) ? normaliseEmail(email) : null;
  } catch {
    return null;
  }
}
