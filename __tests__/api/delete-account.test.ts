import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { favourites, memberships, readerCodes, readingProgress, storyReads, supportRequests, users } from '@/server/db/schema';
import { pageSession } from '@/server/context';
import { accountRef, deleteAccount } from '@/server/user/delete-account';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';
import { addFavouriteMagazine } from './helpers/story-factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await createCategory(app.db, { id: 21, name: 'Travel' });
});
afterAll(async () => {
  await app.close();
});

describe('deleting an account (npm run delete-account, privacy policy)', () => {
  it('removes the member with their membership, favourites, reading places and history, and ends their sessions', async () => {
    const library = await createLibrary(app.db);
    const { magazine, issue } = await createMagazine(app.db, { categoryId: 21, ageRating: 3 });
    const user = await createUser(app.db, { email: 'leaving@example.test' });
    const stays = await createUser(app.db, { email: 'staying@example.test' });
    for (const who of [user, stays]) {
      await addMembership(app.db, who.id, library.id, inDays(30));
      await addFavouriteMagazine(app.db, who.id, magazine.id);
      await app.db.insert(readingProgress).values({ userId: who.id, issueId: issue.id, page: 4 });
      await app.db.insert(storyReads).values({ userId: who.id, storyId: 1 });
    }
    await app.db.insert(readerCodes).values({ jti: 'code-1', userId: user.id, libraryId: library.id, issueId: issue.id, expiresAt: inDays(1) });
    const [request] = await app.db.insert(supportRequests).values({ email: user.email!, name: 'Leaving', message: 'Please delete me', userId: user.id }).returning();
    const token = await tokenFor(user, library.id, inDays(30));
    expect((await call(app, '/api/user/validateuser', { token, body: {} })).status).toBe(200);

    const deleted = await deleteAccount(app.db, accountRef(' Leaving@Example.test '));
    expect(deleted).toEqual({
      userId: user.id,
      removed: { memberships: 1, story_reads: 1, bookmarks: 0, clippings: 0, reader_codes: 1, one_time_codes: 0, partner_links: 0, 'support_requests (detached)': 1 },
    });

    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    for (const table of [memberships, favourites, readingProgress, storyReads, readerCodes]) {
      expect(await app.db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
      expect(await app.db.select().from(table).where(eq(table.userId, stays.id))).toHaveLength(table === readerCodes ? 0 : 1);
    }
    // The request stays for its own retention, no longer tied to an account.
    expect((await app.db.select().from(supportRequests).where(eq(supportRequests.id, request.id)))[0]).toMatchObject({ userId: null, email: 'leaving@example.test' });
    // Its token is no session for a page; the API answers as SPEC §8 says for an account that is gone.
    expect(await pageSession({ req: { cookies: { session: token } } } as unknown as GetServerSidePropsContext)).toBeNull();
    expect((await call(app, '/api/user/validateuser', { token, body: {} })).body).toMatchObject({ message: 'User not found' });
    const add = await call(app, '/api/user/addmy_fav', { token, body: { uid: user.id, mid: magazine.id } });
    expect(add.status).toBe(401);
    expect(await app.db.select().from(favourites).where(eq(favourites.userId, user.id))).toEqual([]);
  });

  it('answers null for an account that does not exist, and reads what an operator types', async () => {
    expect(await deleteAccount(app.db, { email: 'nobody@example.test' })).toBeNull();
    expect(accountRef('someone@example.test')).toEqual({ email: 'someone@example.test' });
    expect(accountRef(' 42 ')).toEqual({ id: 42 });
    expect(accountRef('+44 7700 900123')).toEqual({ mobile: '+44 7700 900123' });
  });
});
