import Link from 'next/link';
import { lazy, Suspense, useRef, useState } from 'react';
import styled from 'styled-components';
import { FavouriteButton } from '@/components/magazine/FavouriteButton';
import { issueCardMarkup } from '@/components/ui/card-markup';
import { issueCardRules } from '@/components/ui/IssueCard';
import { html, innerHtml } from '@/lib/html';
import type { IssueTile } from '@/lib/wire';
import { useIdleImport } from '@/hooks/useIdleImport';
import { ONE_PAGE, useScrollRestore } from '@/hooks/useScrollRestore';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { DashboardLayout } from './DashboardLayout';
import type { FavouritesRead } from './MyFavoritesReader';

export interface FavouriteTile {
  mid: number;
  /** The magazine's latest issue, as SPEC §3 Issue tile. */
  tile: IssueTile;
  issueName: string;
}

export interface MyFavoritesScreenProps {
  favourites: FavouriteTile[];
  /** Popular magazines the member does not follow yet, offered below the favourites. */
  suggestions: FavouriteTile[];
  showPassword: boolean;
}

// The part that reads the list through SWR loads when the browser is idle after the page is shown (the server's list
// is the first paint), so SWR is not part of the page's first load.
const loadReader = () => import('./MyFavoritesReader');
const MyFavoritesReader = lazy(() => loadReader().then((module) => ({ default: module.MyFavoritesReader })));

function Grid({ items, label }: { items: FavouriteTile[]; label: string }) {
  return (
    <Tiles aria-label={label}>
      {items.map((item) => (
        <li key={item.mid}>
          {/* The card and its latest issue as text (card-markup), styled from the list; the toggle is a component. */}
          <div className="entry" dangerouslySetInnerHTML={innerHtml(html`${issueCardMarkup(item.tile)}<p class="latest">Latest: ${item.issueName}</p>`)} />
          <FavouriteButton mid={item.mid} magazineName={item.tile.name} />
        </li>
      ))}
    </Tiles>
  );
}

/** /dashboard/myFavorites: the favourite magazines with their latest issue; the list follows each toggle. */
export function MyFavoritesScreen({ favourites, suggestions, showPassword }: MyFavoritesScreenProps) {
  // The server's list is the reader's fallback: no second read on arrival (a toggle reads it again).
  const ready = useIdleImport(loadReader);
  const [read, setRead] = useState<FavouritesRead>({ ids: null, error: false });
  const serverIds = favourites.map((item) => item.mid);
  // Until the browser knows who is signed in and has read the list, the server's list is the list.
  const current = read.ids ?? serverIds;
  const byId = new Map([...suggestions, ...favourites].map((item) => [item.mid, item]));
  const shown = current.map((mid) => byId.get(mid)).filter((item): item is FavouriteTile => Boolean(item));
  // A favourite just removed stays on the page, below, so it can be added back.
  const others = [...favourites, ...suggestions].filter((item, i, all) => !current.includes(item.mid) && all.findIndex((other) => other.mid === item.mid) === i);
  // Back from a magazine: where the list was left (SPEC §4); the whole list comes with the page.
  const listsRef = useRef<HTMLDivElement>(null);
  useScrollRestore(listsRef, ONE_PAGE);

  return (
    <DashboardLayout title="My Favorites" current="/dashboard/myFavorites" showPassword={showPassword}>
      {ready ? (
        <Suspense fallback={null}>
          <MyFavoritesReader serverIds={serverIds} onChange={setRead} />
        </Suspense>
      ) : null}
      {read.error ? <Note role="status">We could not refresh your favourites just now; this is the list as it was.</Note> : null}
      <div ref={listsRef}>
        <section aria-labelledby="favourites-title">
          <h2 id="favourites-title">Your favourite magazines</h2>
          {shown.length > 0 ? (
            <Grid items={shown} label="Your favourite magazines" />
          ) : (
            <Note>
              No favourites yet. Press the heart on a magazine to keep it here, with its latest issue. <Link href="/magazines/BS/en">Browse magazines</Link>
            </Note>
          )}
        </section>
        {others.length > 0 ? (
          <section aria-labelledby="suggestions-title">
            <h2 id="suggestions-title">More magazines to follow</h2>
            <Grid items={others} label="More magazines to follow" />
          </section>
        ) : null}
      </div>
    </DashboardLayout>
  );
}

const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${theme.spacing.xl} ${theme.spacing.lg};
  margin: ${theme.spacing.lg} 0 ${theme.spacing.xxl};
  padding: 0;
  list-style: none;

  li,
  .entry {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: ${theme.spacing.xs};
  }

  .issue-card {
    ${issueCardRules}
  }

  .latest {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.xs};
  }

  ${media.up('md')} {
    grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  }
`;

const Note = styled.p`
  color: ${theme.colors.muted};
`;
