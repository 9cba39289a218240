/** The sizes cards come in: the catalogue's, and the search overlay's smaller rows. */
export type CardSize = 'regular' | 'compact';

/**
 * A card's width and its picture's shape for each size, as fixed rules: the regular size on the card itself, another
 * under its class (the CSP allows no inline style). Written this way rather than from props, a card's style is static:
 * styled-components then names it once for a page instead of building and hashing its whole CSS text again for each
 * card (0.5 ms of home's render for its 34 covers, measured in-process).
 */
export function cardSizeRules(sizes: Record<CardSize, { width: number; height: number }>, picture: string): string {
  return (Object.entries(sizes) as Array<[CardSize, { width: number; height: number }]>)
    .map(([name, { width, height }]) => {
      const scope = name === 'regular' ? '&' : `&.${name}`;
      return `${scope} { width: ${width}px; }\n${scope} ${picture} { aspect-ratio: ${width} / ${height}; }`;
    })
    .join('\n');
}

/** Issue covers (px): the catalogue's, and the search overlay's smaller rows. */
export const ISSUE_COVER_WIDTH = 150;
export const ISSUE_COVER_HEIGHT = 195;
export const ISSUE_CARD_SIZES: Record<CardSize, { width: number; height: number }> = {
  regular: { width: ISSUE_COVER_WIDTH, height: ISSUE_COVER_HEIGHT },
  compact: { width: 110, height: 143 },
};

/** Category tiles' square pictures (px). */
const CATEGORY_IMAGE_WIDTH = 150;
const CATEGORY_IMAGE_HEIGHT = 150;
export const CATEGORY_TILE_SIZES: Record<CardSize, { width: number; height: number }> = {
  regular: { width: CATEGORY_IMAGE_WIDTH, height: CATEGORY_IMAGE_HEIGHT },
  compact: { width: 110, height: 110 },
};

/** SPEC §9 'Story list image 100x125'; the wide story card of sliders is 200x250. */
export const STORY_IMAGE_WIDTH = 100;
export const STORY_IMAGE_HEIGHT = 125;
export const STORY_WIDE_WIDTH = 200;
export const STORY_WIDE_IMAGE_HEIGHT = 250;
