import { lazy, Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { useMemberId } from '@/hooks/useMemberId';
import type { IssueTile } from '@/lib/entities';
import { theme } from '@/styles/theme';

// Loaded once a member is known: a visitor never loads the toggle, and its code stays out of a listing's first load.
const FavouriteButton = lazy(() => import('./FavouriteButton').then((module) => ({ default: module.FavouriteButton })));

export interface CardFavouriteProps {
  mid: number;
  magazineName: string;
}

/**
 * The favourite toggle of a magazine card (SPEC §4), over the top-left corner of the cover. The card renders it
 * beside its link, never inside (a button in a link is invalid), and is `position: relative` itself. Nothing
 * shows on the server, while the page hydrates, or for a visitor who is not signed in.
 */
export function CardFavourite({ mid, magazineName }: CardFavouriteProps) {
  const uid = useMemberId();
  if (!uid) return null;
  return (
    <Slot>
      <Suspense fallback={null}>
        <FavouriteButton mid={mid} magazineName={magazineName} variant="icon" refetchOnMount={false} />
      </Suspense>
    </Slot>
  );
}

/** The toggle for a card's tile when the tile stands for a magazine (it carries the magazine's id), else nothing. */
export function favouriteForCard(tile: IssueTile): ReactNode {
  return tile.mid === undefined ? null : <CardFavourite mid={tile.mid} magazineName={tile.name} />;
}

const Slot = styled.div`
  position: absolute;
  top: ${theme.spacing.xs};
  left: ${theme.spacing.xs};
  display: flex;
  line-height: 0;
`;
