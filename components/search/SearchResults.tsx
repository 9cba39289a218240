import { type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useOnNearViewport } from '@/hooks/useNearViewport';
import { SCROLL_BOTTOM_THRESHOLD_PX } from '@/lib/constants';
import { innerHtml } from '@/lib/html';
import { SEARCH_TABS, searchPageUrl, type SearchTab } from '@/lib/search';
import type { SearchState } from '@/hooks/useSearchRequest';
import { discoverIssue, type DiscoverIssue } from '@/lib/search-results';
import { theme } from '@/styles/theme';
import type { SearchOptions } from '@/services/search-keys';
import { DiscoverTile } from './DiscoverTile';
import { markRules } from './Highlight';
import { magazineRowMarkup, storyRowMarkup } from './result-markup';

export interface SearchResultsProps {
  state: SearchState;
  onTab(tab: SearchTab): void;
  onMore(): void;
  /** The overlay shows a few discover tiles and a 'Discover more' link; /search shows them all. */
  variant: 'overlay' | 'page';
  options?: SearchOptions;
  /** The element the results scroll in (the overlay's body); without it, the page. */
  scrollRoot?: RefObject<Element | null>;
}

/**
 * Results for the text typed: the Magazines / Stories tabs, their lists, and the states between. The lists' end within
 * the scroll-to-bottom threshold (SPEC §9, 100px) of the bottom of what scrolls loads the next page; 'Show more
 * results' does the same from the keyboard or where there is no IntersectionObserver.
 */
export function SearchResults({ state, onTab, onMore, variant, options, scrollRoot }: SearchResultsProps) {
  const baseId = useId();
  const endRef = useRef<HTMLDivElement>(null);
  const resultCount = state.magazines.length + state.stories.length;
  useOnNearViewport(endRef, onMore, {
    enabled: Boolean(state.query) && !state.loading && !state.done,
    marginPx: SCROLL_BOTTOM_THRESHOLD_PX,
    watchKey: resultCount,
    root: scrollRoot,
  });
  const tabId = (tab: SearchTab) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;
  const hasItems = state.tab === 0 ? state.magazines.length + state.discover.length > 0 : state.stories.length > 0;

  // Arrow keys move between the tabs, as a tab list should.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: SearchTab = state.tab === 0 ? 1 : 0;
    onTab(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <Results>
      <Tabs role="tablist" aria-label="Search in">
        {SEARCH_TABS.map(({ tab, label }) => (
          <Tab
            key={tab}
            id={tabId(tab)}
            type="button"
            role="tab"
            aria-selected={state.tab === tab}
            aria-controls={panelId}
            tabIndex={state.tab === tab ? 0 : -1}
            onClick={() => onTab(tab)}
            onKeyDown={onTabKey}
          >
            {label}
          </Tab>
        ))}
      </Tabs>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(state.tab)} aria-busy={state.loading}>
        {state.noResults ? (
          <Empty role="status">No results found for {state.query}</Empty>
        ) : state.tab === 0 ? (
          <>
            {state.discover.length > 0 ? (
              <DiscoverSection query={state.query} first={state.discover} total={state.discoverTotal} variant={variant} options={options} />
            ) : null}
            {state.magazines.length > 0 ? (
              <section aria-labelledby={`${baseId}-magazines`}>
                <SectionTitle id={`${baseId}-magazines`}>Magazines</SectionTitle>
                <ResultList>
                  {state.magazines.map((result) => (
                    <li key={result.key} dangerouslySetInnerHTML={innerHtml(magazineRowMarkup(result))} />
                  ))}
                </ResultList>
              </section>
            ) : null}
          </>
        ) : (
          <ResultList aria-label="Stories">
            {state.stories.map((story) => (
              <li key={story.tile.key} dangerouslySetInnerHTML={innerHtml(storyRowMarkup(story))} />
            ))}
          </ResultList>
        )}
        <div ref={endRef} aria-hidden="true" />
        {state.loading ? (
          <Status role="status" aria-live="polite">
            Searching…
          </Status>
        ) : null}
        {!state.loading && !state.done && hasItems ? (
          <MoreButton type="button" onClick={onMore}>
            Show more results
          </MoreButton>
        ) : null}
      </div>
    </Results>
  );
}

/**
 * Issues whose printed pages hold the words. The overlay shows the first few and leads to /search for the rest
 * ('Discover more'); /search shows them all, a page of issues at a time.
 */
function DiscoverSection({ query, first, total, variant, options }: { query: string; first: DiscoverIssue[]; total: number; variant: 'overlay' | 'page'; options?: SearchOptions }) {
  const headingId = useId();
  const [more, setMore] = useState<{ issues: DiscoverIssue[]; page: number; done: boolean; loading: boolean }>({ issues: [], page: 0, done: false, loading: false });
  const issues = [...first, ...more.issues];
  const loadMoreIssues = async () => {
    setMore((m) => ({ ...m, loading: true }));
    const next = more.page + 1;
    // The search calls load with the first search the page itself makes (the first page came with it).
    const { searchIssues } = await import('@/services/search');
    const found = await searchIssues(query, { ...options, page: next });
    const added = found.hits.map(discoverIssue);
    setMore((m) => ({ issues: [...m.issues, ...added], page: next, done: added.length === 0, loading: false }));
  };
  return (
    <section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>Found inside issues</SectionTitle>
      <DiscoverList>
        {issues.map((issue) => (
          <li key={issue.issueId}>
            <DiscoverTile issue={issue} moreHref={searchPageUrl(query, 0, issue.issueId)} headingLevel={3} words={query} />
          </li>
        ))}
      </DiscoverList>
      {variant === 'overlay' ? (
        <DiscoverMore href={searchPageUrl(query, 0)}>Discover more{total > 0 ? ` (${total} issues)` : ''}</DiscoverMore>
      ) : !more.done && issues.length < total ? (
        <MoreButton type="button" onClick={() => void loadMoreIssues()} disabled={more.loading}>
          {more.loading ? 'Loading issues…' : 'More issues'}
        </MoreButton>
      ) : null}
    </section>
  );
}

const Results = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};
`;

const Tabs = styled.div`
  display: inline-flex;
  align-self: flex-start;
  padding: ${theme.spacing.xxs};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.pill};
`;

const Tab = styled.button`
  min-height: 40px;
  padding: 0 ${theme.spacing.lg};
  border: 0;
  border-radius: ${theme.radii.pill};
  background: transparent;
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.medium};

  &[aria-selected='true'] {
    background: ${theme.colors.brand};
    color: ${theme.colors.onBrand};
  }
`;

const SectionTitle = styled.h2`
  margin: ${theme.spacing.md} 0;
  font-size: ${theme.fontSizes.lg};
`;

const ResultList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  .row-link {
    display: flex;
    align-items: center;
    gap: ${theme.spacing.md};
    min-height: ${theme.sizes.tapTarget};
    padding: ${theme.spacing.xs};
    border-radius: ${theme.radii.md};
    color: ${theme.colors.text};
    text-decoration: none;

    &:hover {
      background: ${theme.colors.surfaceHover};
    }
  }

  .story-item {
    display: flex;
    gap: ${theme.spacing.md};
    padding: ${theme.spacing.xs};
  }

  .thumb {
    flex: 0 0 auto;
    height: auto;
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.skeleton};
    object-fit: cover;
  }

  .row-text {
    display: flex;
    flex-direction: column;
    gap: ${theme.spacing.xxs};
    min-width: 0;
  }

  .row-title {
    font-weight: ${theme.fontWeights.medium};
    overflow-wrap: anywhere;
  }

  .story-title {
    font-size: ${theme.fontSizes.md};
    overflow-wrap: anywhere;

    a {
      color: ${theme.colors.text};
      text-decoration: none;
    }

    a:hover {
      text-decoration: underline;
    }
  }

  .snippet {
    /* The service keeps paragraph breaks as line breaks. */
    white-space: pre-line;
    font-size: ${theme.fontSizes.sm};
    line-height: ${theme.lineHeights.normal};
    overflow-wrap: anywhere;
  }

  .muted {
    display: inline-flex;
    align-items: center;
    gap: ${theme.spacing.xs};
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
  }

  ${markRules}
`;

const DiscoverList = styled(ResultList)`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr));
  gap: ${theme.spacing.md};
`;

const Empty = styled.p`
  padding: ${theme.spacing.xl} 0;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.lg};
  overflow-wrap: anywhere;
`;

const Status = styled.p`
  padding: ${theme.spacing.md} 0;
  color: ${theme.colors.muted};
`;

const MoreButton = styled.button`
  align-self: center;
  min-height: ${theme.sizes.tapTarget};
  margin-top: ${theme.spacing.md};
  padding: 0 ${theme.spacing.xl};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
`;

const DiscoverMore = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${theme.sizes.tapTarget};
  margin-top: ${theme.spacing.sm};
  color: ${theme.colors.brand};
  font-weight: ${theme.fontWeights.bold};
`;
