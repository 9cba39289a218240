import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { innerHtml } from '@/lib/html';
import { theme } from '@/styles/theme';
import type { IssueTile } from '@/lib/wire';
import { coverMarkup } from './card-markup';
import { type CardSize, cardSizeRules, ISSUE_CARD_SIZES } from './card-sizes';


export interface IssueCardProps {
  tile: IssueTile;
  /** The cover's size (ISSUE_CARD_SIZES); its box is reserved before the image loads so nothing shifts. */
  size?: CardSize;
  /** For covers in the first screenful: load eagerly and early. */
  priority?: boolean;
  /** A control over the cover (the favourite toggle), rendered after the link rather than inside it. */
  overlay?: ReactNode;
}

/**
 * A magazine or newspaper issue: its cover as a link, the gold badge over it when marked, its name below.
 * One styled component per card, and the cover's inside written as text (components/ui/card-markup.ts): the link
 * is a plain anchor the frame navigates (hooks/useDelegatedLinks) and the picture waits for the frame's observer
 * (hooks/useLazyPictures). A home page draws some fifty cards.
 */
export function IssueCard({ tile, size = 'regular', priority = false, overlay }: IssueCardProps) {
  return (
    <Card className={size === 'compact' ? 'compact' : undefined}>
      <a className="cover" href={tile.browserLinkUrl} dangerouslySetInnerHTML={innerHtml(coverMarkup(tile, ISSUE_CARD_SIZES[size], priority))} />
      {overlay}
      <p className="name" title={tile.name}>
        {tile.name}
      </p>
    </Card>
  );
}

/**
 * The look of an issue card's plain parts (`.cover` link, its picture, `.badge`, `.name`), for the element that
 * holds them: IssueCard's own box and TileGrid's cells. The picture's shape (`aspect-ratio`) is the holder's.
 */
export const issueCardParts = css`
  .cover {
    position: relative;
    display: block;
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceAlt};
    box-shadow: ${theme.shadows.sm};
    transition: box-shadow ${theme.transitions.fast};
  }

  .cover:hover {
    box-shadow: ${theme.shadows.md};
  }

  .cover > img:first-child {
    display: block;
    width: 100%;
    height: auto;
    border-radius: inherit;
    object-fit: cover;
  }

  .badge {
    position: absolute;
    top: ${theme.spacing.xs};
    right: ${theme.spacing.xs};
    display: inline-flex;
    line-height: 0;
  }

  .name {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    color: ${theme.colors.text};
    font-size: ${theme.fontSizes.sm};
    line-height: ${theme.lineHeights.tight};
    overflow-wrap: anywhere;
  }
`;

/**
 * The favourite toggle's place on a magazine card (SPEC §4): over the bottom-right corner of the cover, where a
 * masthead never is, pulled up by its own height and the card's gap so the name below stays where it was (the height
 * is fixed: nothing moves while the toggle's code loads, and an empty slot takes no room and no clicks).
 */
export const favouriteSlotRules = css`
  position: relative;
  align-self: flex-end;
  display: flex;
  height: ${theme.sizes.tapTarget};
  margin-top: calc(-1 * (${theme.sizes.tapTarget} + ${theme.spacing.xs}));
  line-height: 0;
`;

/**
 * An issue card's rules, for its element: IssueCard's own box, and `.issue-card` in a row written as text
 * (card-markup's issueCardMarkup), whose holder carries them once for all its cards. Styles read the theme tokens
 * directly and the sizes are classes (the CSP allows no inline style), so the rules are the same for every card.
 */
export const issueCardRules = css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  max-width: 100%;

  ${issueCardParts}

  .favourite-slot {
    ${favouriteSlotRules}
  }

  ${cardSizeRules(ISSUE_CARD_SIZES, '.cover > img:first-child')}
`;

const Card = styled.div`
  ${issueCardRules}
`;
