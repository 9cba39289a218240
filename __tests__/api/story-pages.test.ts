import type { GetServerSidePropsContext } from 'next';
import { SESSION_COOKIE } from '@/lib/cookies';
import { getServerSideProps as storyAtPath } from '@/pages/stories/[...path]';
import { getServerSideProps as storyDetails } from '@/pages/stories/details';
import { startTestApp, type TestApp } from './helpers/app';
import { addMembership, createCategory, createLibrary, createMagazine, createStory, createUser, ensureLanguage, inDays, tokenFor } from './helpers/factories';

/**
 * The story pages' own getServerSideProps, without the middleware in front of them: SPEC §2 does not list story
 * pages among the open routes, so the page itself sends a visitor to /login (the middleware is a convenience).
 */
let app: TestApp;
const token = { member: '', expired: '', noLibrary: '' };
const BODY = Array.from({ length: 10 }, (_, i) => `Paragraph ${i + 1} of a story about the harbour and the people on it.`).join('\n\n');
let canonUrl = '';
let slug = '';

beforeAll(async () => {
  app = await startTestApp();
  await ensureLanguage(app.db, 'en', 'English');
  await createCategory(app.db, { id: 21, name: 'Travel' });
  const library = await createLibrary(app.db, { isNewspaper: 1, isJournal: 1 });
  const [member, expired, loner] = [await createUser(app.db), await createUser(app.db), await createUser(app.db)];
  await addMembership(app.db, member.id, library.id, inDays(30));
  await addMembership(app.db, expired.id, library.id, inDays(-1));
  token.member = await tokenFor(member, library.id, inDays(30));
  token.expired = await tokenFor(expired, library.id, inDays(-1));
  token.noLibrary = await tokenFor(loner, 0, null);
  const travel = await createMagazine(app.db, { id: 1, name: 'Wanderlust Weekly', categoryId: 21, ageRating: 3 });
  const story = await createStory(app.db, { magazineId: 1, issueId: travel.issue.id, categoryId: 21, title: 'Ten quiet islands', body: BODY });
  canonUrl = story.canonUrl;
  slug = story.slug;
});

afterAll(async () => {
  await app.close();
});

function context(resolvedUrl: string, session?: string): GetServerSidePropsContext {
  const url = new URL(resolvedUrl, 'http://site.test');
  const query = Object.fromEntries(url.searchParams);
  const segments = url.pathname.split('/').filter(Boolean).slice(1);
  const res = { statusCode: 200, setHeader: () => undefined, getHeader: () => undefined } as unknown as GetServerSidePropsContext['res'];
  const req = { cookies: session ? { [SESSION_COOKIE]: session } : {}, headers: {} } as unknown as GetServerSidePropsContext['req'];
  return { req, res, query, params: { path: segments }, resolvedUrl } as unknown as GetServerSidePropsContext;
}

const pages = () => [
  { name: '/stories/{canonical path}', load: storyAtPath, url: `/stories/${canonUrl}` },
  { name: '/stories/{slug}?lang=', load: storyAtPath, url: `/stories/${slug}?lang=hi` },
  { name: '/stories/details', load: storyDetails, url: `/stories/details?articleUrl=${encodeURIComponent(`/stories/${canonUrl}`)}` },
];

describe('story pages follow the gate (SPEC §2 open routes, §4 rules 1 to 3)', () => {
  it('send a visitor with no session, or a forged one, to /login', async () => {
    for (const page of pages()) {
      for (const session of [undefined, 'not-a-token', await tokenFor({ id: 1 }, 1, inDays(30), { secret: 'another-secret-that-is-long-enough-for-hs256' })]) {
        await expect(page.load(context(page.url, session))).resolves.toEqual({ redirect: { destination: '/login', permanent: false } });
      }
    }
  });

  it('send a user without a library to /validate-user?type=1 and an ended membership to type 2', async () => {
    for (const page of pages()) {
      await expect(page.load(context(page.url, token.noLibrary))).resolves.toEqual({ redirect: { destination: '/validate-user?type=1', permanent: false } });
      await expect(page.load(context(page.url, token.expired))).resolves.toEqual({ redirect: { destination: '/validate-user?type=2', permanent: false } });
    }
  });

  it('give a member the whole story', async () => {
    for (const page of pages()) {
      const result = (await page.load(context(page.url, token.member))) as { props: { story: { title: string; isPreview: boolean; paragraphs: string[] } } };
      expect(result.props.story).toMatchObject({ title: 'Ten quiet islands', isPreview: false });
      expect(result.props.story.paragraphs).toHaveLength(10);
    }
  });
});
