import { lazy, Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { useMemberId } from '@/hooks/useMemberId';
import type { IssueTile } from '@/lib/entities';
import { theme } from '@/styles/theme';

// Loaded once a member is known: a visitor never loads the toggle, and its code stays out of a listing's first load.
const FavouriteToggle = lazy(() => import('./FavouriteToggle').then((module) => ({ default: module.FavouriteToggle })));

export interface CardFavouriteProps {
  mid: number;
  magazineName: string;
}

/**
 * The favourite toggle of a magazine card (SPEC §4), over the bottom-right corner of the cover, where a masthead
 * never is. The card renders it beside its link, never inside (a button in a link is invalid), right after the
 * cover in its flex column. Nothing shows on the server, while the page hydrates, or for a visitor who is not
 * signed in.
 */
export function CardFavourite({ mid, magazineName }: CardFavouriteProps) {
  const uid = useMemberId();
  if (!uid) return null;
  return (
    <Slot>
      <Suspense fallback={null}>
        <FavouriteToggle mid={mid} magazineName={magazineName} variant="icon" refetchOnMount={false} />
      </Suspense>
    </Slot>
  );
}

/** The toggle for a card's tile when the tile stands for a magazine (it carries the magazine's id), else nothing. */
export function favouriteForCard(tile: IssueTile): ReactNode {
  return tile.mid === undefined ? null : <CardFavourite mid={tile.mid} magazineName={tile.name} />;
}

// Pulled up over the cover by its own height and the card's gap, so the name below stays where it was (the
// height is fixed, so the name does not move while the toggle's code loads).
const Slot = styled.div`
  position: relative;
  align-self: flex-end;
  display: flex;
  height: ${theme.sizes.tapTarget};
  margin-top: calc(-1 * (${theme.sizes.tapTarget} + ${theme.spacing.xs}));
  line-height: 0;
`;
