import { type ReactNode, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button } from '@/components/ui/Button';
import { issueCardParts } from '@/components/ui/IssueCard';
import { ISSUE_COVER_HEIGHT, ISSUE_COVER_WIDTH } from '@/components/ui/card-sizes';
import { coverMarkup } from '@/components/ui/card-markup';
import { useIdlePagedList } from '@/components/ui/useIdlePagedList';
import type { PageOf } from '@/hooks/usePagedList';
import { useOnNearViewport } from '@/hooks/useNearViewport';
import { useScrollRestore } from '@/hooks/useScrollRestore';
import type { IssueTile } from '@/lib/wire';
import { innerHtml } from '@/lib/html';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

/** Covers in the first rows load at once; the rest as they come near. */
const PRIORITY_COVERS = 6;

export interface TileGridProps {
  /** Names the list for screen readers, e.g. 'Most Popular titles'. */
  label: string;
  first: PageOf<IssueTile>;
  loadPage(page: number): Promise<PageOf<IssueTile>>;
  emptyText: string;
  /** A control over a card's cover (the favourite toggle), rendered beside the card's link, never inside it. */
  cardOverlay?(tile: IssueTile): ReactNode;
}

/**
 * A grid of covers that grows a page at a time: the next page loads as the end of the grid comes within 200px of
 * the viewport, and a 'Load more' button does the same from the keyboard or where there is no IntersectionObserver.
 * The scroll position is saved on a click and restored on coming back.
 */
export function TileGrid({ label, first, loadPage, emptyText, cardOverlay }: TileGridProps) {
  // The server drew the first page; the paging part (and SWR) loads when the browser is idle after the page is shown.
  const { list, pager } = useIdlePagedList({ first, firstPage: 1, loadPage });
  const containerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  useScrollRestore(containerRef, list);
  useOnNearViewport(sentinelRef, () => void list.loadMore(), { enabled: list.hasMore && !list.loading && !list.error, watchKey: list.items.length });

  if (list.items.length === 0) return <Empty>{emptyText}</Empty>;

  return (
    <div ref={containerRef}>
      {pager}
      <Grid aria-label={label}>
        {list.items.map((tile, index) => (
          <GridCard key={`${tile.editionId}-${tile.browserLinkUrl}`} tile={tile} priority={index < PRIORITY_COVERS} overlay={cardOverlay?.(tile)} />
        ))}
        {list.loading
          ? Array.from({ length: 4 }, (_, index) => (
              <li key={`loading-${index}`} aria-hidden="true">
                <Placeholder />
              </li>
            ))
          : null}
      </Grid>
      <Footer ref={sentinelRef}>
        <p role="status" className={list.loading ? undefined : 'visually-hidden'}>
          {list.loading ? 'Loading more titles…' : `Showing ${list.items.length} titles`}
        </p>
        {list.error ? <ErrorText role="alert">We couldn’t load more titles. Please try again.</ErrorText> : null}
        {list.hasMore && !list.loading ? (
          <Button type="button" $variant="secondary" onClick={() => void list.loadMore()}>
            {list.error ? 'Try again' : 'Load more'}
          </Button>
        ) : null}
      </Footer>
    </div>
  );
}

/**
 * IssueCard's look for a grid cell: plain elements styled from the grid, the cover's inside written as text
 * (components/ui/card-markup.ts), and a plain link navigated by the frame's one listener, so a page of covers costs
 * one styled component and no next/link per cover (the listings are the busiest pages). An overlay comes after the
 * link, not inside it, and places itself over the cover.
 */
function GridCard({ tile, priority, overlay }: { tile: IssueTile; priority: boolean; overlay?: ReactNode }) {
  return (
    <li>
      <a href={tile.browserLinkUrl} className="cover" dangerouslySetInnerHTML={innerHtml(coverMarkup(tile, COVER_SIZE, priority))} />
      {overlay}
      <p className="name" title={tile.name}>
        {tile.name}
      </p>
    </li>
  );
}

const COVER_SIZE = { width: ISSUE_COVER_WIDTH, height: ISSUE_COVER_HEIGHT };

// Static rules (tokens read directly): styled-components builds them once per page, not once per cover.
const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: ${theme.spacing.xl} ${theme.spacing.lg};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.up('md')} {
    grid-template-columns: repeat(auto-fill, minmax(${ISSUE_COVER_WIDTH}px, 1fr));
  }

  > li {
    position: relative;
    display: flex;
    flex-direction: column;
    gap: ${theme.spacing.xs};
    min-width: 0;
  }

  ${issueCardParts}

  .cover > img:first-child {
    aspect-ratio: ${ISSUE_COVER_WIDTH} / ${ISSUE_COVER_HEIGHT};
  }
`;

const shimmer = keyframes`
  from { opacity: 1; }
  to { opacity: 0.5; }
`;

const Placeholder = styled.div`
  width: 100%;
  aspect-ratio: ${ISSUE_COVER_WIDTH} / ${ISSUE_COVER_HEIGHT};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.skeleton};
  animation: ${shimmer} 0.9s ease-in-out infinite alternate;

  ${media.reducedMotion} {
    animation: none;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.spacing.sm};
  padding: ${theme.spacing.xl} 0;
`;

const ErrorText = styled.p`
  color: ${theme.colors.danger};
`;

const Empty = styled.p`
  padding: ${theme.spacing.xl} 0;
  color: ${theme.colors.muted};
`;
