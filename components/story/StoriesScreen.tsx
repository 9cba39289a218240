import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { storyCardMarkup } from '@/components/ui/card-markup';
import { storyCardRules } from '@/components/ui/StoryCard';
import { useIdlePagedList } from '@/components/ui/useIdlePagedList';
import { useIdleImport } from '@/hooks/useIdleImport';
import { useOnNearViewport } from '@/hooks/useNearViewport';
import { useScrollRestore } from '@/hooks/useScrollRestore';
import type { CategoryRow, StoryTile } from '@/lib/wire';
import { SCROLL_BOTTOM_THRESHOLD_PX } from '@/lib/constants';
import { innerHtml } from '@/lib/html';
import { fixedStoryCategoryHref, type StoryListKind } from '@/lib/story-paths';
import { storyTile } from '@/lib/story-tiles';
import { articleKeys, getStoryList } from '@/services/article';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import type { StoryCategoriesRead } from './StoryCategoriesReader';
import { StoryCategoryNav, type FixedStoryLink } from './StoryCategoryNav';
import { StoryListSkeleton } from './StoryListSkeleton';

// The part that reads the categories through SWR (and marks favourites) loads when the browser is idle after the
// page is shown (the server's categories are the first paint), so SWR is not part of the page's first load.
const loadReader = () => import('./StoryCategoriesReader');
const StoryCategoriesReader = lazy(() => loadReader().then((module) => ({ default: module.StoryCategoriesReader })));

// Made once: toLocaleString builds an ICU formatter on every call (0.13 ms each here), on every render of the list.
const STORY_COUNT = new Intl.NumberFormat('en');

export interface StoriesScreenProps {
  title: string;
  /** One line under the title, e.g. what For You is made of. */
  intro: string;
  list: StoryListKind;
  /** The age rating the lists are asked for (the server narrows it to the library's). */
  ageRating: number;
  /** The first page, rendered by the server. */
  first: StoryTile[];
  nbPages: number;
  nbHits: number;
  fixed: FixedStoryLink[];
  /** The story categories, favourites first, as the server read them. */
  categories: CategoryRow[];
  currentHref: string;
}

/**
 * A story list (SPEC §2): the categories, story cards, and the next pages loaded as the reader scrolls. The scroll
 * position is saved on a click and restored on coming back (SPEC §4), with the pages that were loaded.
 */
export function StoriesScreen({ title, intro, list, ageRating, first, nbPages, nbHits, fixed, categories: serverCategories, currentHref }: StoriesScreenProps) {
  const ready = useIdleImport(loadReader, serverCategories.length > 0);
  // A favourite toggled before the reading part is here waits for it.
  const [request, setRequest] = useState<CategoryRow | null>(null);
  const [read, setRead] = useState<StoryCategoriesRead | null>(null);
  const categories = read?.categories ?? serverCategories;
  const toggleFavourite = read?.toggleFavourite ?? ((category: CategoryRow) => setRequest((current) => current ?? category));
  // The server rendered page 0 as tiles; the pages after it come from the article service (zero-based on the wire),
  // through the paging part, loaded when the browser is idle.
  const { list: pages, pager } = useIdlePagedList({
    first: { items: [], nbPages },
    firstPage: 0,
    keyOf: (page) => articleKeys.list(list, page, ageRating),
    loadPage: (page) => getStoryList(articleKeys.list(list, page, ageRating)).then((answer) => ({ items: answer.Articles, nbPages: answer.nbPages })),
  });
  const more = useMemo(() => {
    // A story published while the reader scrolls shifts the pages by one: show each story once.
    const shown = new Set(first.map((tile) => tile.key));
    const tiles: StoryTile[] = [];
    for (const story of pages.items) {
      if (shown.has(String(story.artid))) continue;
      shown.add(String(story.artid));
      tiles.push(storyTile(story));
    }
    return tiles;
  }, [first, pages.items]);
  // The list's end within the scroll-to-bottom threshold (SPEC §9, 100px) of the viewport loads the next page.
  const sentinel = useRef<HTMLDivElement>(null);
  useOnNearViewport(sentinel, () => void pages.loadMore(), { enabled: pages.hasMore && !pages.error, marginPx: SCROLL_BOTTOM_THRESHOLD_PX });
  const stories = [...first, ...more];
  const pageRef = useRef<HTMLDivElement>(null);
  useScrollRestore(pageRef, pages);

  return (
    <Page ref={pageRef}>
      {ready || request ? (
        <Suspense fallback={null}>
          <StoryCategoriesReader serverCategories={serverCategories} request={request} onChange={setRead} />
        </Suspense>
      ) : null}
      {pager}
      <Heading>
        <h1>{title}</h1>
        <Intro>
          {intro}
          {nbHits > 0 ? ` ${STORY_COUNT.format(nbHits)} ${nbHits === 1 ? 'story' : 'stories'}.` : ''}
        </Intro>
      </Heading>
      <StoryCategoryNav
        fixed={fixed}
        categories={categories}
        currentHref={currentHref}
        failed={read?.failed ?? null}
        onToggleFavourite={(category) => void toggleFavourite(category)}
      />
      {stories.length === 0 ? (
        <Empty>
          <p>There are no stories here yet.</p>
          <p>
            <a href={fixedStoryCategoryHref('cover')}>Read the cover stories</a> instead.
          </p>
        </Empty>
      ) : (
        <List aria-label={title}>
          {/* Each card written as text (card-markup) in its own item, so a next page adds items and leaves these be. */}
          {stories.map((story, index) => (
            <li key={story.key} dangerouslySetInnerHTML={innerHtml(storyCardMarkup(story, 2, index < 4))} />
          ))}
        </List>
      )}
      <Footer ref={sentinel}>
        {pages.loading ? <StoryListSkeleton count={3} /> : null}
        <p role="status" className={pages.loading ? 'visually-hidden' : undefined}>
          {pages.loading ? 'Loading more stories…' : pages.error ? 'We couldn’t load more stories.' : ''}
        </p>
        {pages.error ? (
          <Button type="button" $variant="secondary" onClick={() => void pages.loadMore()}>
            Try again
          </Button>
        ) : pages.hasMore && !pages.loading ? (
          <Button type="button" $variant="secondary" onClick={() => void pages.loadMore()}>
            Load more stories
          </Button>
        ) : !pages.hasMore && stories.length > 0 && nbPages > 1 ? (
          <End>You’ve reached the end of this list.</End>
        ) : null}
      </Footer>
    </Page>
  );
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};
  width: 100%;
  max-width: 960px;
  margin: 0 auto;
  padding: ${theme.spacing.lg} 0 ${theme.spacing.xxl};
`;

const Heading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  padding: 0 ${theme.spacing.lg};

  & > h1 {
    font-size: ${theme.fontSizes.xxl};
    overflow-wrap: anywhere;
  }
`;

const Intro = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${theme.spacing.sm};
  margin: 0;
  padding: 0 ${theme.spacing.sm};
  list-style: none;

  ${media.up('lg')} {
    grid-template-columns: 1fr 1fr;
    column-gap: ${theme.spacing.xl};
  }

  .story-card {
    ${storyCardRules}
  }
`;

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.spacing.md};
  padding: 0 ${theme.spacing.lg};

  & > div {
    align-self: stretch;
  }
`;

const Empty = styled.div`
  padding: ${theme.spacing.xl} ${theme.spacing.lg};
  color: ${theme.colors.muted};
`;

const End = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;
