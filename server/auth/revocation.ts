import { eq, gt, lt } from 'drizzle-orm';
import type { SessionClaims } from '@/lib/session-token';
import { cached, invalidate } from '../cache';
import { getDb } from '../db/client';
import { revokedTokens, type User } from '../db/schema';
import { viaRedis, whenRedisReturns } from '../redis';
import { findHeaderUser } from '../user/queries';

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

/**
 * Whether a token is revoked: Redis when set and up, else the database, which always has every revocation. The answer
 * is kept in the cache 'token-revoked' (every page and call asks about the same few tokens); revoke drops it here and
 * in every other instance.
 */
export function isRevoked(jti: string): Promise<boolean> {
  return cached('token-revoked', jti, () =>
    viaRedis(
      async (redis) => (await redis.exists(redisKey(jti))) === 1,
      async () => (await getDb().select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).limit(1)).length > 0,
    ),
  );
}

/**
 * Signs a token out before it expires. The database always keeps it (Redis may be down, or restart empty, and a
 * revocation must outlive both); Redis, when set and up, gets it too for the fast check. Expired rows are pruned
 * as new ones arrive (Redis lets its keys expire).
 */
export async function revoke(jti: string, expiresAtSeconds: number): Promise<void> {
  const expiresAt = new Date(expiresAtSeconds * 1000);
  const db = getDb();
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
  await viaRedis(
    async (redis) => {
      await redis.set(redisKey(jti), '1', 'EX', secondsLeft(expiresAt));
    },
    async () => undefined,
  );
  // After the write: a check under way while it ran is not kept (server/cache/store.ts), and every instance drops its answer.
  await invalidate('token-revoked', jti);
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
}

/** What the session check found: the session is over, or it stands, with the member row it read. */
export type SessionCheck = { over: true } | { over: false; user: User | null };

const OVER: SessionCheck = { over: true };

/**
 * Whether a verified session is over: revoked (logout), its account deleted (for pages), or signed before the member's sessions
 * were ended (a password change ends every other session). Both answers are kept in the one cache, dropped by their writers (see isRevoked, findHeaderUser).
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
