import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createLibrary, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  const library = await createLibrary(app.db, { guestAccess: true });
  const user = await createUser(app.db, { email: `hostile-${Date.now()}@example.test` });
  await addMembership(app.db, user.id, library.id, inDays(30));
  token = await tokenFor(user, library.id, inDays(30));
});
afterAll(async () => {
  await app.close();
});

describe('a NUL byte, found answering 500 one parameter at a time (issue 17), is a 400 naming the field', () => {
  it.each([
    ['/api/catalogue/magazine-search?q=%00', 'q'],
    ['/api/catalogue/magazine-libaray?query=%00', 'query'],
    ['/api/catalogue/magazine-meta?magName=%00', 'magName'],
    ['/api/article/v1/article-by-url?url=%00', 'url'],
    ['/api/article/v1/article-search?query=a%00b', 'query'],
  ])('GET %s', async (path, field) => {
    const res = await call(app, path, { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, field, message: `${field}: must not contain control characters` });
  });

  it('POST validatecoupon with a NUL in the code', async () => {
    const res = await call(app, '/api/user/validatecoupon', { token, body: { coupon: 'RIVER\u0000SIDE' } });
    expect(res).toMatchObject({ status: 400, body: { status: 400, field: 'coupon', message: 'coupon: must not contain control characters' } });
  });
});

describe('other text no field takes', () => {
  it('refuses a control character in a path segment, naming the segment', async () => {
    const res = await call(app, '/api/catalogue/story-categories/%01/favourite', { token, method: 'PUT' });
    expect(res).toMatchObject({ status: 400, body: { status: 400, field: 'categoryId' } });
  });

  it('refuses half of a surrogate pair in a JSON body', async () => {
    const res = await call(app, '/api/user/validatecoupon', { token, body: '{"coupon":"\\ud800RIVERSIDE"}' });
    expect(res).toMatchObject({ status: 400, body: { status: 400, field: 'coupon', message: 'coupon: is not valid text' } });
  });

  it('refuses a control character in a key of a nested body, showing the key without it', async () => {
    const res = await call(app, '/api/user/validatecoupon', { token, body: { coupon: 'X', extra: { 'a\u0000b': 1 } } });
    expect(res).toMatchObject({ status: 400, body: { status: 400, field: 'extra.a?b' } });
  });

  it('lets a body hold new lines and tabs (a help message has several lines): the route decides', async () => {
    const res = await call(app, '/api/user/validatecoupon', { token, body: { coupon: 'NO\tSUCH\nCODE' } });
    expect(res.status).not.toBe(500);
    expect(res.body.message).not.toMatch(/control characters/);
  });

  it('refuses a new line in a query string', async () => {
    const res = await call(app, '/api/catalogue/magazine-search?q=a%0Ab', { token });
    expect(res).toMatchObject({ status: 400, body: { field: 'q' } });
  });
});

describe('numbers past PostgreSQL’s integer are a 400 naming the field', () => {
  it.each([
    ['/api/user/libraryAccessCheck?libid=99999999999999999999', 'libid'],
    ['/api/catalogue/magazine-filter?categoryID=9&storeID=99999999999', 'storeID'],
    ['/api/article/v1/article?storeID=99999999999', 'storeID'],
  ])('GET %s', async (path, field) => {
    const res = await call(app, path, { token });
    expect(res).toMatchObject({ status: 400, body: { status: 400, field } });
  });
});
