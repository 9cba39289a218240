import type { IncomingMessage, ServerResponse } from 'node:http';
import type { User } from '../db/schema';
import { chooseMembership, sessionFields } from '../user/present';
import { membershipsAndMarkTimes } from '../user/queries';
import { issueSession } from './issue';

/** How long access through a library card, a library's SSO or a partner link lasts after each sign-in. */
export function linkedMembershipDays(): number {
  const days = Number(process.env.LINKED_MEMBERSHIP_DAYS ?? 30);
  return Number.isFinite(days) && days > 0 ? days : 30;
}

export function linkedMembershipEnd(now = Date.now()): Date {
  return new Date(now + linkedMembershipDays() * 24 * 60 * 60 * 1000);
}

/**
 * Finishes any sign-in: picks the library the session reads through (the one asked for when the member has
 * it), issues the token and cookies, and answers the SPEC §3 login fields. `isNewUser` sends a new member to
 * /update/fullName.
 */
export async function completeSignIn(
  req: IncomingMessage,
  res: ServerResponse,
  user: User,
  options: { libraryId?: number; created?: boolean } = {},
) {
  // The libraries and the mark times in one query (SPEC §3 bk_lud, clip_lud).
  const { all, marks } = await membershipsAndMarkTimes(user.id);
  const current = chooseMembership(all, options.libraryId);
  const jwtoken = await issueSession(req, res, {
    userId: user.id,
    libraryId: current?.library.id ?? 0,
    membershipEnds: current?.expiresAt ?? null,
    guest: user.userType === 'guest',
  });
  return {
    status: 'Success' as const,
    message: 'Signed in',
    isNewUser: Boolean(options.created),
    ...sessionFields(user, current, all, jwtoken, marks),
  };
}

export type SignInAnswer = Awaited<ReturnType<typeof completeSignIn>>;
