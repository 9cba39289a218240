import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { TOKEN_ISSUER } from '@/lib/session-token';
import { jwtSecret } from '../config';

/**
 * Short-lived tokens for one step of a sign-in (setting a new password after a code, choosing a library for
 * a card, returning from SSO). Each purpose is its own audience, so one can never stand in for another or
 * for a session.
 */
export type Purpose = 'newpassword' | 'card-select' | 'sso-flow';

const key = () => new TextEncoder().encode(jwtSecret());

export async function signPurposeToken(purpose: Purpose, claims: JWTPayload, lifetimeSeconds: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(`${TOKEN_ISSUER}:${purpose}`)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
    .sign(key());
}

export async function verifyPurposeToken(purpose: Purpose, token: string | undefined | null): Promise<JWTPayload | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: `${TOKEN_ISSUER}:${purpose}` });
    return payload;
  } catch {
    return null;
  }
}
