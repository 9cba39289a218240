/** A region of a page as fractions of its width and height (0 at the top left, 1 at the bottom right). */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One word of a page with its box, in the same fractions as a region. */
export interface PositionedWord {
  text: string;
  box: Region;
}

export interface ClippingText {
  text: string;
  /** 'region': the words inside the region; 'page': the page's whole text, for a page whose words have no boxes. */
  scope: 'region' | 'page';
}

/** A word belongs to a region when its centre lies inside it (a word cut by the edge goes where most of it is). */
function inside(word: PositionedWord, region: Region): boolean {
  const cx = word.box.x + word.box.width / 2;
  const cy = word.box.y + word.box.height / 2;
  return cx >= region.x && cx <= region.x + region.width && cy >= region.y && cy <= region.y + region.height;
}

/**
 * The text of a clipping. With the page's words and their boxes (in reading order), the words inside the region,
 * a line break where a word starts below the one before it. Without boxes (the stored page text has none), the
 * page's whole text, said to be so: a guess at which lines fall in the region would put words in the member's
 * clipping that the picture does not show.
 */
export function clippingText(region: Region, page: { words: PositionedWord[] | null; plainText: string }): ClippingText {
  if (!page.words) return { text: page.plainText.trim(), scope: 'page' };
  let text = '';
  let previous: PositionedWord | null = null;
  for (const word of page.words) {
    if (!inside(word, region)) continue;
    const newLine = previous !== null && word.box.y >= previous.box.y + previous.box.height * 0.5;
    text += previous === null ? word.text : `${newLine ? '\n' : ' '}${word.text}`;
    previous = word;
  }
  return { text, scope: 'region' };
}
