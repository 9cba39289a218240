/** Pure rules of the hosted reader: which pages show together, and the #page/{n} address. */

export interface PageShape {
  width: number;
  height: number;
}

/** A page wider than tall is already a two-page spread. */
function isLandscape(page: PageShape): boolean {
  return page.width > page.height;
}

/**
 * The spreads of an issue as lists of page numbers (1-based). One page a view on a narrow or portrait screen; on a
 * wide one the cover stands alone, then facing pairs, a landscape page stays alone, and an odd last page too.
 */
export function layOutSpreads(pages: readonly PageShape[], twoUp: boolean): number[][] {
  if (!twoUp) return pages.map((_, i) => [i + 1]);
  const spreads: number[][] = [];
  let i = 0;
  while (i < pages.length) {
    const pageNo = i + 1;
    const next = pages[i + 1];
    if (pageNo === 1 || isLandscape(pages[i]) || !next || isLandscape(next)) {
      spreads.push([pageNo]);
      i += 1;
    } else {
      spreads.push([pageNo, pageNo + 1]);
      i += 2;
    }
  }
  return spreads;
}

/** The index of the spread that shows a page (the first spread for a page out of range). */
export function spreadIndexOf(spreads: readonly number[][], pageNo: number): number {
  const index = spreads.findIndex((spread) => spread.includes(pageNo));
  return index < 0 ? 0 : index;
}

/** The page a `#page/{n}` hash names, kept within 1..pageCount; null when the hash names none. */
export function parsePageHash(hash: string | null | undefined, pageCount: number): number | null {
  const match = /^#?page\/(\d{1,6})\/?$/.exec((hash ?? '').trim());
  if (!match || pageCount < 1) return null;
  const n = Number(match[1]);
  return Math.min(Math.max(n, 1), pageCount);
}

export function pageHash(pageNo: number): string {
  return `#page/${pageNo}`;
}

/** The page to open: the hash's, else the last page read, else the cover. */
export function startPage(hash: string | null | undefined, lastPage: number | null, pageCount: number): number {
  return parsePageHash(hash, pageCount) ?? (lastPage && lastPage >= 1 && lastPage <= pageCount ? lastPage : 1);
}

/** Which image scale a zoom needs on this screen: 1x up to the device's ratio, 2x or 3x beyond. */
export function scaleFor(zoom: number, devicePixelRatio: number): 1 | 2 | 3 {
  const need = zoom * devicePixelRatio;
  return need <= 1.05 ? 1 : need <= 2.05 ? 2 : 3;
}

/** Two facing pages fit when the screen is landscape and wide enough for two readable pages. */
export function wantsTwoUp(viewportWidth: number, viewportHeight: number): boolean {
  return viewportWidth >= 900 && viewportWidth > viewportHeight;
}
