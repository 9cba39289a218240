import Link from 'next/link';
import styled from 'styled-components';
import { GoldBadge } from './GoldBadge';
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
}

/** A magazine or newspaper issue: its cover as a link, the gold badge over it when marked, its name below. */
export function IssueCard({ tile, width = ISSUE_COVER_WIDTH, height = ISSUE_COVER_HEIGHT, priority = false }: IssueCardProps) {
  const badgeLabel = tile.floatingImgAltText || 'Gold';
  return (
    <Card $width={width}>
      <CoverLink href={tile.browserLinkUrl}>
        <Cover
          src={tile.imageSrc}
          srcSet={tile.imageSrcSet || undefined}
          width={width}
          height={height}
          alt={tile.name}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
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
      <Name title={tile.name}>{tile.name}</Name>
    </Card>
  );
}

const Card = styled.div<{ $width: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  width: ${({ $width }) => $width}px;
  max-width: 100%;
`;

const CoverLink = styled(Link)`
  position: relative;
  display: block;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition: box-shadow ${({ theme }) => theme.transitions.fast};

  &:hover {
    box-shadow: ${({ theme }) => theme.shadows.md};
  }
`;

const Cover = styled.img`
  display: block;
  width: 100%;
  height: auto;
  border-radius: inherit;
  object-fit: cover;
`;

const BadgeSlot = styled.span`
  position: absolute;
  top: ${({ theme }) => theme.spacing.xs};
  right: ${({ theme }) => theme.spacing.xs};
  display: inline-flex;
  line-height: 0;
`;

const Name = styled.p`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;
