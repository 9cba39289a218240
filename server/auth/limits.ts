import type { Limit } from './rate-limit';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every rate limit of the account calls, in one place. Per-address limits protect one person's account;
 * per-IP limits stop one client sweeping many accounts, and are generous because a school or library can put
 * a whole classroom behind one address.
 */
export const LIMITS = {
  codeSendPerAddress: { max: 5, windowSeconds: HOUR },
  codeSendPerIp: { max: 60, windowSeconds: HOUR },
  codeVerifyPerIp: { max: 120, windowSeconds: 10 * MINUTE },
  passwordPerAddress: { max: 10, windowSeconds: 15 * MINUTE },
  passwordPerIp: { max: 120, windowSeconds: 15 * MINUTE },
  passwordChangePerMember: { max: 10, windowSeconds: 15 * MINUTE },
  cardPerCard: { max: 10, windowSeconds: 15 * MINUTE },
  cardPerIp: { max: 120, windowSeconds: 15 * MINUTE },
  couponPerMember: { max: 10, windowSeconds: HOUR },
  couponPerIp: { max: 60, windowSeconds: HOUR },
  supportPerIp: { max: 5, windowSeconds: HOUR },
  partnerKeyFailuresPerIp: { max: 20, windowSeconds: 15 * MINUTE },
  partnerLinkPerIp: { max: 120, windowSeconds: 15 * MINUTE },
  // CSP violation reports (anyone can post them): a page in trouble sends a few, not hundreds.
  cspReportsPerIp: { max: 60, windowSeconds: MINUTE },
  // The COUNTER API: a harvester asks for a handful of reports a month; a loop gets Exception 1020, not the database.
  counterApiPerIp: { max: 300, windowSeconds: 15 * MINUTE },
} as const;

/** A limit by name, counted under `key`. */
export function limit(name: keyof typeof LIMITS, key: string): Limit {
  return { key, ...LIMITS[name] };
}
