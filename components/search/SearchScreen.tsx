import { useRouter } from 'next/router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useIdlePagedList } from '@/components/ui/useIdlePagedList';
import { useIdleImport } from '@/hooks/useIdleImport';
import { useScrollRestore } from '@/hooks/useScrollRestore';
import { useSearchRequest } from '@/hooks/useSearchRequest';
import type { CatalogueBase } from '@/lib/catalogue-paths';
import { searchPageUrl, type SearchTab } from '@/lib/search';
import { isEmptyPage, NO_RESULTS, type DiscoverIssue, type SearchPageResult } from '@/lib/search-results';
import { recordEvent } from '@/hooks/record-event';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { DiscoverTile } from './DiscoverTile';
import { SearchField } from './SearchField';
import { SearchResults } from './SearchResults';

// The search home (popular titles, read through SWR) loads apart: the page shows it only while nothing is typed, and
// reads its titles in the browser anyway. With words searched, it loads when the browser is idle, for when they go.
const loadHome = () => import('./SearchHome');
const SearchHome = lazy(() => loadHome().then((module) => ({ default: module.SearchHome })));

export interface SearchScreenProps {
  query: string;
  tab: SearchTab;
  placeholder: string;
  libraryId: number;
  /** Where results link: the member's library's catalogue base. */
  base: CatalogueBase;
  ageRating: number | null;
  /** The first page of results, found on the server. */
  initial: SearchPageResult | null;
  /** With issueId: that issue with every page that matches (null when it has none). */
  issue: DiscoverIssue | null;
  issueId: number | null;
}

/** /search: the overlay's search as a page, its address following the text and the tab so it can be shared. */
export function SearchScreen({ query, tab, placeholder, libraryId, base, ageRating, initial, issue, issueId }: SearchScreenProps) {
  const router = useRouter();
  const options = { libraryId, base, ageRating: ageRating ?? undefined };
  // With an issue, the server searched that issue alone: the results wait for new text.
  const served = initial ?? NO_RESULTS;
  const search = useSearchRequest({ ...options, initial: { text: query, query, tab, served } });
  // The server's first page is the list until more is asked for; the paging part (and SWR) loads when the browser is
  // idle, or at once for words searched here.
  const { list, pager } = useIdlePagedList(search.pages);
  const { state, setText, setTab, loadMore, loadUntil, pagesLoaded } = search.withList(list);
  useIdleImport(loadHome, issueId === null);
  // Back from a result: the same words and tab come back with their pages, where they were left (SPEC §4).
  const pageRef = useRef<HTMLDivElement>(null);
  useScrollRestore(pageRef, { pagesLoaded, loadUntil }, { withQuery: true });

  // An empty first page found on the server is recorded as the client would record it.
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current || !initial || !isEmptyPage(initial, tab)) return;
    recorded.current = true;
    recordEvent('search_no_results', { query, tab });
  }, [initial, query, tab]);

  // The address follows what is searched (not every key typed), without asking the server again.
  const { query: searched, tab: shownTab, text } = state;
  useEffect(() => {
    if (issueId !== null || (!searched && text.trim())) return;
    const url = searchPageUrl(searched, shownTab);
    if (url !== router.asPath) void router.replace(url, undefined, { shallow: true, scroll: false });
  }, [searched, shownTab, text, issueId, router]);

  return (
    <Page ref={pageRef}>
      {pager}
      <Heading>Search</Heading>
      <SearchField value={state.text} onChange={setText} placeholder={placeholder} />
      {issueId !== null ? (
        <section aria-labelledby="search-issue-pages">
          <SubHeading id="search-issue-pages">
            {issue ? `Pages of ${issue.magName}, ${issue.issueName} with ${query}` : `No pages of this issue mention ${query}`}
          </SubHeading>
          {issue ? <DiscoverTile issue={issue} showAllPages headingLevel={3} words={query} /> : null}
          <BackLink href={searchPageUrl(query, 0)}>All results for {query}</BackLink>
        </section>
      ) : state.text.trim() ? (
        <SearchResults state={state} onTab={setTab} onMore={loadMore} variant="page" options={options} />
      ) : (
        <Suspense fallback={null}>
          <SearchHome libraryId={libraryId} base={base} />
        </Suspense>
      )}
    </Page>
  );
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};
  max-width: ${theme.sizes.contentMaxWidth};
  margin: 0 auto;
  padding: ${theme.spacing.lg} ${theme.spacing.md};

  ${media.up('md')} {
    padding: ${theme.spacing.xl};
  }
`;

const Heading = styled.h1`
  font-size: ${theme.fontSizes.xxl};
`;

const SubHeading = styled.h2`
  margin-bottom: ${theme.spacing.md};
  font-size: ${theme.fontSizes.lg};
  overflow-wrap: anywhere;
`;



const BackLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${theme.sizes.tapTarget};
  margin-top: ${theme.spacing.md};
  color: ${theme.colors.brand};
`;
