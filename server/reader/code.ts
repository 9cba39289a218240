import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_ISSUER } from '@/lib/session-token';
import { jwtSecret } from '../config';
import { getDb } from '../db/client';
import { readerCodes } from '../db/schema';

/** Reader codes are tokens of their own audience, so a session token is never a reader code and back. */
export const READER_CODE_AUDIENCE = 'reading-site:reader';
const ALGORITHM = 'HS256';

/** How long a reader code opens its issue: READER_CODE_HOURS, 4 by default. */
export function readerCodeSeconds(): number {
  const hours = Number(process.env.READER_CODE_HOURS ?? 4);
  return Math.round((Number.isFinite(hours) && hours > 0 ? hours : 4) * 60 * 60);
}

export interface ReaderCodeClaims {
  userId: number;
  libraryId: number;
  issueId: number;
  jti: string;
  /** Seconds since the epoch. */
  exp: number;
  /** When the session that asked for it was signed: a password change ends that session's codes with it. */
  sessionIssuedAt: number;
}

function key(): Uint8Array {
  return new TextEncoder().encode(jwtSecret());
}

/** Signs a reader code for one member, library and issue, and records it in reader_codes. */
export async function issueReaderCode(subject: {
  userId: number;
  libraryId: number;
  issueId: number;
  /** The asking session's `iat`. */
  sessionIssuedAt: number;
}): Promise<{ code: string; expiresAt: Date }> {
  const jti = crypto.randomUUID();
  const exp = Math.floor(Date.now() / 1000) + readerCodeSeconds();
  const code = await new SignJWT({ lib: subject.libraryId, issue: subject.issueId, siat: subject.sessionIssuedAt })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(subject.userId))
    .setJti(jti)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(READER_CODE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key());
  const expiresAt = new Date(exp * 1000);
  await getDb().insert(readerCodes).values({ jti, userId: subject.userId, libraryId: subject.libraryId, issueId: subject.issueId, expiresAt });
  return { code, expiresAt };
}

/** The claims of a valid, unexpired reader code; null for anything else (for the hosted reader). */
export async function verifyReaderCode(code: string | null | undefined): Promise<ReaderCodeClaims | null> {
  if (!code || code.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(code, key(), { algorithms: [ALGORITHM], issuer: TOKEN_ISSUER, audience: READER_CODE_AUDIENCE });
    const userId = Number(payload.sub);
    const libraryId = Number(payload.lib);
    const issueId = Number(payload.issue);
    if (![userId, libraryId, issueId].every((n) => Number.isInteger(n) && n > 0)) return null;
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    // A code from before codes were bound to a session counts as signed by none that still stands (siat 0).
    const sessionIssuedAt = typeof payload.siat === 'number' ? payload.siat : 0;
    return { userId, libraryId, issueId, jti: payload.jti, exp: payload.exp, sessionIssuedAt };
  } catch {
    return null;
  }
}
