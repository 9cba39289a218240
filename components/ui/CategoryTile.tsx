import styled from 'styled-components';
import { innerHtml } from '@/lib/html';
import { theme } from '@/styles/theme';
import { categoryMarkup } from './card-markup';
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

/**
 * A category: its picture and name, one link. The picture is decorative; the name names the link. One styled
 * component per tile: the picture and name are plain elements styled from the link.
 */
export function CategoryTile({
  name,
  imgPath,
  browserLinkUrl,
  width = CATEGORY_IMAGE_WIDTH,
  height = CATEGORY_IMAGE_HEIGHT,
  priority = false,
}: CategoryTileProps) {
  const { src, srcSet } = srcSetFor(imgPath);
  // The link's inside is written as text (components/ui/card-markup.ts); the frame navigates the plain link.
  return <TileLink href={browserLinkUrl} $width={width} $height={height} dangerouslySetInnerHTML={innerHtml(categoryMarkup(name, { src, srcSet, width, height, priority }))} />;
}

// Static rules (tokens read directly): built once for every tile of a size; the size is a class per size, not a
// style attribute (the CSP allows no inline style).
const TileLink = styled.a<{ $width: number; $height: number }>`
  display: flex;
  width: ${({ $width }) => $width}px;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  max-width: 100%;
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  text-decoration: none;

  &:hover span {
    text-decoration: underline;
  }

  > img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: ${({ $width, $height }) => `${$width} / ${$height}`};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.surfaceAlt};
    object-fit: cover;
  }

  > span {
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.medium};
    line-height: ${theme.lineHeights.tight};
    text-align: center;
    overflow-wrap: anywhere;
  }
`;
