import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useMemberId } from '@/hooks/useMemberId';
import type { IssueTile } from '@/lib/wire';
import { favouriteSlotRules } from '@/components/ui/IssueCard';

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

/**
 * The toggles of magazine cards written as text (card-markup's issueCardMarkup, in Slider's `items`): once a member
 * is known, a toggle is drawn into each card's slot under the element given `holder` as its ref, as CardFavourite
 * draws one beside IssueCard's link. Nothing is drawn on the server, while the page hydrates, or for a visitor.
 * `cards` is what the markup was written from (kept the same object while it is the same): the slots are found again
 * when it changes, once the new markup is in the page.
 */
export function useFavouriteSlots(cards: unknown): [holder: (element: HTMLElement | null) => void, toggles: ReactNode] {
  const uid = useMemberId();
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  // Called with the holder once its markup is in the page, and again when the member or the cards change.
  const holder = useCallback(
    (element: HTMLElement | null) => {
      const found = uid && element ? Array.from(element.querySelectorAll<HTMLElement>('[data-favourite-mid]')) : [];
      setSlots((known) => (known.length === found.length && known.every((slot, index) => slot === found[index]) ? known : found));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cards are why the slots are looked for again
    [uid, cards],
  );
  const toggles = slots.map((slot, index) =>
    createPortal(
      <Suspense fallback={null}>
        <FavouriteToggle mid={Number(slot.dataset.favouriteMid)} magazineName={slot.dataset.favouriteName ?? ''} variant="icon" refetchOnMount={false} />
      </Suspense>,
      slot,
      `${index}:${slot.dataset.favouriteMid}`,
    ),
  );
  return [holder, toggles];
}

const Slot = styled.div`
  ${favouriteSlotRules}
`;
