import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createStory, createUser, inDays, tokenFor } from './helpers/factories';

type Category = { category_id: number; name: string; image: string; is_fav: number; cat_slug: string };
type Answer = { status: string; data: Category[] };

let app: TestApp;
const token = { member: '', other: '', school: '' };

beforeAll(async () => {
  app = await startTestApp();
  for (const [id, name] of [
    [21, 'Travel'],
    [22, 'Fashion'],
    [23, 'Food'],
    [24, 'No Stories Yet'],
    [52, 'Newspapers'],
    [127, 'Internal'],
  ] as const) {
    await createCategory(app.db, { id, name });
  }
  const library = await createLibrary(app.db, { isNewspaper: 1 });
  const school = await createLibrary(app.db, { isNewspaper: 0, excludeCat: 'Fashion' });
  const [a, b, c] = [await createUser(app.db), await createUser(app.db), await createUser(app.db)];
  await addMembership(app.db, a.id, library.id, inDays(30));
  await addMembership(app.db, b.id, library.id, inDays(30));
  await addMembership(app.db, c.id, school.id, inDays(30));
  token.member = await tokenFor(a, library.id, inDays(30));
  token.other = await tokenFor(b, library.id, inDays(30));
  token.school = await tokenFor(c, school.id, inDays(30));
  for (const categoryId of [21, 22, 23, 52, 127]) {
    const { magazine, issue } = await createMagazine(app.db, { categoryId });
    await createStory(app.db, { magazineId: magazine.id, issueId: issue.id, categoryId });
  }
});

afterAll(async () => {
  await app.close();
});

const names = (answer: Answer) => answer.data.map((c) => c.name);
const favourite = (categoryId: number, method: 'PUT' | 'DELETE', options: { token?: string } = { token: token.member }) =>
  call(app, `/api/catalogue/story-categories/${categoryId}/favourite`, { ...options, method });

describe('story categories (SPEC §7: sorted favourites first)', () => {
  it('lists the categories with stories that the reader’s library shows, as SPEC §3 Category', async () => {
    const res = await call<Answer>(app, '/api/catalogue/story-categories', { token: token.member });
    expect(names(res.body)).toEqual(['Travel', 'Fashion', 'Food', 'Newspapers']);
    expect(res.body.data[0]).toEqual({ category_id: 21, name: 'Travel', image: '', is_fav: 0, cat_slug: 'travel-21' });
    const school = await call<Answer>(app, '/api/catalogue/story-categories', { token: token.school });
    expect(names(school.body)).toEqual(['Travel', 'Food']);
  });

  it('puts a member’s favourites first, marked is_fav 1, for that member only; unmarking puts them back', async () => {
    expect((await favourite(23, 'PUT')).body).toEqual({ status: 'success', category_id: 23, is_fav: 1 });
    await favourite(23, 'PUT');
    await favourite(52, 'PUT');
    const mine = await call<Answer>(app, '/api/catalogue/story-categories', { token: token.member });
    expect(mine.body.data.map((c) => [c.name, c.is_fav])).toEqual([
      ['Food', 1],
      ['Newspapers', 1],
      ['Travel', 0],
      ['Fashion', 0],
    ]);
    const theirs = await call<Answer>(app, '/api/catalogue/story-categories', { token: token.other });
    expect(names(theirs.body)).toEqual(['Travel', 'Fashion', 'Food', 'Newspapers']);
    expect((await favourite(23, 'DELETE')).body).toEqual({ status: 'success', category_id: 23, is_fav: 0 });
    const after = await call<Answer>(app, '/api/catalogue/story-categories', { token: token.member });
    expect(names(after.body)).toEqual(['Newspapers', 'Travel', 'Fashion', 'Food']);
  });

  it('needs a signed-in member, and a category the member may see', async () => {
    expect((await favourite(21, 'PUT', {})).status).toBe(401);
    expect((await favourite(22, 'PUT', { token: token.school })).status).toBe(404);
    expect((await favourite(127, 'PUT')).status).toBe(404);
    expect((await favourite(0, 'PUT')).body).toMatchObject({ status: 400, field: 'categoryId' });
    const wrongMethod = await call(app, '/api/catalogue/story-categories/21/favourite', { token: token.member, method: 'POST', body: {} });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('PUT, DELETE');
  });
});
