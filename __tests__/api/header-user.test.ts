import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { users } from '@/server/db/schema';
import { pageSession } from '@/server/context';
import { findHeaderUser, updateUser } from '@/server/user/queries';
import { call, startTestApp, type TestApp } from './helpers/app';
import { createUser, tokenFor } from './helpers/factories';

let app: TestApp;
const testEnv = process.env.NODE_ENV;
beforeAll(async () => {
  app = await startTestApp();
  // The header rows are kept only outside tests; this file looks at that keeping itself.
  Object.assign(process.env, { NODE_ENV: 'production' });
});
afterAll(async () => {
  Object.assign(process.env, { NODE_ENV: testEnv });
  await app.close();
});

describe('the header’s member row (server/user/queries findHeaderUser)', () => {
  it('is kept between pages, and a change made through updateUser shows at once', async () => {
    const user = await createUser(app.db, { firstName: 'Ada', lastName: 'Lovelace' });
    expect((await findHeaderUser(user.id))?.firstName).toBe('Ada');

    // Another process changing the row is seen only when the kept row ends (a few seconds).
    await app.db.update(users).set({ firstName: 'Elsewhere' }).where(eq(users.id, user.id));
    expect((await findHeaderUser(user.id))?.firstName).toBe('Ada');

    // This process's own change (name, password) is seen on the next page.
    await updateUser(user.id, { firstName: 'Augusta', passwordHash: 'set' });
    const row = await findHeaderUser(user.id);
    expect(row?.firstName).toBe('Augusta');
    expect(row?.passwordHash).toBe('set');
  });

  it('is the row a session carries: validateuser and the pages answer from it, and the member’s own change shows on the next call', async () => {
    const user = await createUser(app.db, { firstName: 'Ada' });
    const token = await tokenFor(user, 0, null);
    const validate = async () => (await call<{ fname: string }>(app, '/api/user/validateuser', { token, body: {} })).body.fname;
    const page = async () => (await pageSession({ req: { cookies: { session: token } } } as unknown as GetServerSidePropsContext))?.user?.firstName;
    expect(await validate()).toBe('Ada');

    // The session check read the row; the call does not read it again (another process's change shows within the kept time).
    await app.db.update(users).set({ firstName: 'Elsewhere' }).where(eq(users.id, user.id));
    expect(await validate()).toBe('Ada');
    expect(await page()).toBe('Ada');

    // The member's own change, through the API, shows at once on the next call and page.
    const saved = await call(app, '/api/user/updateProfile', { token, body: { fname: 'Augusta', lname: 'King' } });
    expect(saved.status).toBe(200);
    expect(await validate()).toBe('Augusta');
    expect(await page()).toBe('Augusta');
  });

  it('is one per process: a change made through another bundle’s copy of the code shows at once', async () => {
    // Next.js bundles API routes and pages apart, each with its own copy of a module: the API renames, the page reads.
    const user = await createUser(app.db, { firstName: 'Grace' });
    expect((await findHeaderUser(user.id))?.firstName).toBe('Grace');
    let apiCopy!: { updateUser: typeof updateUser; closeDb: () => Promise<void> };
    jest.isolateModules(() => {
      apiCopy = { ...jest.requireActual('@/server/user/queries'), ...jest.requireActual('@/server/db/client') };
    });
    expect(apiCopy.updateUser).not.toBe(updateUser);
    await apiCopy.updateUser(user.id, { firstName: 'Hopper' });
    await apiCopy.closeDb();
    expect((await findHeaderUser(user.id))?.firstName).toBe('Hopper');
  });

  it('answers null for a member who does not exist', async () => {
    expect(await findHeaderUser(987654321)).toBeNull();
  });
});
