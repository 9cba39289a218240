import { longDate } from '@/lib/dates';
import type { AccountSummary } from '@/lib/wire';
import type { Session } from '../auth/session';
import { membershipIn } from './queries';

/** What the member's own pages show about them. */
export async function accountSummary(session: Session): Promise<AccountSummary> {
  const { uid, libid } = session.claims;
  const { user } = session;
  const membership = libid ? await membershipIn(uid, libid) : null;
  return {
    uid,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    hasPassword: Boolean(user?.passwordHash),
    isGuest: user?.userType === 'guest',
    libraryName: membership?.library.name ?? '',
    membershipEnds: longDate(membership?.expiresAt ?? null),
  };
}
