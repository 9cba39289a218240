// First: it sets MEDIA_DIR before server/config reads it.
// eslint-disable-next-line import/order
import { TEST_MEDIA_DIR, addPages } from './helpers/reader-factories';
import { and, eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { bookmarks, clippings, issuePages, issues, libraries, libraryStaff, markChanges, memberships } from '@/server/db/schema';
import { accountRef, deleteAccount } from '@/server/user/delete-account';
import { clippingText } from '@/server/user/clipping-text';
import { call, startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createUser, inDays, tokenFor } from './helpers/factories';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

type Cast = Awaited<ReturnType<typeof cast>>;

/** Two members and a guest of library A, its staff, a member of library B, and an issue of three pages both see. */
async function cast() {
  const libraryA = await createLibrary(app.db);
  const libraryB = await createLibrary(app.db);
  const category = await createCategory(app.db, { name: `Marks ${libraryA.id}` });
  const { issue } = await createMagazine(app.db, { categoryId: category.id, ageRating: 3 });
  await addPages(app.db, issue.id, 3);
  const person = async (libraryId: number, values: { userType?: string } = {}) => {
    const user = await createUser(app.db, values);
    await addMembership(app.db, user.id, libraryId, inDays(30));
    return { user, token: await tokenFor(user, libraryId, inDays(30), { guest: values.userType === 'guest' }) };
  };
  const staffUser = await createUser(app.db);
  await app.db.insert(libraryStaff).values({ userId: staffUser.id, libraryId: libraryA.id });
  return {
    libraryA,
    category,
    issue,
    owner: await person(libraryA.id),
    neighbour: await person(libraryA.id),
    guest: await person(libraryA.id, { userType: 'guest' }),
    elsewhere: await person(libraryB.id),
    staff: { user: staffUser, token: await tokenFor(staffUser, 0, null) },
  };
}

const luds = async (token: string) => {
  const res = await call<{ bk_lud: string; clip_lud: string }>(app, '/api/user/validateuser', { token, body: {} });
  expect(res.status).toBe(200);
  return { bk: res.body.bk_lud, clip: res.body.clip_lud };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

async function image(path: string, token?: string) {
  const response = await fetch(`${app.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

async function clip(c: Cast, body: Record<string, unknown> = {}) {
  const res = await call<{ clipping: { id: number; imageUrl: string; text: string; textScope: string } }>(app, '/api/user/clippings', {
    token: c.owner.token,
    body: { issue: c.issue.id, page: 2, name: 'Harbour lights', region: { x: 0.1, y: 0.2, width: 0.5, height: 0.25 }, ...body },
  });
  expect(res.status).toBe(200);
  return res.body.clipping;
}

describe('bookmarks', () => {
  it('a member bookmarks, renames and deletes a page; bk_lud moves with each change', async () => {
    const c = await cast();
    expect(TEST_MEDIA_DIR).toBeTruthy();
    expect((await luds(c.owner.token)).bk).toBe('');
    const added = await call<{ bookmark: { id: number; name: string; pageNo: number; magName: string; available: boolean } }>(app, '/api/user/bookmarks', {
      token: c.owner.token,
      body: { issue: c.issue.id, page: 3 },
    });
    expect(added.status).toBe(200);
    expect(added.body.bookmark).toMatchObject({ name: 'Page 3', pageNo: 3, available: true, magName: expect.stringMatching(/^Magazine /) });
    const afterAdd = (await luds(c.owner.token)).bk;
    expect(new Date(afterAdd).toISOString()).toBe(afterAdd);
    // sign-in's library verification carries it too
    const verify = await call<{ bk_lud: string }>(app, '/api/user/verifyLibrary', { token: c.owner.token, body: {} });
    expect(verify.body.bk_lud).toBe(afterAdd);

    const { id } = added.body.bookmark;
    await tick();
    const renamed = await call(app, `/api/user/bookmarks/${id}`, { method: 'PUT', token: c.owner.token, body: { name: 'The lighthouse map' } });
    expect(renamed.body).toMatchObject({ status: 'success', name: 'The lighthouse map' });
    const afterRename = (await luds(c.owner.token)).bk;
    expect(afterRename > afterAdd).toBe(true);
    const list = await call<{ bookmarks: Array<{ id: number; name: string }> }>(app, `/api/user/bookmarks?issue=${c.issue.id}`, { token: c.owner.token });
    expect(list.body.bookmarks.map((b) => [b.id, b.name])).toEqual([[id, 'The lighthouse map']]);

    await tick();
    expect((await call(app, `/api/user/bookmarks/${id}`, { method: 'DELETE', token: c.owner.token })).status).toBe(200);
    expect((await luds(c.owner.token)).bk > afterRename).toBe(true);
    expect((await call<{ bookmarks: unknown[] }>(app, '/api/user/bookmarks', { token: c.owner.token })).body.bookmarks).toEqual([]);
    // clippings did not change
    expect((await luds(c.owner.token)).clip).toBe('');
  });

  it('belongs to its member: another member, the library’s staff and a guest get 404 and never see it', async () => {
    const c = await cast();
    const added = await call<{ bookmark: { id: number } }>(app, '/api/user/bookmarks', { token: c.owner.token, body: { issue: c.issue.id, page: 1, name: 'Mine' } });
    const { id } = added.body.bookmark;
    for (const other of [c.neighbour, c.staff, c.guest, c.elsewhere]) {
      const rename = await call(app, `/api/user/bookmarks/${id}`, { method: 'PUT', token: other.token, body: { name: 'Taken' } });
      expect(rename.status).toBe(404);
      expect(rename.body).toMatchObject({ message: 'Bookmark not found', field: 'id' });
      expect((await call(app, `/api/user/bookmarks/${id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
      expect((await call<{ bookmarks: unknown[] }>(app, '/api/user/bookmarks', { token: other.token })).body.bookmarks).toEqual([]);
    }
    const [row] = await app.db.select().from(bookmarks).where(eq(bookmarks.id, id));
    expect(row.name).toBe('Mine');
  });

  it('answers 401 without a session and 400 naming the field for bad input; an issue the member cannot see is 404', async () => {
    const c = await cast();
    expect((await call(app, '/api/user/bookmarks')).status).toBe(401);
    expect((await call(app, '/api/user/bookmarks', { body: { issue: c.issue.id, page: 1 } })).status).toBe(401);
    const cases: Array<[unknown, string]> = [
      [{ issue: c.issue.id, page: 'three' }, 'page'],
      [{ page: 1 }, 'issue'],
      [{ issue: c.issue.id, page: 1, name: '   ' }, 'name'],
      [{ issue: c.issue.id, page: 4 }, 'page'],
    ];
    for (const [body, field] of cases) {
      const res = await call(app, '/api/user/bookmarks', { token: c.owner.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field });
    }
    const badId = await call(app, '/api/user/bookmarks/abc', { method: 'DELETE', token: c.owner.token });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ field: 'id' });
    // Library B does not license what library A hides: here, the issue's category is excluded for B's member.
    await app.db.update(libraries).set({ excludeCat: c.category.name }).where(eq(libraries.id, c.libraryA.id));
    const hidden = await call(app, '/api/user/bookmarks', { token: c.owner.token, body: { issue: c.issue.id, page: 1 } });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ field: 'issue' });
  });
});

describe('bk_lud and clip_lud in the sign-in answers (read with the member’s libraries, in one query)', () => {
  it('a guest’s sign-in, validate-user, the access check and library verification carry the same times; each library once, longest first', async () => {
    const library = await createLibrary(app.db);
    const uniqId = `guest-marks-${library.id}`;
    const signIn = () => call<{ status: number; uid: number; jwtoken: string; bk_lud: string; clip_lud: string; userlibdet: Array<{ libId: number }> }>(app, '/api/user/loginAsGuest', { body: { uniqId, os: 'web', libid: library.id } });
    const first = await signIn();
    expect(first.body).toMatchObject({ status: 1, bk_lud: '', clip_lud: '' });
    const token = first.body.jwtoken;
    // A second, shorter membership: the sign-in still lists each library once, the longest first.
    const other = await createLibrary(app.db);
    await addMembership(app.db, first.body.uid, other.id, inDays(2));
    const category = await createCategory(app.db, { name: `Sign-in marks ${library.id}` });
    const { issue } = await createMagazine(app.db, { categoryId: category.id, ageRating: 3 });
    await addPages(app.db, issue.id, 2);
    expect((await call(app, '/api/user/bookmarks', { token, body: { issue: issue.id, page: 2 } })).status).toBe(200);
    await tick();
    expect((await call(app, '/api/user/clippings', { token, body: { issue: issue.id, page: 1, region: { x: 0, y: 0, width: 0.5, height: 0.5 } } })).status).toBe(200);

    const again = await signIn();
    const [row] = await app.db.select().from(markChanges).where(eq(markChanges.userId, first.body.uid));
    expect(again.body.bk_lud).toBe(row.bookmarksChangedAt!.toISOString());
    expect(again.body.clip_lud).toBe(row.clippingsChangedAt!.toISOString());
    expect(again.body.clip_lud > again.body.bk_lud).toBe(true);
    expect(again.body.userlibdet.map((entry) => entry.libId)).toEqual([library.id, other.id]);
    expect(await luds(again.body.jwtoken)).toEqual({ bk: again.body.bk_lud, clip: again.body.clip_lud });
    const check = await call<{ info: { bk_lud: string; clip_lud: string } }>(app, '/api/user/libraryAccessCheck', { token: again.body.jwtoken });
    expect(check.body.info).toMatchObject({ bk_lud: again.body.bk_lud, clip_lud: again.body.clip_lud });
    const verify = await call<{ bk_lud: string; libList: unknown[] }>(app, '/api/user/verifyLibrary', { token: again.body.jwtoken, body: {} });
    expect(verify.body.bk_lud).toBe(again.body.bk_lud);
    expect(verify.body.libList).toHaveLength(2);
  });

  it('a member with no library yet still gets their times', async () => {
    const c = await cast();
    await call(app, '/api/user/bookmarks', { token: c.neighbour.token, body: { issue: c.issue.id, page: 1 } });
    const { bk } = await luds(c.neighbour.token);
    expect(bk).not.toBe('');
    await app.db.delete(memberships).where(eq(memberships.userId, c.neighbour.user.id));
    const res = await call<{ bk_lud: string; clip_lud: string; userlibdet: unknown[] }>(app, '/api/user/validateuser', { token: c.neighbour.token, body: {} });
    expect(res.body).toMatchObject({ bk_lud: bk, clip_lud: '', userlibdet: [] });
  });
});

describe('clippings', () => {
  it('clips a region: the picture is that region of the page image, the text is the page’s, clip_lud moves', async () => {
    const c = await cast();
    expect((await luds(c.owner.token)).clip).toBe('');
    const clipping = await clip(c);
    // The text is the words inside the region, from the page's text layer: this region holds none of them.
    expect(clipping).toMatchObject({ textScope: 'region', text: '' });
    const heading = await clip(c, { region: { x: 0, y: 0.06, width: 0.5, height: 0.06 } });
    expect(heading).toMatchObject({ textScope: 'region', text: 'Heading of page 2' });
    expect((await luds(c.owner.token)).clip).not.toBe('');
    const picture = await image(clipping.imageUrl, c.owner.token);
    expect(picture.status).toBe(200);
    expect(picture.type).toBe('image/jpeg');
    // The 2x page image is 1200x1560: half its width and a quarter of its height.
    expect(await sharp(picture.bytes).metadata()).toMatchObject({ width: 600, height: 390 });
    // Its pixels are the page's own at that place (JPEG re-encoding aside), not those of another part of the page.
    const pagePath = `${TEST_MEDIA_DIR}/pages/${c.issue.id}/2/view/2.jpg`;
    const grey = (input: Sharp) => input.greyscale().raw().toBuffer();
    const cut = await grey(sharp(picture.bytes));
    const distance = async (left: number, top: number) => {
      const there = await grey(sharp(pagePath).extract({ left, top, width: 600, height: 390 }));
      let sum = 0;
      for (let i = 0; i < cut.length; i += 1) sum += Math.abs(cut[i] - there[i]);
      return sum / cut.length;
    };
    const same = await distance(120, 312);
    expect(same).toBeLessThan(3);
    expect(await distance(120, 0)).toBeGreaterThan(same * 3);

    for (const other of [c.neighbour, c.staff, c.guest]) {
      expect((await image(clipping.imageUrl, other.token)).status).toBe(404);
      expect((await call(app, `/api/user/clippings/${clipping.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
      expect((await call(app, `/api/user/clippings/${clipping.id}/share`, { token: other.token, body: {} })).status).toBe(404);
    }
    expect((await image(clipping.imageUrl)).status).toBe(401);
  });

  it('refuses a region off the page, naming the field', async () => {
    const c = await cast();
    const cases: Array<[Record<string, number>, string]> = [
      [{ x: 0.6, y: 0, width: 0.5, height: 0.2 }, 'region.width'],
      [{ x: 0, y: 0.9, width: 0.5, height: 0.2 }, 'region.height'],
      [{ x: -0.1, y: 0, width: 0.5, height: 0.2 }, 'region.x'],
      [{ x: 0, y: 0, width: 0, height: 0.2 }, 'region.width'],
    ];
    for (const [region, field] of cases) {
      const res = await call(app, '/api/user/clippings', { token: c.owner.token, body: { issue: c.issue.id, page: 1, region } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field });
    }
    const beyond = await call(app, '/api/user/clippings', { token: c.owner.token, body: { issue: c.issue.id, page: 4, region: { x: 0, y: 0, width: 0.5, height: 0.5 } } });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ field: 'page', message: 'page: this issue has no page 4' });
  });

  it('takes an imported page’s words from its stored layer, and an imported page without one keeps its whole text', async () => {
    const c = await cast();
    await app.db.update(issues).set({ sourceFile: 'imported.pdf' }).where(eq(issues.id, c.issue.id));
    // Page 1: a stored layer of two lines, one in the region's top half; page 2: none (imported before layers).
    await app.db
      .update(issuePages)
      .set({ textLayer: [{ text: 'Harbour lights at dusk', x: 30, y: 40, w: 300, h: 20, size: 20 }, { text: 'Far below the cliff', x: 30, y: 600, w: 300, h: 20, size: 20 }] })
      .where(and(eq(issuePages.issueId, c.issue.id), eq(issuePages.pageNo, 1)));
    const region = { x: 0, y: 0, width: 1, height: 0.5 };
    const layered = await clip(c, { page: 1, region });
    expect(layered).toMatchObject({ textScope: 'region', text: 'Harbour lights at dusk' });
    const plain = await clip(c, { page: 2, region });
    expect(plain).toMatchObject({ textScope: 'page', text: 'Heading of page 2\n\nThe body of page 2 tells of harbours and lighthouses.' });
  });

  it('a shared clipping opens for a member of the same library, not for one of another, staff, or once the issue is hidden', async () => {
    const c = await cast();
    const clipping = await clip(c, { region: { x: 0, y: 0.12, width: 1, height: 0.06 } });
    const shared = await call<{ shareUrl: string }>(app, `/api/user/clippings/${clipping.id}/share`, { token: c.owner.token, body: {} });
    expect(shared.status).toBe(200);
    const token = shared.body.shareUrl.replace('/clipping/', '');
    // Sharing again keeps the link already sent.
    expect((await call<{ shareUrl: string }>(app, `/api/user/clippings/${clipping.id}/share`, { token: c.owner.token, body: {} })).body.shareUrl).toBe(shared.body.shareUrl);

    const opened = await call<{ clipping: { name: string; text: string } }>(app, `/api/user/sharedClipping/${token}`, { token: c.neighbour.token });
    expect(opened.status).toBe(200);
    expect(opened.body.clipping).toMatchObject({ name: 'Harbour lights', text: expect.stringContaining('harbours') });
    expect((await image(`/api/user/sharedClipping/${token}/image`, c.neighbour.token)).status).toBe(200);

    for (const other of [c.elsewhere, c.staff]) {
      const res = await call(app, `/api/user/sharedClipping/${token}`, { token: other.token });
      expect(res.status).toBe(404);
      expect((await image(`/api/user/sharedClipping/${token}/image`, other.token)).status).toBe(404);
    }
    expect((await call(app, `/api/user/sharedClipping/${token}`)).status).toBe(401);
    expect((await call(app, '/api/user/sharedClipping/not-a-token', { token: c.neighbour.token })).body).toMatchObject({ field: 'token' });

    // The reader's rule decides: once the library hides the issue's category, the link no longer opens.
    await app.db.update(libraries).set({ excludeCat: c.category.name }).where(eq(libraries.id, c.libraryA.id));
    expect((await call(app, `/api/user/sharedClipping/${token}`, { token: c.neighbour.token })).status).toBe(404);
    const own = await call<{ clippings: Array<{ available: boolean; text: string | null; imageUrl: string | null }> }>(app, '/api/user/clippings', { token: c.owner.token });
    expect(own.body.clippings).toEqual([expect.objectContaining({ available: false, text: null, imageUrl: null })]);
  });

  it('deleting the account removes the member’s bookmarks, clippings and their change times; a shared link stops opening', async () => {
    const c = await cast();
    await call(app, '/api/user/bookmarks', { token: c.owner.token, body: { issue: c.issue.id, page: 1 } });
    const clipping = await clip(c);
    const shared = await call<{ shareUrl: string }>(app, `/api/user/clippings/${clipping.id}/share`, { token: c.owner.token, body: {} });
    await call(app, '/api/user/bookmarks', { token: c.neighbour.token, body: { issue: c.issue.id, page: 1 } });

    const deleted = await deleteAccount(app.db, accountRef(String(c.owner.user.id)));
    expect(deleted?.removed).toMatchObject({ bookmarks: 1, clippings: 1 });
    for (const table of [bookmarks, clippings, markChanges]) {
      expect(await app.db.select().from(table).where(eq(table.userId, c.owner.user.id))).toEqual([]);
    }
    expect(await app.db.select().from(bookmarks).where(eq(bookmarks.userId, c.neighbour.user.id))).toHaveLength(1);
    expect((await call(app, `/api/user/sharedClipping/${shared.body.shareUrl.replace('/clipping/', '')}`, { token: c.neighbour.token })).status).toBe(404);
  });
});

describe('a clipping’s text (server/user/clipping-text.ts)', () => {
  const words = [
    { text: 'Left', box: { x: 0.1, y: 0.1, width: 0.1, height: 0.02 } },
    { text: 'column', box: { x: 0.22, y: 0.1, width: 0.15, height: 0.02 } },
    { text: 'Right', box: { x: 0.6, y: 0.1, width: 0.1, height: 0.02 } },
    { text: 'below', box: { x: 0.1, y: 0.13, width: 0.12, height: 0.02 } },
  ];

  it('keeps the words whose centre lies in the region, a line break where a line starts', () => {
    expect(clippingText({ x: 0, y: 0, width: 0.5, height: 0.5 }, { words, plainText: 'ignored' })).toEqual({ text: 'Left column\nbelow', scope: 'region' });
    expect(clippingText({ x: 0.5, y: 0, width: 0.5, height: 0.5 }, { words, plainText: 'ignored' })).toEqual({ text: 'Right', scope: 'region' });
  });

  it('without word boxes, keeps the page’s whole text and says so', () => {
    expect(clippingText({ x: 0, y: 0, width: 0.5, height: 0.5 }, { words: null, plainText: ' All of it \n' })).toEqual({ text: 'All of it', scope: 'page' });
  });
});
