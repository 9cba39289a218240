import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import Head from 'next/head';
import { SearchScreen } from '@/components/search/SearchScreen';
import { COOKIE } from '@/lib/cookies';
import { MAX_SEARCH_LENGTH, parseTab, searchPageUrl, searchPlaceholder } from '@/lib/search';
import { discoverIssue, searchPageResult, type DiscoverIssue, type SearchPageResult } from '@/lib/search-results';
import { redirectTo, withPage } from '@/server/context';
import { searchIssues, searchMagazines, searchStories } from '@/server/search';
import { countSearchRun } from '@/server/usage/reading';
import { siteLayout } from '@/components/shell/siteLayout';

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const getServerSideProps = withPage({ access: 'member' }, async (page, ctx) => {
  const query = (single(ctx.query.q) ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const tab = parseTab(single(ctx.query.tab));
  const rawIssue = single(ctx.query.issueId);
  const issueId = rawIssue === undefined ? null : /^[1-9]\d{0,9}$/.test(rawIssue) ? Number(rawIssue) : NaN;
  // An address that is not a search (an unknown tab, a broken issue id) goes to the one that is.
  if (tab === null || Number.isNaN(issueId)) return redirectTo(searchPageUrl(query, tab ?? 0));

  const viewer = await page.viewer();
  const cookies = ctx.req.cookies;
  const ageRating = page.requestedAgeRating ?? null;
  const scope = { viewer, query, ageRating: ageRating ?? undefined };
  let initial: SearchPageResult | null = null;
  let issue: DiscoverIssue | null = null;
  if (query && issueId !== null) {
    const found = await searchIssues({ ...scope, includeGold: true, issueId, page: 0 });
    issue = found.hits[0] ? discoverIssue(found.hits[0]) : null;
  } else if (query) {
    initial =
      tab === 1
        ? searchPageResult({ stories: await searchStories({ ...scope, page: 0 }) }, viewer.base)
        : await Promise.all([searchMagazines({ ...scope, page: 0, includeGold: true }), searchIssues({ ...scope, includeGold: true, page: 0 })]).then(
            ([magazines, issues]) => searchPageResult({ magazines, issues }, viewer.base),
          );
  }
  // The page's first results are one search (Searches_Platform); the client asks only for the pages after it.
  if (query) void countSearchRun(page.session);
  return {
    props: {
      shell: await page.shell(),
      query,
      tab,
      issueId,
      initial,
      issue,
      libraryId: viewer.libraryId,
      base: viewer.base,
      ageRating,
      placeholder: searchPlaceholder({ isNewspaper: cookies[COOKIE.isNewspaper], isJournal: cookies[COOKIE.isJournal] }),
    },
  };
}) satisfies GetServerSideProps;

export default function SearchPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return (
    <>
      <Head>
        <title>{props.query ? `${props.query} – Search – Library Reader` : 'Search – Library Reader'}</title>
      </Head>
      {/* A new search (a link, not typing) starts afresh. */}
      <SearchScreen key={`${props.query}|${props.tab}|${props.issueId}`} {...props} />
    </>
  );
}

SearchPage.getLayout = siteLayout;
