import { eq, inArray } from 'drizzle-orm';
import { invalidate } from '../cache';
import type { Database } from '../db/client';
import { bookmarks, clippings, markChanges, memberships, oneTimeCodes, partnerLinks, readerCodes, storyReads, supportRequests, users } from '../db/schema';

export type AccountRef = { email: string } | { mobile: string } | { id: number };

/** What an operator typed: an email address, a user id, or else a mobile number. */
export function accountRef(arg: string): AccountRef {
  const value = arg.trim();
  if (value.includes('@')) return { email: value };
  if (/^\d{1,9}$/.test(value)) return { id: Number(value) };
  return { mobile: value };
}

export interface DeletedAccount {
  userId: number;
  /** Rows removed with the account, by table (favourites, reading places, identities and payments go with the user row). */
  removed: Record<string, number>;
}

/**
 * Deletes a member's account and everything tied to it, in one transaction, as the privacy policy promises when a
 * member asks: memberships, reading history, bookmarks and clippings, reader codes, sign-in codes and partner links for their addresses, and
 * (by cascade) favourites, reading places, SSO identities and payments. Help requests they sent stay until their
 * own retention ends but no longer point at the account. Every session of the account ends with it. Null when there
 * is no such account.
 */
export async function deleteAccount(
  db: Database,
  ref: AccountRef,
  options: {
    /** Runs in the deleting transaction before anything is removed (the console checks its reach and writes its audit row). */
    within?: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], user: typeof users.$inferSelect) => Promise<void>;
  } = {},
): Promise<DeletedAccount | null> {
  const where = 'id' in ref ? eq(users.id, ref.id) : 'email' in ref ? eq(users.email, ref.email.trim().toLowerCase()) : eq(users.mobile, ref.mobile.trim());
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(where).limit(1);
    if (!user) return null;
    if (options.within) await options.within(tx, user);
    const removed: Record<string, number> = {};
    const count = async (name: string, rows: Promise<unknown[]>) => {
      removed[name] = (await rows).length;
    };
    await count('memberships', tx.delete(memberships).where(eq(memberships.userId, user.id)).returning({ id: memberships.userId }));
    await count('story_reads', tx.delete(storyReads).where(eq(storyReads.userId, user.id)).returning({ id: storyReads.id }));
    // Bookmarks and clippings are private like reading (a shared clipping's link stops opening with them).
    await count('bookmarks', tx.delete(bookmarks).where(eq(bookmarks.userId, user.id)).returning({ id: bookmarks.id }));
    await count('clippings', tx.delete(clippings).where(eq(clippings.userId, user.id)).returning({ id: clippings.id }));
    await tx.delete(markChanges).where(eq(markChanges.userId, user.id));
    await count('reader_codes', tx.delete(readerCodes).where(eq(readerCodes.userId, user.id)).returning({ id: readerCodes.id }));
    const addresses = [user.email, user.mobile].filter((value): value is string => Boolean(value));
    if (addresses.length) {
      await count('one_time_codes', tx.delete(oneTimeCodes).where(inArray(oneTimeCodes.target, addresses)).returning({ id: oneTimeCodes.id }));
    }
    if (user.email) await count('partner_links', tx.delete(partnerLinks).where(eq(partnerLinks.email, user.email)).returning({ id: partnerLinks.id }));
    await count(
      'support_requests (detached)',
      tx.update(supportRequests).set({ userId: null }).where(eq(supportRequests.userId, user.id)).returning({ id: supportRequests.id }),
    );
    await tx.delete(users).where(eq(users.id, user.id));
    return { userId: user.id, removed };
  });
  if (result) await invalidate('member', result.userId);
  return result;
}
