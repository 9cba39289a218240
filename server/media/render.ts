import sharp from 'sharp';
import { textLine, type TextLayer, type TextLine } from '@/lib/text-layer';

/**
 * Images drawn from SVG with sharp: issue covers, printed pages, story illustrations, category tiles and library
 * logos. Every image exists at 1x, 2x and 3x (SPEC §9, view/1.jpg..view/3.jpg); the SVG is drawn in 1x units and
 * rasterised at the scale asked for, so text stays sharp at every size.
 */

export type Scale = 1 | 2 | 3;
export const SCALES: readonly Scale[] = [1, 2, 3];

/** 1x sizes; 2x and 3x multiply both sides. */
export const COVER_SIZE = { width: 200, height: 260 } as const;
export const PAGE_SIZE = { width: 600, height: 780 } as const;
export const STORY_IMAGE_SIZE = { width: 200, height: 250 } as const;
export const CATEGORY_IMAGE_SIZE = { width: 200, height: 200 } as const;
export const LOGO_SIZE = { width: 180, height: 48 } as const;
export const LOGO_BANNER_SIZE = { width: 600, height: 120 } as const;

const SERIF = "'DejaVu Serif', Georgia, serif";
const SANS = "'DejaVu Sans', Arial, sans-serif";
const JPEG = { quality: 82, mozjpeg: false, progressive: false } as const;

/** A colour scheme: background, ink on the background, and an accent. */
export interface Palette {
  background: string;
  ink: string;
  accent: string;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Rough advance widths of DejaVu glyphs, in em, good enough to wrap lines before the renderer sees them. */
function charWidth(ch: string): number {
  if (ch === ' ') return 0.32;
  if ('il.,;:!|\'’`'.includes(ch)) return 0.3;
  if ('fjrt()[]-"“”'.includes(ch)) return 0.42;
  if ('mwMW'.includes(ch)) return 0.9;
  if (ch >= 'A' && ch <= 'Z') return 0.7;
  if (ch >= '0' && ch <= '9') return 0.62;
  return 0.58;
}

/** Width in px; bold glyphs of DejaVu are about a tenth wider. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let em = 0;
  for (const ch of text) em += charWidth(ch);
  return em * fontSize * (bold ? 1.12 : 1);
}

/** Greedy word wrap to a width in px; a word longer than the line is left to overflow rather than split. */
export function wrapText(text: string, fontSize: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, fontSize, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest font size (up to max) at which bold text fits the width on one line. */
function fitFontSize(text: string, maxWidth: number, max: number, min: number): number {
  // A tenth of slack: the width table is an estimate, and serif capitals run wide.
  const atOne = textWidth(text, 1, true);
  return Math.max(min, Math.min(max, Math.floor((maxWidth * 0.9) / atOne)));
}

/** Splits a title into at most two lines, balanced around the middle space. */
function splitTitle(title: string): string[] {
  if (title.length <= 14) return [title];
  const words = title.split(' ');
  if (words.length === 1) return [title];
  let best = 1;
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i += 1) {
    const diff = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = i;
    }
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

function svgDocument(width: number, height: number, scale: Scale, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

async function toJpeg(svg: Buffer): Promise<Buffer> {
  return sharp(svg).flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
}

function textLines(lines: string[], x: number, y: number, lineHeight: number, attrs: string): string {
  const spans = lines.map((line, i) => `<tspan x="${x}" y="${y + i * lineHeight}">${escapeXml(line)}</tspan>`).join('');
  return `<text ${attrs}>${spans}</text>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Covers

export interface CoverInput {
  magazineName: string;
  issueName: string;
  categoryName: string;
  palette: Palette;
  /** One or two headlines printed on the cover. */
  coverLines: string[];
  isSpecial?: boolean;
  /** Picks one of a few layouts and the motif's position, so covers of one title differ issue to issue. */
  variant?: number;
}

export async function renderCoverImage(input: CoverInput, scale: Scale): Promise<Buffer> {
  const { width, height } = COVER_SIZE;
  const { background, ink, accent } = input.palette;
  const variant = Math.abs(input.variant ?? 0);
  const titleLines = splitTitle(input.magazineName.toUpperCase());
  const titleSize = Math.min(...titleLines.map((line) => fitFontSize(line, width - 20, 34, 11)));
  const titleTop = 12 + titleSize;
  const titleSvg = textLines(titleLines, width / 2, titleTop, titleSize * 1.02, `font-family="${SERIF}" font-weight="bold" font-size="${titleSize}" fill="${ink}" text-anchor="middle"`);
  const titleBottom = titleTop + (titleLines.length - 1) * titleSize * 1.02 + 6;

  // A simple motif: circles or bands in the accent colour, placed by the variant.
  const cx = 40 + ((variant * 53) % 120);
  const cy = 120 + ((variant * 37) % 60);
  const motif =
    variant % 3 === 0
      ? `<circle cx="${cx}" cy="${cy}" r="58" fill="${accent}" opacity="0.85"/><circle cx="${width - cx / 2}" cy="${cy + 40}" r="30" fill="${ink}" opacity="0.25"/>`
      : variant % 3 === 1
        ? `<rect x="-20" y="${cy - 40}" width="${width + 40}" height="46" fill="${accent}" opacity="0.8" transform="rotate(-12 ${width / 2} ${cy})"/><rect x="-20" y="${cy + 18}" width="${width + 40}" height="14" fill="${ink}" opacity="0.3" transform="rotate(-12 ${width / 2} ${cy})"/>`
        : `<polygon points="${cx - 50},${cy + 60} ${cx + 10},${cy - 55} ${cx + 70},${cy + 60}" fill="${accent}" opacity="0.85"/><circle cx="${width - 40}" cy="${cy - 10}" r="22" fill="${ink}" opacity="0.3"/>`;

  const datelineText = `${input.issueName.toUpperCase()} · ${input.categoryName.toUpperCase()}`;
  const dateline = { text: datelineText, size: Math.min(8.5, Math.floor(((width - 12) / textWidth(datelineText, 1)) * 10) / 10) };
  const lineSize = 11;
  const coverLines = input.coverLines.slice(0, 2).flatMap((line) => wrapText(line, lineSize, width - 24, true).slice(0, 2));
  const linesTop = height - 22 - coverLines.length * (lineSize + 3);
  const coverLinesSvg = textLines(coverLines, 12, linesTop, lineSize + 3, `font-family="${SANS}" font-weight="bold" font-size="${lineSize}" fill="${ink}"`);
  const badgeY = titleBottom + 30;
  const special = input.isSpecial
    ? `<g transform="rotate(14 ${width - 34} ${badgeY + 10})"><rect x="${width - 70}" y="${badgeY}" width="72" height="20" fill="${ink}"/><text x="${width - 34}" y="${badgeY + 14}" font-family="${SANS}" font-weight="bold" font-size="10" fill="${background}" text-anchor="middle">SPECIAL</text></g>`
    : '';

  const body = [
    `<rect width="${width}" height="${height}" fill="${background}"/>`,
    motif,
    `<rect y="${titleBottom - 2}" width="${width}" height="1.5" fill="${ink}" opacity="0.6"/>`,
    titleSvg,
    `<text x="${width / 2}" y="${titleBottom + 11}" font-family="${SANS}" font-size="${dateline.size}" fill="${ink}" text-anchor="middle">${escapeXml(dateline.text)}</text>`,
    special,
    // A band behind the cover lines keeps them readable over the motif.
    `<rect y="${linesTop - lineSize - 6}" width="${width}" height="${coverLines.length * (lineSize + 3) + 8}" fill="${background}" opacity="0.55"/>`,
    `<rect y="${linesTop - lineSize - 6}" width="5" height="${coverLines.length * (lineSize + 3) + 8}" fill="${accent}"/>`,
    coverLinesSvg,
    `<rect x="${width - 34}" y="${height - 20}" width="24" height="12" fill="#ffffff"/>`,
    ...Array.from({ length: 9 }, (_, i) => `<rect x="${width - 32 + i * 2.4}" y="${height - 18}" width="${i % 3 === 0 ? 1.4 : 0.8}" height="8" fill="#000000"/>`),
  ].join('');
  return toJpeg(svgDocument(width, height, scale, body));
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

export interface PageInput {
  magazineName: string;
  issueName: string;
  pageNo: number;
  /** Paragraphs separated by blank lines; a short first paragraph without a full stop is set as the heading. */
  text: string;
  /** The 1x size; scale multiplies it. */
  width: number;
  height: number;
}

interface PageLayout {
  margin: number;
  headY: number;
  heading: { lines: string[]; size: number; top: number; lineHeight: number };
  body: { columns: string[][]; fontSize: number; lineHeight: number; top: number; columnWidth: number; gutter: number; split: number };
}

/** Where a page's text goes: running head, heading, two balanced columns. The image and its text layer both follow it. */
function layOutPage(input: PageInput): PageLayout {
  const { width, height } = input;
  const margin = Math.round(width * 0.065);
  const gutter = Math.round(width * 0.035);
  const paragraphs = input.text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const first = paragraphs[0] ?? '';
  const hasHeading = paragraphs.length > 1 && first.length <= 90 && !/[.!?]$/.test(first);
  const bodyParagraphs = hasHeading ? paragraphs.slice(1) : paragraphs;

  const headY = margin * 0.75;
  let top = headY + 30;
  const headingSize = 26;
  const heading = { lines: [] as string[], size: headingSize, top, lineHeight: headingSize * 1.15 };
  if (hasHeading) {
    heading.lines = wrapText(first, headingSize, width - 2 * margin, true).slice(0, 3);
    top += heading.lines.length * heading.lineHeight + 14;
  }

  // Body text in two balanced columns, at the largest size (18px down to 11px) at which it fits.
  const columnWidth = (width - 2 * margin - gutter) / 2;
  // Wrap a little short of the column: the width table is an estimate.
  const wrapWidth = columnWidth * 0.95;
  const available = height - top - 40;
  let fontSize = 18;
  let lineHeight = 0;
  let lines: string[] = [];
  for (; fontSize >= 11; fontSize -= 1) {
    lineHeight = Math.round(fontSize * 1.42 * 10) / 10;
    lines = bodyParagraphs.flatMap((paragraph, i) => [...(i ? [''] : []), ...wrapText(paragraph, fontSize, wrapWidth)]);
    if (lines.length <= 2 * Math.floor(available / lineHeight)) break;
  }
  const linesPerColumn = Math.max(1, Math.floor(available / lineHeight));
  if (lines.length > linesPerColumn * 2) {
    lines.length = linesPerColumn * 2;
    lines[lines.length - 1] = `${lines[lines.length - 1].replace(/\s+\S*$/, '')} …`;
  }
  // Balance the columns; a column never starts with the blank line between paragraphs.
  let split = Math.ceil(lines.length / 2);
  if (lines[split] === '') split += 1;
  return { margin, headY, heading, body: { columns: [lines.slice(0, split), lines.slice(split)], fontSize, lineHeight, top, columnWidth, gutter, split } };
}

/** Lays the page's text out as a printed page: running head, heading, two justified-looking columns, folio. */
export async function renderPageImage(input: PageInput, scale: Scale): Promise<Buffer> {
  const { width, height } = input;
  const { margin, headY, heading, body } = layOutPage(input);
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="#fbfaf6"/>`];
  // Running head.
  parts.push(
    `<text x="${margin}" y="${headY}" font-family="${SANS}" font-size="11" font-weight="bold" fill="#333333">${escapeXml(input.magazineName.toUpperCase())}</text>`,
    `<text x="${width - margin}" y="${headY}" font-family="${SANS}" font-size="11" fill="#555555" text-anchor="end">${escapeXml(input.issueName)}</text>`,
    `<rect x="${margin}" y="${headY + 7}" width="${width - 2 * margin}" height="1" fill="#999999"/>`,
  );
  if (heading.lines.length) {
    parts.push(textLines(heading.lines, margin, heading.top + heading.size * 0.8, heading.lineHeight, `font-family="${SERIF}" font-weight="bold" font-size="${heading.size}" fill="#111111"`));
  }
  const { columns, fontSize, lineHeight, top, columnWidth, gutter, split } = body;
  columns.forEach((column, i) => {
    if (!column.length) return;
    const x = margin + i * (columnWidth + gutter);
    parts.push(textLines(column, x, top + fontSize, lineHeight, `font-family="${SERIF}" font-size="${fontSize}" fill="#1d1d1d"`));
  });
  if (columns[1].length) {
    parts.push(`<rect x="${margin + columnWidth + gutter / 2}" y="${top}" width="0.6" height="${split * lineHeight}" fill="#cccccc"/>`);
  }

  // Folio.
  parts.push(
    `<text x="${input.pageNo % 2 === 0 ? margin : width - margin}" y="${height - margin * 0.55}" font-family="${SANS}" font-size="11" fill="#555555" text-anchor="${input.pageNo % 2 === 0 ? 'start' : 'end'}">${input.pageNo}</text>`,
  );
  return toJpeg(svgDocument(width, height, scale, parts.join('')));
}

/**
 * The text layer of a page drawn by renderPageImage, from the same layout: each line's box from its baseline (type
 * rises about 0.8 of its size above it) and its estimated width.
 */
export function pageTextLayer(input: PageInput): TextLayer {
  const { width, height } = input;
  const { margin, headY, heading, body } = layOutPage(input);
  const lines: TextLine[] = [];
  const add = (text: string, x: number, baseline: number, size: number, bold = false) => {
    if (text) lines.push(textLine(text, x, baseline - size * 0.8, textWidth(text, size, bold), size, size));
  };
  const magazine = input.magazineName.toUpperCase();
  add(magazine, margin, headY, 11, true);
  add(input.issueName, width - margin - textWidth(input.issueName, 11), headY, 11);
  heading.lines.forEach((line, i) => add(line, margin, heading.top + heading.size * 0.8 + i * heading.lineHeight, heading.size, true));
  body.columns.forEach((column, c) => {
    const x = margin + c * (body.columnWidth + body.gutter);
    column.forEach((line, i) => add(line, x, body.top + body.fontSize + i * body.lineHeight, body.fontSize));
  });
  const folio = String(input.pageNo);
  add(folio, input.pageNo % 2 === 0 ? margin : width - margin - textWidth(folio, 11), height - margin * 0.55, 11);
  return { width, height, lines };
}

// ---------------------------------------------------------------------------------------------------------------
// Story illustrations, category tiles, library logos

export interface IllustrationInput {
  palette: Palette;
  /** Chooses the composition; the same seed always draws the same picture. */
  seed: number;
  width?: number;
  height?: number;
}

/** An abstract, category-coloured illustration for story cards: no text, shapes placed from the seed. */
export async function renderIllustration(input: IllustrationInput, scale: Scale): Promise<Buffer> {
  const width = input.width ?? STORY_IMAGE_SIZE.width;
  const height = input.height ?? STORY_IMAGE_SIZE.height;
  const { background, ink, accent } = input.palette;
  let state = input.seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const shapes: string[] = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
  ];
  for (let i = 0; i < 7; i += 1) {
    const x = next() * width;
    const y = next() * height;
    const size = 20 + next() * width * 0.45;
    const colour = i % 2 === 0 ? ink : accent;
    const opacity = (0.15 + next() * 0.5).toFixed(2);
    const kind = Math.floor(next() * 3);
    if (kind === 0) shapes.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(size / 2).toFixed(1)}" fill="${colour}" opacity="${opacity}"/>`);
    else if (kind === 1) shapes.push(`<rect x="${(x - size / 2).toFixed(1)}" y="${(y - size / 4).toFixed(1)}" width="${size.toFixed(1)}" height="${(size / 2).toFixed(1)}" fill="${colour}" opacity="${opacity}" transform="rotate(${Math.round(next() * 90 - 45)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`);
    else shapes.push(`<path d="M0 ${y.toFixed(1)} Q ${(width / 2).toFixed(1)} ${(y - size).toFixed(1)} ${width} ${(y + size / 3).toFixed(1)}" stroke="${colour}" stroke-width="${(4 + next() * 10).toFixed(1)}" fill="none" opacity="${opacity}"/>`);
  }
  return toJpeg(svgDocument(width, height, scale, shapes.join('')));
}

export interface CategoryTileInput {
  name: string;
  palette: Palette;
  seed: number;
}

/** A category tile: an abstract picture with the category's name across the bottom. */
export async function renderCategoryImage(input: CategoryTileInput, scale: Scale): Promise<Buffer> {
  const { width, height } = CATEGORY_IMAGE_SIZE;
  const picture = await renderIllustration({ palette: input.palette, seed: input.seed, width, height }, scale);
  const size = fitFontSize(input.name, width - 24, 22, 11);
  const label = svgDocument(
    width,
    height,
    scale,
    `<rect y="${height - 46}" width="${width}" height="46" fill="#000000" opacity="0.45"/><text x="12" y="${height - 17}" font-family="${SANS}" font-weight="bold" font-size="${size}" fill="#ffffff">${escapeXml(input.name)}</text>`,
  );
  return sharp(picture).composite([{ input: label }]).jpeg(JPEG).toBuffer();
}

export interface LogoInput {
  name: string;
  palette: Palette;
  /** 'logo' is the small header mark, 'banner' the wide one. */
  kind: 'logo' | 'banner';
}

/** A library's logo: a coloured mark with the library's initials and its name. */
export async function renderLogoImage(input: LogoInput, scale: Scale): Promise<Buffer> {
  const { width, height } = input.kind === 'logo' ? LOGO_SIZE : LOGO_BANNER_SIZE;
  const { background, ink, accent } = input.palette;
  const initials = input.name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const mark = height - 8;
  const nameSize = fitFontSize(input.name, width - mark - 24, input.kind === 'logo' ? 15 : 40, 8);
  const body = [
    `<rect width="${width}" height="${height}" fill="${background}"/>`,
    `<rect x="4" y="4" width="${mark}" height="${mark}" rx="${mark / 5}" fill="${accent}"/>`,
    `<text x="${4 + mark / 2}" y="${4 + mark * 0.66}" font-family="${SERIF}" font-weight="bold" font-size="${mark * 0.5}" fill="${background}" text-anchor="middle">${escapeXml(initials)}</text>`,
    `<text x="${mark + 14}" y="${height / 2 + nameSize * 0.36}" font-family="${SERIF}" font-weight="bold" font-size="${nameSize}" fill="${ink}">${escapeXml(input.name)}</text>`,
  ].join('');
  return toJpeg(svgDocument(width, height, scale, body));
}
