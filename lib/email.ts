/** SPEC §5 'Email check', shared by the sign-in screens and the server. */

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/**
 * Allowed characters, an at sign, a domain, and an ending of 2 to 6 letters. The one longer ending let in is
 * `.example`, reserved for documentation and demos (RFC 2606), which the demo library's accounts use.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.(?:[A-Za-z]{2,6}|example)$/i;

export const EMAIL_MAX_LENGTH = 254;

/** How addresses are compared and stored: trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** UTF-8 text to base64 (the email check's encoding), in the browser, the edge and Node alike. */
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

/** The email check: a valid address comes back base64-encoded (how it travels between sign-in pages), else the message. */
export function checkEmail(value: string): { ok: true; email: string; encoded: string } | { ok: false; message: string } {
  if (!isValidEmail(value)) return { ok: false, message: INVALID_EMAIL_MESSAGE };
  const email = normaliseEmail(value);
  return { ok: true, email, encoded: toBase64(email) };
}

/** The address a sign-in page was handed, or null when it is not a valid one. */
export function decodeEmail(encoded: string | string[] | undefined | null): string | null {
  if (typeof encoded !== 'string' || encoded.length > 400) return null;
  try {
    const email = fromBase64(encoded);
    return isValidEmail(email) ? normaliseEmail(email) : null;
  } catch {
    return null;
  }
}
