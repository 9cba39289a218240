import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const DATA_DIR = process.env.DATA_DIR ?? path.join(process.cwd(), '.data');

/** The token signing secret: JWT_SECRET, or one generated into .data/ on first run and kept. */
export function jwtSecret(): string {
  const fromEnv = process.env.JWT_SECRET;
  if (fromEnv) return fromEnv;
  const file = path.join(DATA_DIR, 'jwt-secret');
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) {
      process.env.JWT_SECRET = stored;
      return stored;
    }
  } catch {
    // not made yet
  }
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  process.env.JWT_SECRET = secret;
  return secret;
}

/** How long a session token lasts. */
export const SESSION_TOKEN_SECONDS = Number(process.env.SESSION_TOKEN_DAYS ?? 30) * 24 * 60 * 60;

/** The library guests join when the login page names none. */
export function defaultGuestLibraryId(): number {
  return Number(process.env.GUEST_LIBRARY_ID ?? 1001);
}

export const MEDIA_DIR = process.env.MEDIA_DIR ?? path.join(DATA_DIR, 'media');
/** PDFs uploaded in the console, kept here until their import ends. */
export const UPLOAD_DIR = process.env.UPLOAD_DIR ?? path.join(DATA_DIR, 'uploads');

/**
 * How long any call to an outside service (SMTP, SMS gateway, SIP2, OIDC provider, translation, Stripe) may take
 * before the member is told it could not be reached: a stuck peer must never hold a request open.
 */
export function outsideCallTimeoutMs(): number {
  const value = Number(process.env.OUTSIDE_CALL_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 8_000;
}
