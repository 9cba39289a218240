/**
 * A page's positioned text (its text layer) and the rules that read it: reading order by columns, headings by type
 * size, word boxes, and where a searched word falls. Shared by the server (which stores and serves the layer) and the
 * reader (which lays it over the page picture and shows it as a text view).
 */

/** One printed line: its text and box in page units (the page's width and height, origin top left). */
export interface TextLine {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Type size in page units. */
  size: number;
}

export interface TextLayer {
  width: number;
  height: number;
  lines: TextLine[];
}

/** A block of the text view: a heading or a paragraph, with the lines it was read from (indexes into `lines`). */
export interface TextBlock {
  kind: 'heading' | 'paragraph';
  text: string;
  lines: number[];
}

export interface WordBox {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The line it is on (index into `lines`). */
  line: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A line as stored: rounded to a tenth of a unit, so a page's layer stays a few kilobytes. */
export function textLine(text: string, x: number, y: number, w: number, h: number, size: number): TextLine {
  return { text, x: round(x), y: round(y), w: round(Math.max(w, 0)), h: round(Math.max(h, 0)), size: round(size) };
}

/**
 * Columns of a run of lines: lines that overlap horizontally belong to one column (a column's ragged lines all
 * start at its left edge); columns read left to right, each top to bottom.
 */
function columnsOf(indexes: number[], lines: readonly TextLine[]): number[][] {
  const byLeft = [...indexes].sort((a, b) => lines[a].x - lines[b].x);
  const columns: { right: number; members: number[] }[] = [];
  for (const i of byLeft) {
    const line = lines[i];
    const column = columns.find((c) => line.x < c.right - 0.5);
    if (column) {
      column.members.push(i);
      column.right = Math.max(column.right, line.x + line.w);
    } else {
      columns.push({ right: line.x + line.w, members: [i] });
    }
  }
  return columns.map((c) => c.members.sort((a, b) => lines[a].y - lines[b].y || lines[a].x - lines[b].x));
}

/** Running heads and folios: body-sized or smaller type in the page's top or bottom twelfth. */
const MARGIN_SHARE = 1 / 12;

/**
 * The page's lines in reading order: running heads first and folios last; between them the page is cut into bands
 * at every line that spans the middle of the page (a heading across the columns), and within a band the columns
 * read one after another.
 */
function readingOrder(layer: TextLayer): number[] {
  const { lines, width, height } = layer;
  const body = bodySize(lines);
  const middle = width / 2;
  const byTop = lines.map((_, i) => i).sort((a, b) => lines[a].y - lines[b].y || lines[a].x - lines[b].x);
  const small = (i: number) => lines[i].size <= body * 1.05;
  const head = byTop.filter((i) => small(i) && lines[i].y + lines[i].h <= height * MARGIN_SHARE);
  const foot = byTop.filter((i) => small(i) && lines[i].y >= height * (1 - MARGIN_SHARE) && !head.includes(i));
  const order: number[] = [...head];
  let band: number[] = [];
  const flush = () => {
    for (const column of columnsOf(band, lines)) order.push(...column);
    band = [];
  };
  for (const i of byTop) {
    if (head.includes(i) || foot.includes(i)) continue;
    const line = lines[i];
    const spans = line.x < middle - width * 0.15 && line.x + line.w > middle + width * 0.15;
    if (spans) {
      flush();
      order.push(i);
    } else {
      band.push(i);
    }
  }
  flush();
  order.push(...foot);
  return order.filter((i) => lines[i].text.trim() !== '');
}

/** The size most of the page's characters are set in: body type. */
function bodySize(lines: readonly TextLine[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) weight.set(line.size, (weight.get(line.size) ?? 0) + line.text.length);
  let best = 0;
  let most = -1;
  for (const [size, count] of weight) {
    if (count > most) {
      best = size;
      most = count;
    }
  }
  return best;
}

/** Joins a paragraph's lines: a word broken with a hyphen at a line's end is joined again. */
function joinLines(texts: string[]): string {
  return texts.reduce((text, next) => {
    if (!text) return next;
    if (/[a-z]-$/.test(text) && /^[a-z]/.test(next)) return text.slice(0, -1) + next;
    return `${text} ${next}`;
  }, '');
}

/**
 * The text view's blocks: lines in reading order gathered into paragraphs (a new one after a gap taller than a line,
 * at a change of type size or a new column) and headings (set at least a fifth larger than the body type).
 */
export function readingBlocks(layer: TextLayer): TextBlock[] {
  const { lines } = layer;
  const body = bodySize(lines);
  const blocks: TextBlock[] = [];
  let current: { kind: TextBlock['kind']; lines: number[] } | null = null;
  let previous: TextLine | null = null;
  for (const i of readingOrder(layer)) {
    const line = lines[i];
    const kind: TextBlock['kind'] = line.size >= body * 1.2 ? 'heading' : 'paragraph';
    const gap = previous ? line.y - (previous.y + previous.h) : 0;
    const continues =
      current !== null &&
      previous !== null &&
      current.kind === kind &&
      Math.abs(line.size - previous.size) < 0.5 &&
      gap >= -previous.h * 0.5 &&
      gap < Math.max(line.h, previous.h) * 0.9;
    // A paragraph that runs on into the next column: no full stop at the column's foot, lower case at the next top.
    const runsOn =
      current !== null &&
      previous !== null &&
      current.kind === 'paragraph' &&
      kind === 'paragraph' &&
      line.y < previous.y + previous.h * 0.5 &&
      Math.abs(line.size - previous.size) < 0.5 &&
      !/[.!?:;"”’)]$/.test(previous.text.trim()) &&
      /^\p{Ll}/u.test(line.text.trim());
    if ((!continues && !runsOn) || !current) {
      current = { kind, lines: [] };
      blocks.push(current as TextBlock);
    }
    current.lines.push(i);
    previous = line;
  }
  return blocks.map((block) => ({ kind: block.kind, lines: block.lines, text: joinLines(block.lines.map((i) => lines[i].text.trim())) }));
}

/** Blocks of a page that has plain text and no layer (imported before layers were kept): one paragraph per line. */
export function plainBlocks(text: string): TextBlock[] {
  return text
    .split(/\n\s*\n|\n/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((part) => ({ kind: 'paragraph' as const, text: part, lines: [] }));
}

/**
 * Word boxes of a line, each word's share of the line's width in proportion to its characters: the layer keeps
 * line boxes, and a line's glyphs are near enough even for a highlight or a clipping's edge.
 */
export function wordBoxes(line: TextLine, lineIndex: number): WordBox[] {
  const chars = line.text.length || 1;
  const boxes: WordBox[] = [];
  for (const match of line.text.matchAll(/\S+/g)) {
    const start = match.index ?? 0;
    boxes.push({
      text: match[0],
      x: round(line.x + (line.w * start) / chars),
      y: line.y,
      w: round((line.w * match[0].length) / chars),
      h: line.h,
      line: lineIndex,
    });
  }
  return boxes;
}

/** Folds case and accents, so 'Café' finds 'cafe'. */
function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Where a phrase occurs in a text, case and accents folded: start and end offsets. */
export function findAll(text: string, phrase: string): [number, number][] {
  const needle = foldText(phrase.trim().replace(/\s+/g, ' '));
  if (!needle) return [];
  // Folding may drop combining marks; offsets are read on the folded text of each character kept in step.
  const folded: string[] = [];
  const origin: number[] = [];
  [...text].reduce((offset, ch) => {
    for (const f of foldText(ch)) {
      folded.push(f);
      origin.push(offset);
    }
    return offset + ch.length;
  }, 0);
  const haystack = folded.join('').replace(/\s/g, ' ');
  const found: [number, number][] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    const end = at + needle.length;
    found.push([origin[at], end < origin.length ? origin[end] : text.length]);
  }
  return found;
}

/** Boxes that mark a phrase on the page: each line's matches, in proportion to the characters. */
export function matchBoxes(layer: TextLayer, phrase: string): WordBox[] {
  return layer.lines.flatMap((line, i) => {
    const chars = line.text.length || 1;
    return findAll(line.text, phrase).map(([start, end]) => ({
      text: line.text.slice(start, end),
      x: round(line.x + (line.w * start) / chars),
      y: line.y,
      w: round((line.w * (end - start)) / chars),
      h: line.h,
      line: i,
    }));
  });
}

/** Sentences of a text, for reading aloud one at a time: cut after . ! ? । and the like, keeping the marks. */
export function sentencesOf(text: string): string[] {
  const parts = text.match(/[^.!?।॥]+(?:[.!?।॥]+["'”’)]*|$)\s*/gu) ?? [];
  return parts.map((part) => part.trim()).filter(Boolean);
}
