import { eq, gt, lt } from 'drizzle-orm';
import type { SessionClaims } from '@/lib/session-token';
import { getDb } from '../db/client';
import { revokedTokens, type User } from '../db/schema';
import { viaRedis, whenRedisReturns } from '../redis';
import { processWide } from '../process-wide';
import { findHeaderUser } from '../user/queries';

/**
 * Tokens found not revoked, and until when that answer stands. Every page and call asks about the same few tokens;
 * a revocation made in this process takes effect at once (revoke forgets the answer), one made by another process
 * within NOT_REVOKED_MS.
 */
const notRevoked = processWide('not-revoked', () => new Map<string, number>());
const NOT_REVOKED_MS = 5_000;
const NOT_REVOKED_MAX = 10_000;

const redisKey = (jti: string) => `revoked:${jti}`;
const secondsLeft = (expiresAt: Date) => Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));

// Redis may come back empty (restarted) or have missed revocations written while it was away: the database has them all.
whenRedisReturns('revocations', async (redis) => {
  const rows = await getDb().select().from(revokedTokens).where(gt(revokedTokens.expiresAt, new Date()));
  if (rows.length === 0) return;
  const batch = redis.multi();
  for (const row of rows) batch.set(redisKey(row.jti), '1', 'EX', secondsLeft(row.expiresAt));
  await batch.exec();
});

export async function isRevoked(jti: string): Promise<boolean> {
  const until = notRevoked.get(jti);
  if (until !== undefined && until > Date.now()) return false;
  const revoked = await viaRedis(
    async (redis) => (await redis.exists(redisKey(jti))) === 1,
    async () => (await getDb().select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).limit(1)).length > 0,
  );
  if (revoked) return true;
  if (notRevoked.size >= NOT_REVOKED_MAX) notRevoked.clear();
  notRevoked.set(jti, Date.now() + NOT_REVOKED_MS);
  return false;
}

/**
 * Signs a token out before it expires. The database always keeps it (Redis may be down, or restart empty, and a
 * revocation must outlive both); Redis, when set and up, gets it too for the fast check. Expired rows are pruned
 * as new ones arrive (Redis lets its keys expire).
 */
export async function revoke(jti: string, expiresAtSeconds: number): Promise<void> {
  notRevoked.delete(jti);
  const expiresAt = new Date(expiresAtSeconds * 1000);
  const db = getDb();
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
  await viaRedis(
    async (redis) => {
      await redis.set(redisKey(jti), '1', 'EX', secondsLeft(expiresAt));
    },
    async () => undefined,
  );
  // A check that was under way while this ran may have noted the token as good again.
  notRevoked.delete(jti);
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
}

/** What the session check found: the session is over, or it stands, with the member row it read. */
export type SessionCheck = { over: true } | { over: false; user: User | null };

const OVER: SessionCheck = { over: true };

/**
 * Whether a verified session is over: revoked (logout), its account deleted (for pages), or signed before the member's sessions
 * were ended (a password change ends every other session). Both answers are kept a few seconds per process (see isRevoked, findHeaderUser).
 * A session that stands carries the member row read to decide it, so the request need not read it again; it is null only for a
 * deleted account on a route that answers that itself.
 */
export async function checkSession(claims: SessionClaims, options: { accountGone: 'over' | 'answered' }): Promise<SessionCheck> {
  if (await isRevoked(claims.jti)) return OVER;
  const user = await findHeaderUser(claims.uid);
  // A deleted account: a page shows a visitor; the API lets its calls answer as SPEC §8 says (validateuser 'User not
  // found', the access check isError), which signs the browser out.
  if (!user) return options.accountGone === 'over' ? OVER : { over: false, user: null };
  const from = user.sessionsValidFrom;
  if (from && claims.iat < Math.floor(from.getTime() / 1000)) return OVER;
  return { over: false, user };
}
