import type { GetServerSidePropsContext } from 'next';
import { ageRatingCookie, ratingsFor, VISITOR_SHELL, withPage } from '@/server/context';

function pageRequest(url: string, cookies: Record<string, string> = {}, query: Record<string, string> = {}) {
  const headers: Record<string, string> = {};
  return {
    req: { cookies, headers: {} },
    res: { statusCode: 200, setHeader: (k: string, v: string) => (headers[k] = v) },
    resolvedUrl: url,
    query,
    params: {},
  } as unknown as GetServerSidePropsContext;
}

const viewer = (libraryAgeRate: number) => ({ userId: 1, libraryId: 3001, flags: null, libraryAgeRate, collection: 'all' as const, base: '' as const });

describe('the request context of a page', () => {
  it('sends a visitor without a session from a member page to /login before loading anything (SPEC §4 rule 1)', async () => {
    const load = jest.fn();
    const result = await withPage({ access: 'member' }, load)(pageRequest('/magazines/BS/en'));
    expect(result).toEqual({ redirect: { destination: '/login', permanent: false } });
    expect(load).not.toHaveBeenCalled();
  });

  it('opens an open page to a visitor, with the signed-out header', async () => {
    const result = await withPage({ access: 'open' }, async (page) => ({ props: { signedIn: page.session !== null, shell: await page.shell() } }))(
      pageRequest('/faq'),
    );
    expect(result).toEqual({ props: { signedIn: false, shell: VISITOR_SHELL } });
  });

  it('answers 404 for an address holding a control character, before any query', async () => {
    const load = jest.fn();
    expect(await withPage({ access: 'open' }, load)(pageRequest('/login/email', {}, { e: 'a\u0000b' }))).toEqual({ notFound: true });
    expect(load).not.toHaveBeenCalled();
  });

  it('reads the age rating the client asked for from the ageRating cookie, in one place', () => {
    expect(ageRatingCookie({ ageRating: '5' })).toBe(5);
    expect(ageRatingCookie({ ageRating: '0' })).toBeUndefined();
    expect(ageRatingCookie({ ageRating: 'seven' })).toBeUndefined();
    expect(ageRatingCookie({})).toBeUndefined();
  });

  it('never rates wider than the library allows (SPEC §5)', () => {
    expect(ratingsFor(viewer(4), 7)).toEqual({ requested: 7, magazine: 4, story: 4 });
    expect(ratingsFor(viewer(0), undefined).requested).toBeUndefined();
  });
});
