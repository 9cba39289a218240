import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COOKIE_MAX_AGE } from '@/lib/constants';
import { COOKIE, SESSION_COOKIE } from '@/lib/cookies';
import { signSessionToken } from '@/lib/session-token';
import { jwtSecret, SESSION_TOKEN_SECONDS } from '../config';

function isHttps(req: IncomingMessage): boolean {
  if (process.env.COOKIE_SECURE === '1') return true;
  const proto = req.headers['x-forwarded-proto'];
  return (Array.isArray(proto) ? proto[0] : proto) === 'https';
}

function cookie(name: string, value: string, maxAge: number, options: { httpOnly: boolean; secure: boolean }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${maxAge}`, 'SameSite=Lax'];
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

function appendSetCookie(res: ServerResponse, values: string[]): void {
  const existing = res.getHeader('Set-Cookie');
  const list = Array.isArray(existing) ? existing.map(String) : existing ? [String(existing)] : [];
  res.setHeader('Set-Cookie', [...list, ...values]);
}

/**
 * Signs a session token for a user reading through a library (0 for none) and sets it as the
 * HttpOnly cookie the edge gate verifies, with a fresh XSRF-TOKEN cookie beside it.
 */
export async function issueSession(
  req: IncomingMessage,
  res: ServerResponse,
  subject: { userId: number; libraryId: number; membershipEnds: Date | null; guest: boolean; issuedAt?: number },
): Promise<string> {
  const { token } = await signSessionToken(
    {
      iat: subject.issuedAt,
      uid: subject.userId,
      libid: subject.libraryId,
      mexp: subject.membershipEnds ? Math.floor(subject.membershipEnds.getTime() / 1000) : 0,
      guest: subject.guest,
    },
    jwtSecret(),
    SESSION_TOKEN_SECONDS,
  );
  const secure = isHttps(req);
  appendSetCookie(res, [
    cookie(SESSION_COOKIE, token, Math.min(SESSION_TOKEN_SECONDS, COOKIE_MAX_AGE.session), { httpOnly: true, secure }),
    cookie(COOKIE.xsrf, randomBytes(24).toString('base64url'), COOKIE_MAX_AGE.session, { httpOnly: false, secure }),
  ]);
  return token;
}

export function clearSessionCookies(res: ServerResponse): void {
  appendSetCookie(res, [
    `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`,
    `${COOKIE.xsrf}=; Path=/; Max-Age=0; SameSite=Lax`,
  ]);
}
