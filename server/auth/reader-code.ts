import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { readerCodes } from '../db/schema';
import { signPurposeToken, verifyPurposeToken } from './purpose-token';

/** A reader code opens one issue for one member, briefly: long enough to load the reader. */
export const READER_CODE_SECONDS = 10 * 60;

/** Signs a code bound to the member, their library and the issue, and records it. */
export async function issueReaderCode(userId: number, libraryId: number, issueId: number): Promise<string> {
  const jti = randomUUID();
  const code = await signPurposeToken('reader', { sub: String(userId), libid: libraryId, issue: issueId, jti }, READER_CODE_SECONDS);
  const db = getDb();
  await db.insert(readerCodes).values({ jti, userId, libraryId, issueId, expiresAt: new Date(Date.now() + READER_CODE_SECONDS * 1000) });
  await db.delete(readerCodes).where(lt(readerCodes.expiresAt, new Date()));
  return code;
}

/** The member and library a code was issued to, when it is genuine, unexpired, recorded and for this issue. */
export async function verifyReaderCode(code: string, issueId: number): Promise<{ userId: number; libraryId: number } | null> {
  const claims = await verifyPurposeToken('reader', code);
  if (!claims || claims.issue !== issueId || typeof claims.jti !== 'string') return null;
  const rows = await getDb().select().from(readerCodes).where(eq(readerCodes.jti, claims.jti)).limit(1);
  const row = rows[0];
  if (!row || row.issueId !== issueId || String(row.userId) !== claims.sub) return null;
  return { userId: row.userId, libraryId: row.libraryId };
}
