import Link from 'next/link';
import styled from 'styled-components';
import { srcSetFor } from './images';
import type { CategoryTileData } from './types';

export type { CategoryTileData } from './types';

export const CATEGORY_IMAGE_WIDTH = 150;
export const CATEGORY_IMAGE_HEIGHT = 150;

export interface CategoryTileProps extends CategoryTileData {
  width?: number;
  height?: number;
  priority?: boolean;
}

/** A category: its picture and name, one link. The picture is decorative; the name names the link. */
export function CategoryTile({
  name,
  imgPath,
  browserLinkUrl,
  width = CATEGORY_IMAGE_WIDTH,
  height = CATEGORY_IMAGE_HEIGHT,
  priority = false,
}: CategoryTileProps) {
  const { src, srcSet } = srcSetFor(imgPath);
  return (
    <TileLink href={browserLinkUrl} $width={width}>
      <Picture
        src={src}
        srcSet={srcSet}
        width={width}
        height={height}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
      />
      <TileName>{name}</TileName>
    </TileLink>
  );
}

const TileLink = styled(Link)<{ $width: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  width: ${({ $width }) => $width}px;
  max-width: 100%;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover span {
    text-decoration: underline;
  }
`;

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  object-fit: cover;
`;

const TileName = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  text-align: center;
  overflow-wrap: anywhere;
`;
