import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from '../http/errors';
import { viaRedis } from '../redis';

export interface Limit {
  /** What is counted, e.g. `otp:send:email:a@b.example`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit in a fixed window; returns the count so far and the seconds until the window ends. In Redis when
 * REDIS_URL is set and it is up; in the database otherwise (while Redis is down, counts start afresh there).
 */
function countHit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
  return viaRedis(
    async (redis) => {
      const name = `rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(name).ttl(name).exec()) as [[null, number], [null, number]];
      if (typeof count !== 'number') throw new Error('Redis did not count the hit');
      if (ttl < 0) await redis.expire(name, windowSeconds);
      return { count, resetInSeconds: ttl > 0 ? ttl : windowSeconds };
    },
    () => countHitInDatabase(key, windowSeconds),
  );
}

async function countHitInDatabase(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }> {
  const rows = await getDb()
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then now() + make_interval(secs => ${windowSeconds}) else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetInSeconds: sql<number>`ceil(extract(epoch from ${rateLimits.windowEndsAt} - now()))::int` });
  return { count: rows[0].count, resetInSeconds: Math.max(1, rows[0].resetInSeconds) };
}

export function tooManyRequests(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
}

/**
 * Counts a hit against every limit and answers 429 (with Retry-After) when one is over. All limits are
 * counted even when the first is over, so a flood from one address still fills the per-IP window.
 */
export async function enforceLimits(limits: Limit[], message = 'Too many attempts. Please wait a few minutes and try again.'): Promise<void> {
  const results = await Promise.all(limits.map((limit) => countHit(limit.key, limit.windowSeconds)));
  let retryAfter = 0;
  results.forEach((result, i) => {
    if (result.count > limits[i].max) retryAfter = Math.max(retryAfter, result.resetInSeconds);
  });
  if (retryAfter > 0) throw tooManyRequests(message, retryAfter);
}

/** Forgets a key's count (a successful sign-in clears its failures). */
export async function resetLimit(key: string): Promise<void> {
  await viaRedis(
    async (redis) => {
      await redis.del(`rl:${key}`);
    },
    async () => {
      await getDb().delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
  );
}
