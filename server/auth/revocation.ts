import { eq, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { revokedTokens } from '../db/schema';
import { getRedis } from '../redis';

export async function isRevoked(jti: string): Promise<boolean> {
  const redis = getRedis();
  if (redis) return (await redis.exists(`revoked:${jti}`)) === 1;
  const rows = await getDb().select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).limit(1);
  return rows.length > 0;
}

/** Signs a token out before it expires; expired entries are pruned as new ones arrive (Redis lets them expire). */
export async function revoke(jti: string, expiresAtSeconds: number): Promise<void> {
  const redis = getRedis();
  if (redis) {
    const ttl = Math.max(1, expiresAtSeconds - Math.floor(Date.now() / 1000));
    await redis.set(`revoked:${jti}`, '1', 'EX', ttl);
    return;
  }
  const db = getDb();
  await db
    .insert(revokedTokens)
    .values({ jti, expiresAt: new Date(expiresAtSeconds * 1000) })
    .onConflictDoNothing();
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
}
