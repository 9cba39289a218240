import { isConsolePath, isLoginOrValidatePath, isOpenRoute, isReaderPath, OFFLINE_PATH, VALIDATE_USER_EXPIRED, VALIDATE_USER_NO_LIBRARY } from './routes';

/** What the gate knows about the visitor: from the verified token on the server, from storage on the client. */
export interface GateSession {
  /** The library id as the spec keeps it: '0' means none. */
  libraryId: string;
  /** Membership end, seconds since the epoch. */
  expiresAt: number;
}

export type GateDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string; reason: 'no-session' | 'no-library' | 'expired' };

/**
 * Rules 1 to 3 of SPEC §4, in order. Rule 4 (the once-a-day library access check) needs the
 * member's libraries and runs after this one allows.
 */
export function decideGate(path: string, session: GateSession | null, nowSeconds: number): GateDecision {
  if (isOpenRoute(path)) return { action: 'allow' };
  if (!session) return { action: 'redirect', to: '/login', reason: 'no-session' };
  // Staff manage libraries whatever their own reading membership says; the console's pages check the role.
  if (isConsolePath(path)) return { action: 'allow' };
  if (session.libraryId === '0') return { action: 'redirect', to: VALIDATE_USER_NO_LIBRARY, reason: 'no-library' };
  if (session.expiresAt <= nowSeconds) return { action: 'redirect', to: VALIDATE_USER_EXPIRED, reason: 'expired' };
  return { action: 'allow' };
}

/**
 * Which callback cookie remembers this path (SPEC §4): callbackUrl for open routes, cb for the rest. A reader address
 * carries a reader code, which no cookie keeps (the member opens the issue again from its page); the offline screen is
 * where a lost connection leads, not a place to come back to after signing in.
 */
export function callbackCookieFor(path: string): 'callbackUrl' | 'cb' | null {
  if (isLoginOrValidatePath(path) || isReaderPath(path) || path.split('?')[0] === OFFLINE_PATH) return null;
  return isOpenRoute(path) ? 'callbackUrl' : 'cb';
}
