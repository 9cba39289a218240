import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import { tooManyRequests } from './rate-limit';
import { hashSecret } from './secrets';

export type Channel = 'email' | 'mobile';

/** One-time code rules (the issue's; SPEC §5 leaves them open). */
export const OTP = {
  digits: 6,
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  resendAfterSeconds: 30,
} as const;

export const OTP_MESSAGES = {
  wrong: 'That code is not right. Please check it and try again.',
  expired: 'This code has expired or was already used. Please ask for a new one.',
  locked: 'Too many wrong codes. Please ask for a new code.',
} as const;

function codeHash(channel: Channel, target: string, code: string): string {
  // Bound to the address, so a code row copied to another address is useless.
  return hashSecret(`otp:${channel}:${target}:${code}`);
}

/** Six digits from the operating system's secure random source. */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
}

/**
 * Makes a new code for an address, replacing any earlier one; answers 429 when the last code is less than
 * 30 seconds old. Only the hash is stored.
 */
export async function issueCode(channel: Channel, target: string): Promise<string> {
  const code = newCode();
  const hash = codeHash(channel, target, code);
  const db = getDb();
  // One statement, so two quick requests cannot both pass the resend wait.
  const written = await db
    .insert(oneTimeCodes)
    .values({ channel, target, codeHash: hash, attempts: 0, expiresAt: sql`now() + make_interval(secs => ${OTP.ttlSeconds})` })
    .onConflictDoUpdate({
      target: [oneTimeCodes.channel, oneTimeCodes.target],
      set: {
        codeHash: hash,
        attempts: 0,
        expiresAt: sql`now() + make_interval(secs => ${OTP.ttlSeconds})`,
        consumedAt: null,
        createdAt: sql`now()`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${oneTimeCodes.createdAt} <= now() - make_interval(secs => ${OTP.resendAfterSeconds})`,
    })
    .returning({ id: oneTimeCodes.id });
  if (written.length === 0) {
    const rows = await db
      .select({ wait: sql<number>`ceil(extract(epoch from ${oneTimeCodes.createdAt} + make_interval(secs => ${OTP.resendAfterSeconds}) - now()))::int` })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.channel, channel), eq(oneTimeCodes.target, target)));
    const wait = Math.max(1, rows[0]?.wait ?? OTP.resendAfterSeconds);
    throw tooManyRequests(`Please wait ${wait} seconds before asking for a new code.`, wait);
  }
  return code;
}

/**
 * Takes back a code that could not be sent, so no row claims a code is out and the member may ask again at once.
 * Only this code's row goes: a newer one asked for meanwhile stays.
 */
export async function withdrawCode(channel: Channel, target: string, code: string): Promise<void> {
  await getDb()
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.channel, channel), eq(oneTimeCodes.target, target), eq(oneTimeCodes.codeHash, codeHash(channel, target, code))));
}

export type CodeCheck = { ok: true } | { ok: false; reason: 'wrong' | 'expired' | 'locked' };

/**
 * Checks a code: valid for 10 minutes, single use, and refused after 5 wrong tries. The try is counted
 * before the comparison, in the same statement that checks the limits, so parallel guesses cannot exceed it.
 */
export async function checkCode(channel: Channel, target: string, code: string): Promise<CodeCheck> {
  const db = getDb();
  const where = and(eq(oneTimeCodes.channel, channel), eq(oneTimeCodes.target, target));
  const counted = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(where, sql`${oneTimeCodes.consumedAt} is null`, sql`${oneTimeCodes.expiresAt} > now()`, sql`${oneTimeCodes.attempts} < ${OTP.maxWrongTries}`))
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash });
  if (counted.length === 0) {
    const rows = await db
      .select({ attempts: oneTimeCodes.attempts, live: sql<boolean>`${oneTimeCodes.consumedAt} is null and ${oneTimeCodes.expiresAt} > now()` })
      .from(oneTimeCodes)
      .where(where);
    const row = rows[0];
    return { ok: false, reason: row && row.live && row.attempts >= OTP.maxWrongTries ? 'locked' : 'expired' };
  }
  const expected = Buffer.from(counted[0].codeHash, 'hex');
  const actual = Buffer.from(codeHash(channel, target, code), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'wrong' };
  // Single use: only the first of two parallel right answers consumes it.
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, counted[0].id), sql`${oneTimeCodes.consumedAt} is null`))
    .returning({ id: oneTimeCodes.id });
  return consumed.length === 1 ? { ok: true } : { ok: false, reason: 'expired' };
}
