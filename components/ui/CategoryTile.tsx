import styled, { css } from 'styled-components';
import { innerHtml } from '@/lib/html';
import { theme } from '@/styles/theme';
import type { CategoryTile as CategoryTileData } from '@/lib/wire';
import { categoryMarkup } from './card-markup';
import { type CardSize, cardSizeRules, CATEGORY_TILE_SIZES } from './card-sizes';
import { srcSetFor } from './images';


export interface CategoryTileProps extends CategoryTileData {
  size?: CardSize;
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
  size = 'regular',
  priority = false,
}: CategoryTileProps) {
  const { src, srcSet } = srcSetFor(imgPath);
  const { width, height } = CATEGORY_TILE_SIZES[size];
  // The link's inside is written as text (components/ui/card-markup.ts); the frame navigates the plain link.
  return <TileLink href={browserLinkUrl} className={size === 'compact' ? 'compact' : undefined} dangerouslySetInnerHTML={innerHtml(categoryMarkup(name, { src, srcSet, width, height, priority }))} />;
}

/**
 * A tile's rules, for its link: CategoryTile's own, and `.category-tile` in a row written as text (card-markup's
 * categoryTileMarkup). Static (tokens read directly, sizes as classes: card-sizes.ts): built once for every tile.
 */
export const categoryTileRules = css`
  display: flex;
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

  ${cardSizeRules(CATEGORY_TILE_SIZES, '> img')}
`;

const TileLink = styled.a`
  ${categoryTileRules}
`;
