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
