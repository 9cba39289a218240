import Link from 'next/link';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/styles/theme';
import { GoldBadge } from './GoldBadge';
import { LazyImage } from './LazyImage';
import type { IssueTile } from './types';

export type { IssueTile } from './types';

export const ISSUE_COVER_WIDTH = 150;
export const ISSUE_COVER_HEIGHT = 195;

export interface IssueCardProps {
  tile: IssueTile;
  /** Cover size in px; the box is reserved before the image loads so nothing shifts. */
  width?: number;
  height?: number;
  /** For covers in the first screenful: load eagerly and early. */
  priority?: boolean;
  /** A plain anchor, for screens that navigate their links with one listener (hooks/useDelegatedLinks). */
  plainLink?: boolean;
  /** A control over the cover (the favourite toggle), rendered after the link rather than inside it. */
  overlay?: ReactNode;
}

/** A magazine or newspaper issue: its cover as a link, the gold badge over it when marked, its name below. */
export function IssueCard({ tile, width = ISSUE_COVER_WIDTH, height = ISSUE_COVER_HEIGHT, priority = false, plainLink = false, overlay }: IssueCardProps) {
  const badgeLabel = tile.floatingImgAltText || 'Gold';
  return (
    <Card $width={width}>
      <CoverLink as={plainLink ? 'a' : undefined} href={tile.browserLinkUrl}>
        <Cover src={tile.imageSrc} srcSet={tile.imageSrcSet} width={width} height={height} alt={tile.name} priority={priority} />
        {tile.showFloatingIcon ? (
          <BadgeSlot>
            {tile.floatingImgSrc ? (
              // eslint-disable-next-line @next/next/no-img-element -- a tiny icon from the catalogue
              <img src={tile.floatingImgSrc} alt={badgeLabel} width={24} height={24} decoding="async" />
            ) : (
              <GoldBadge size="small" label={badgeLabel} />
            )}
          </BadgeSlot>
        ) : null}
      </CoverLink>
      {overlay}
      <Name title={tile.name}>{tile.name}</Name>
    </Card>
  );
}

// Styles read the theme tokens directly, so each rule is static and styled-components builds it once for all
// the cards of a page rather than once per card; the width is a class per width, not a style attribute (the CSP
// allows no inline style).
const Card = styled.div<{ $width: number }>`
  position: relative;
  width: ${({ $width }) => $width}px;
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  max-width: 100%;
`;

const CoverLink = styled(Link)`
  position: relative;
  display: block;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAlt};
  box-shadow: ${theme.shadows.sm};
  transition: box-shadow ${theme.transitions.fast};

  &:hover {
    box-shadow: ${theme.shadows.md};
  }
`;

const Cover = styled(LazyImage)`
  display: block;
  width: 100%;
  height: auto;
  border-radius: inherit;
  object-fit: cover;
`;

const BadgeSlot = styled.span`
  position: absolute;
  top: ${theme.spacing.xs};
  right: ${theme.spacing.xs};
  display: inline-flex;
  line-height: 0;
`;

const Name = styled.p`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  overflow: hidden;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  line-height: ${theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;
