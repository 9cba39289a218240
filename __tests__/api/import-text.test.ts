import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { normaliseText } from '@/lib/text-normalise';
import { readingBlocks } from '@/lib/text-layer';
import { layerLines } from '@/server/import/write';
import { PagePool, type PageResult } from '@/server/import/workers';
import { makeArabicPdf } from './helpers/arabic-pdf';

/**
 * A page's text and its positioned lines (the text layer) as the import reads them with PDFium: generated pages in
 * Helvetica whose /ToUnicode says which characters its codes print (Hebrew letters, a character beyond the BMP, a
 * ligature), placed as real files place them.
 */
jest.setTimeout(120_000);

let pool: PagePool;
let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'import-text-'));
  pool = new PagePool(1);
});

afterAll(async () => {
  await pool.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const hex = (text: string) => [...Buffer.from(text, 'utf16le')].reduce((out, byte, i, all) => (i % 2 ? out : out + (all[i + 1] << 8 | byte).toString(16).padStart(4, '0')), '');

/**
 * A 300 x 300 point page of `operators` (text in /F1, Helvetica) whose codes map to the characters `unicode` gives
 * (code letter to what it prints); codes not named print themselves.
 */
async function readPage(name: string, operators: string, unicode: Record<string, string> = {}): Promise<PageResult> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  const entries = Object.entries(unicode).map(([code, text]) => `<${code.charCodeAt(0).toString(16)}> <${hex(text)}>`);
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `${entries.length} beginbfchar ${entries.join(' ')} endbfchar`,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const font: Record<string, unknown> = { Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' };
  if (entries.length) font.ToUnicode = doc.context.register(doc.context.stream(Buffer.from(cmap, 'latin1'), {}));
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(Buffer.from(operators, 'latin1'), {})));
  page.node.set(PDFName.of('Resources'), doc.context.obj({ Font: { F1: doc.context.obj(font as never) } }));
  const file = path.join(work, `${name}.pdf`);
  fs.writeFileSync(file, await doc.save());
  return pool.read(file, 1);
}

describe('the text layer of a page', () => {
  it('makes text turned 90° one line boxed where it stands, not a line per letter', async () => {
    const page = await readPage('rotated', 'BT /F1 12 Tf 1 0 0 1 20 250 Tm (Across the top) Tj 0 1 -1 0 280 40 Tm (Up the side) Tj ET');
    expect(page.lines.map((line) => line.text)).toEqual(['Across the top', 'Up the side']);
    const side = page.lines[1];
    // Up from 40 pt above the bottom, about 60 pt long, a line of 12-pt type wide, left of x 280.
    expect(side.h).toBeGreaterThan(50);
    expect(side.w).toBeLessThan(14);
    expect(side.x).toBeGreaterThan(265);
    expect(side.y + side.h).toBeCloseTo(300 - 40, -1);
  });

  it('joins runs of different sizes on one baseline into one line', async () => {
    const page = await readPage('baseline', 'BT /F1 10 Tf 1 0 0 1 20 200 Tm (Price ab) Tj /F1 30 Tf 1 0 0 1 70 200 Tm (gyp) Tj ET');
    expect(page.lines.map((line) => line.text)).toEqual(['Price ab gyp']);
  });

  it('shows the hyphen PDFium marks at a line’s end in the lines, and keeps the word whole in the text', async () => {
    const page = await readPage('hyphen', 'BT /F1 12 Tf 1 0 0 1 20 250 Tm (Harbour co-) Tj 1 0 0 1 20 235 Tm (operative news) Tj ET');
    expect(page.lines.map((line) => line.text)).toEqual(['Harbour co-', 'operative news']);
    expect(page.text.replace(/\s+/g, ' ')).toBe('Harbour cooperative news');
    expect(page.text).not.toMatch(/[\u0000-\u0008\ufffe]/);
  });

  it('leaves out text placed off the page, in the lines and in the text', async () => {
    const page = await readPage('offpage', 'BT /F1 12 Tf 1 0 0 1 20 250 Tm (On the page) Tj 1 0 0 1 420 150 Tm (Hidden beyond) Tj 1 0 0 1 20 -80 Tm (Hidden below) Tj ET');
    expect(page.lines.map((line) => line.text)).toEqual(['On the page']);
    expect(page.text.trim()).toBe('On the page');
  });

  it('drops a NUL a producer left inside a word, in the lines and in the text', async () => {
    const page = await readPage('nul', 'BT /F1 12 Tf 1 0 0 1 20 250 Tm (HarXbour quarterly) Tj ET', { X: '\u0000' });
    expect(page.lines.map((line) => line.text)).toEqual(['Harbour quarterly']);
    expect(page.text).toBe('Harbour quarterly');
  });

  it('reads a character beyond the BMP (a surrogate pair) whole', async () => {
    const page = await readPage('astral', 'BT /F1 24 Tf 1 0 0 1 20 200 Tm (AB C) Tj ET', { A: '𝐀', C: '😀' });
    expect(page.lines.map((line) => line.text)).toEqual(['𝐀B 😀']);
    expect(page.text.trim()).toBe('𝐀B 😀');
  });

  it('stores each line in the form of the searched text: right-to-left in reading order, ligatures as letters (NFKC)', async () => {
    // שלום עולם drawn left to right as most producers do, its last letter first, and a word with the fi ligature.
    const page = await readPage('hebrew', 'BT /F1 14 Tf 1 0 0 1 20 200 Tm (MLWE MWLS) Tj 1 0 0 1 20 150 Tm (Fnd) Tj ET', { M: 'ם', L: 'ל', W: 'ו', E: 'ע', S: 'ש', F: 'ﬁ' });
    expect(layerLines(page.lines).map((line) => line.text)).toEqual(['שלום עולם', 'find']);
    // A line as another reader gives it (visual order, presentation forms, a control character) is stored the same way.
    const box = { x: 10, y: 10, w: 100, h: 12, size: 12 };
    expect(layerLines([{ text: 'םלוע םולש', ...box }, { text: 'ﻣﺮﺣﺒﺎ\u0000', ...box }, { text: '\u00a0\u0002', ...box }])).toEqual([
      { text: 'שלום עולם', ...box },
      { text: 'مرحبا', ...box },
    ]);
  });
});

describe('a page whose text is only blank characters', () => {
  it('is a page without text, with a warning naming the page', async () => {
    const page = await readPage('blank-text', 'BT /F1 12 Tf 1 0 0 1 20 250 Tm (\xa0\xa0\xa0) Tj 1 0 0 1 20 230 Tm (\xa0 \xa0) Tj ET');
    expect(page.text).toBe('');
    expect(page.lines).toEqual([]);
    expect(page.warnings).toEqual(['page 1: its text is only blank characters (no-break or other spaces): it counts as a page without text']);
  });

  it('warns of nothing on a page with words', async () => {
    const page = await readPage('words', 'BT /F1 12 Tf 1 0 0 1 20 250 Tm (Words\xa0here) Tj ET');
    expect(page.text).toBe('Words here');
    expect(page.warnings).toEqual([]);
  });
});

describe('Arabic set as a word processor sets it, in a real Arabic font (DejaVu Sans)', () => {
  // Shaped letters drawn in visual order; alef, dal, reh, waw and teh marbuta do not join the next letter, which
  // leaves a gap inside a word wider than a word space's share of the type (بالعالم was stored as "با لعا لم").
  const lines = ['مرحبا بالعالم', 'العربية لغة جميلة', 'كتب الطالب الدرس في المكتبة'];

  it.each(['space', 'kerning'] as const)('stores each line with its words whole and parted by spaces, in reading order, and the text view reads them so (words parted by %s)', async (wordGap) => {
    const file = path.join(work, `arabic-${wordGap}.pdf`);
    fs.writeFileSync(file, await makeArabicPdf(lines, { wordGap }));
    const page = await pool.read(file, 1);
    const stored = layerLines(page.lines);
    expect(stored.map((line) => line.text)).toEqual(lines);
    // Right to left: each line ends at x 540, its first word there.
    for (const line of stored) expect(line.x + line.w).toBeCloseTo(540, -1);
    expect(normaliseText(page.text).split('\n')).toEqual(lines);
    const blocks = readingBlocks({ width: 595, height: 842, lines: stored });
    expect(blocks.map((block) => block.text).join(' ')).toBe(lines.join(' '));
  });
});
