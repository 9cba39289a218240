import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { layerLines } from '@/server/import/write';
import { PagePool, type PageResult } from '@/server/import/workers';

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
