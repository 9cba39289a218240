import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppPasswordView } from '@/lib/wire';
import { cached, invalidate } from '../cache';
import { limit } from '../auth/limits';
import { checkPassword } from '../auth/password-rules';
import { enforceLimits, resetLimit } from '../auth/rate-limit';
import { hashSecret } from '../auth/secrets';
import { linkedMembershipEnd } from '../auth/sign-in';
import { getDb } from '../db/client';
import { appPasswords, type Library, type User } from '../db/schema';
import { extendMembership, findHeaderUser, findOrCreateByIdentity, findUserByEmail, findUserById, membershipIn, type MembershipWithLibrary } from '../user/queries';
import { splitName } from '../user/present';
import { checkWithLibrary } from '../user/library-cards';
import { viewerOfLibrary, type Viewer } from '../context/viewer';
import { presentAppPassword } from './present';

/** The user name a member types in a reading app: their email address, or m{id} for a member without one. */
export function appLoginOf(user: Pick<User, 'id' | 'email'>): string {
  return user.email ?? `m${user.id}`;
}

export function md5Hex(value: string): string {
  return createHash('md5').update(value, 'utf8').digest('hex');
}

/** What is stored of an app password: SHA-256 of the MD5 KOReader sends in x-auth-key (see appPasswords). */
function storedHashOfKey(md5Key: string): string {
  return createHash('sha256').update(md5Key.toLowerCase()).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** App passwords: four groups of five letters and digits (about 100 bits), easy to type on an e-reader's keyboard. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newAppSecret(): string {
  const bytes = randomBytes(20);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]);
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join('')).join('-');
}

export async function listAppPasswords(userId: number): Promise<AppPasswordView[]> {
  const rows = await getDb()
    .select()
    .from(appPasswords)
    .where(and(eq(appPasswords.userId, userId), isNull(appPasswords.revokedAt)))
    .orderBy(desc(appPasswords.createdAt), desc(appPasswords.id));
  return rows.map(presentAppPassword);
}

/** A new app password: the only time it is shown; the member keeps it in the app. */
export async function createAppPassword(userId: number, name: string): Promise<AppPasswordView & { password: string }> {
  const password = newAppSecret();
  const [row] = await getDb()
    .insert(appPasswords)
    .values({ userId, name, secretHash: storedHashOfKey(md5Hex(password)), hint: password.slice(-4) })
    .returning();
  return { ...presentAppPassword(row), password };
}

/** Revokes one of the member's app passwords at once: every check after this refuses it. */
export async function revokeAppPassword(userId: number, id: number): Promise<boolean> {
  const rows = await getDb()
    .update(appPasswords)
    .set({ revokedAt: new Date() })
    .where(and(eq(appPasswords.id, id), eq(appPasswords.userId, userId), isNull(appPasswords.revokedAt)))
    .returning({ id: appPasswords.id });
  // Checks of credentials are kept for a few seconds (below): none may outlive the revocation.
  await invalidate('app-credentials');
  return rows.length > 0;
}

/** The member a reading app's user name names: an email address, or m{id}. */
async function userOfLogin(login: string): Promise<User | null> {
  const byId = /^m(\d{1,10})$/.exec(login);
  if (byId) return findUserById(Number(byId[1]));
  return login.includes('@') ? findUserByEmail(login.toLowerCase()) : null;
}

/** The member whose live app password has this MD5 (KOReader's x-auth-key, or the MD5 of what Basic sent). */
async function appPasswordHolder(user: User, md5Key: string): Promise<boolean> {
  if (!/^[0-9a-f]{32}$/i.test(md5Key)) return false;
  const want = storedHashOfKey(md5Key);
  const rows = await getDb()
    .select({ id: appPasswords.id, secretHash: appPasswords.secretHash })
    .from(appPasswords)
    .where(and(eq(appPasswords.userId, user.id), isNull(appPasswords.revokedAt)));
  const match = rows.find((row) => sameHex(row.secretHash, want));
  if (!match) return false;
  void getDb()
    .update(appPasswords)
    .set({ lastUsedAt: new Date() })
    .where(eq(appPasswords.id, match.id))
    .catch(() => undefined);
  return true;
}

/**
 * KOReader's sync credentials: x-auth-user is the member's app user name, x-auth-key the MD5 of an app password.
 * The account password is kept with scrypt and never as an MD5, so KOReader signs in with an app password only.
 * Counted against the same limits as a password sign-in (per user name and per address).
 */
export async function memberOfSyncKey(login: string, md5Key: string, ip: string): Promise<User | null> {
  if (!login || !md5Key || login.length > 320 || md5Key.length > 64) return null;
  // Kept for the cache's few seconds like Basic credentials (a revocation drops them), so a device's sync burst is one check.
  const cacheKey = createHash('sha256').update(`koreader\u0000${login}\u0000${md5Key}`).digest('base64url');
  const checked = await cached('app-credentials', cacheKey, async () => {
    const key = `pw:${login.toLowerCase()}`;
    await enforceLimits([limit('passwordPerAddress', key), limit('passwordPerIp', `pw-ip:${ip}`)]);
    const user = await userOfLogin(login);
    if (!user || !(await appPasswordHolder(user, md5Key.toLowerCase()))) return null;
    await resetLimit(key);
    return user.id;
  });
  if (checked === null) {
    await invalidate('app-credentials', cacheKey);
    return null;
  }
  return findUserById(checked);
}

/** The credentials of an HTTP Basic header, or null when the request sends none (or another scheme). */
export function basicCredentials(req: IncomingMessage): { login: string; password: string } | null {
  const header = req.headers.authorization;
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { login: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}

export interface AppMember {
  user: User;
  membership: MembershipWithLibrary;
  viewer: Viewer;
}

/** Why a reading app's request is refused: no or wrong credentials (401), or no live membership of the library (403). */
export class AppAuthError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

const CREDENTIALS_REFUSED = 'The user name or password is not right.';

/**
 * Checks Basic credentials against a library, in the order that costs least: an app password (one hash), the
 * member's email and password (scrypt), the library card and PIN (the library's list or its SIP2 server, as
 * /login/librarycard does: a first card sign-in makes the member, and each one extends access). Every check counts
 * against the site's limits for that way of signing in; a user name that is right resets its own count.
 */
async function verifyBasic(library: Library, login: string, password: string, ip: string): Promise<number | null> {
  if (!login || !password || login.length > 320 || password.length > 1024) return null;
  const user = await userOfLogin(login);
  if (user) {
    const key = `pw:${login.toLowerCase()}`;
    await enforceLimits([limit('passwordPerAddress', key), limit('passwordPerIp', `pw-ip:${ip}`)]);
    const ok = (await appPasswordHolder(user, md5Hex(password))) || (await checkPassword(password, user.passwordHash));
    if (!ok) return null;
    await resetLimit(key);
    return user.id;
  }
  if (library.cardMode === 'none' || !/^[A-Za-z0-9-]{4,32}$/.test(login) || /[|\u0000-\u001f]/.test(password)) return null;
  const cardHash = hashSecret(login.toUpperCase());
  await enforceLimits([limit('cardPerCard', `card:${cardHash}`), limit('cardPerIp', `card-ip:${ip}`)]);
  const result = await checkWithLibrary(library, login, password);
  if (!result.ok) return null;
  const { user: member } = await findOrCreateByIdentity({ kind: 'card', libraryId: library.id, subject: cardHash }, () => splitName(result.name));
  await extendMembership(member.id, library.id, linkedMembershipEnd());
  return member.id;
}

/**
 * The member a reading app's request is for, reading through `library`: by HTTP Basic (checked credentials are kept
 * for the cache's few seconds, under a hash of the credentials, so an app's burst of page requests is one check; an
 * app password's revocation drops them), or by the site's own session. The membership must be live: an ended one is
 * refused here as the site refuses it.
 */
export async function appMember(req: IncomingMessage, ip: string, library: Library, sessionUserId: number | null): Promise<AppMember> {
  const basic = basicCredentials(req);
  let userId: number | null = null;
  let checkedAt = 0;
  if (basic) {
    const key = createHash('sha256').update(`${library.id}\u0000${basic.login}\u0000${basic.password}`).digest('base64url');
    const checked = await cached('app-credentials', key, async () => ({ userId: await verifyBasic(library, basic.login, basic.password, ip), at: Date.now() }));
    if (checked.userId === null) {
      await invalidate('app-credentials', key);
      throw new AppAuthError(401, CREDENTIALS_REFUSED);
    }
    checkedAt = checked.at;
    userId = checked.userId;
  } else if (sessionUserId) {
    userId = sessionUserId;
  }
  if (!userId) throw new AppAuthError(401, 'Sign in with your email address and password, your library card and PIN, or an app password.');
  // The member row the session check reads too (the cache 'member', dropped wherever the row changes).
  const [user, membership] = await Promise.all([findHeaderUser(userId), membershipIn(userId, library.id)]);
  // A password changed since the check ends what the old one opened.
  if (!user || (basic && user.sessionsValidFrom && user.sessionsValidFrom.getTime() > checkedAt)) throw new AppAuthError(401, CREDENTIALS_REFUSED);
  if (!membership || membership.expiresAt.getTime() <= Date.now()) throw new AppAuthError(403, 'Your membership of this library has ended.');
  return { user, membership, viewer: viewerOfLibrary(membership.library, userId) };
}

