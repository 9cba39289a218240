import type { GetServerSidePropsContext } from 'next';
import { SESSION_COOKIE } from '@/lib/cookies';
import { pageSession } from '@/server/context';
import { shellProps } from '@/server/context';
import { startTestApp, type TestApp } from './helpers/app';
import { addMembership, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function shellFor(token: string | null) {
  const req = { cookies: token ? { [SESSION_COOKIE]: token } : {}, headers: {} } as unknown as GetServerSidePropsContext['req'];
  return shellProps(await pageSession({ req } as GetServerSidePropsContext));
}

async function memberOf(flags: { isNewspaper: number; isJournal: number }) {
  const library = await createLibrary(app.db, flags);
  const user = await createUser(app.db);
  await addMembership(app.db, user.id, library.id, inDays(30));
  return tokenFor(user, library.id, inDays(30));
}

describe('the links the header offers come from the library row on the server (SPEC §6 isNewspaper, isJournal)', () => {
  it('offers newspapers and journals as the member’s library flags say', async () => {
    expect((await shellFor(await memberOf({ isNewspaper: 1, isJournal: 1 }))).offers).toEqual({ newspapers: true, journals: true });
    expect((await shellFor(await memberOf({ isNewspaper: 0, isJournal: 0 }))).offers).toEqual({ newspapers: false, journals: false });
    expect((await shellFor(await memberOf({ isNewspaper: 1, isJournal: 0 }))).offers).toEqual({ newspapers: true, journals: false });
  });

  it('offers neither to a user with no library, and both to a visitor (the gate sends them to /login)', async () => {
    const loner = await createUser(app.db);
    expect((await shellFor(await tokenFor(loner, 0, null))).offers).toEqual({ newspapers: false, journals: false });
    expect((await shellFor(null)).offers).toEqual({ newspapers: true, journals: true });
  });
});
