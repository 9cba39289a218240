import fs from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFNumber, PDFString } from 'pdf-lib';

/**
 * A PDF of Arabic lines set as a word processor sets them, in a real Arabic TrueType font embedded whole (DejaVu
 * Sans, which Debian's fontconfig brings with Chromium: fonts-dejavu-core): each letter shaped to its presentation
 * form (initial, medial, final, isolated; lam-alef as its ligature), the glyphs of a line drawn left to right in
 * visual order (its first word rightmost) as one run of two-byte glyph ids (Identity-H), each glyph's advance from the
 * font, and a ToUnicode map from each glyph to the letters it shows (PDF 32000-1 §9.10.3). Between words, the font's
 * space glyph (`space`) or, as justified and typeset text often has it, no glyph but a move in the run (`kerning`).
 * pdf-lib cannot embed a font without fontkit, so the font objects are written here.
 */
export const ARABIC_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

interface Font {
  bytes: Buffer;
  unitsPerEm: number;
  bbox: [number, number, number, number];
  ascent: number;
  descent: number;
  /** Glyph id of a character (BMP, from the Windows Unicode cmap, format 4). */
  glyph(char: string): number;
  /** Advance width of a glyph in font units. */
  advance(glyph: number): number;
}

function readFont(file: string): Font {
  const bytes = fs.readFileSync(file);
  const tables = new Map<string, number>();
  for (let i = 0, count = bytes.readUInt16BE(4); i < count; i += 1) {
    const record = 12 + i * 16;
    tables.set(bytes.toString('latin1', record, record + 4), bytes.readUInt32BE(record + 8));
  }
  const head = tables.get('head')!;
  const hhea = tables.get('hhea')!;
  const hmtx = tables.get('hmtx')!;
  const cmap = tables.get('cmap')!;
  const metrics = bytes.readUInt16BE(hhea + 34);
  let subtable = 0;
  for (let i = 0, count = bytes.readUInt16BE(cmap + 2); i < count; i += 1) {
    const record = cmap + 4 + i * 8;
    if (bytes.readUInt16BE(record) === 3 && bytes.readUInt16BE(record + 2) === 1) subtable = cmap + bytes.readUInt32BE(record + 4);
  }
  if (!subtable || bytes.readUInt16BE(subtable) !== 4) throw new Error(`${file}: no Unicode (format 4) cmap`);
  const segments = bytes.readUInt16BE(subtable + 6) / 2;
  const ends = subtable + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const offsets = deltas + segments * 2;
  return {
    bytes,
    unitsPerEm: bytes.readUInt16BE(head + 18),
    bbox: [bytes.readInt16BE(head + 36), bytes.readInt16BE(head + 38), bytes.readInt16BE(head + 40), bytes.readInt16BE(head + 42)],
    ascent: bytes.readInt16BE(hhea + 4),
    descent: bytes.readInt16BE(hhea + 6),
    glyph(char) {
      const code = char.charCodeAt(0);
      for (let s = 0; s < segments; s += 1) {
        if (code > bytes.readUInt16BE(ends + s * 2)) continue;
        const start = bytes.readUInt16BE(starts + s * 2);
        if (code < start) return 0;
        const delta = bytes.readInt16BE(deltas + s * 2);
        const rangeOffset = bytes.readUInt16BE(offsets + s * 2);
        if (!rangeOffset) return (code + delta) & 0xffff;
        const id = bytes.readUInt16BE(offsets + s * 2 + rangeOffset + (code - start) * 2);
        return id ? (id + delta) & 0xffff : 0;
      }
      return 0;
    },
    advance(glyph) {
      return bytes.readUInt16BE(hmtx + Math.min(glyph, metrics - 1) * 4);
    },
  };
}

/** The presentation forms of an Arabic letter (Arabic Presentation Forms-B: isolated, final, then initial and medial for letters that join both sides). */
function formsOf(letter: string): { isolated: string; final: string; initial?: string; medial?: string } | null {
  for (let code = 0xfe80; code <= 0xfef4; code += 1) {
    if (String.fromCharCode(code).normalize('NFKC') !== letter) continue;
    const at = (n: number) => String.fromCharCode(code + n);
    const dual = at(2).normalize('NFKC') === letter;
    return { isolated: at(0), final: at(1), ...(dual ? { initial: at(2), medial: at(3) } : {}) };
  }
  return null;
}

/** A word's letters as shown (presentation forms, lam-alef as one ligature), in reading order, each with the letters it stands for. */
function shape(word: string): { shown: string; letters: string }[] {
  const letters = [...word];
  const out: { shown: string; letters: string }[] = [];
  for (let i = 0; i < letters.length; i += 1) {
    const previous = out.length ? formsOf(letters[i - 1]) : null;
    const joinsBefore = previous?.initial !== undefined;
    if (letters[i] === 'ل' && letters[i + 1] === 'ا') {
      out.push({ shown: joinsBefore ? '\ufefc' : '\ufefb', letters: 'لا' });
      i += 1;
      continue;
    }
    const forms = formsOf(letters[i]);
    if (!forms) {
      out.push({ shown: letters[i], letters: letters[i] });
      continue;
    }
    const joinsAfter = forms.initial !== undefined && i + 1 < letters.length && formsOf(letters[i + 1]) !== null;
    const shown = joinsBefore ? (joinsAfter ? forms.medial! : forms.final) : joinsAfter ? forms.initial! : forms.isolated;
    out.push({ shown, letters: letters[i] });
  }
  return out;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const utf16 = (text: string) => [...Buffer.from(text, 'utf16le').swap16()].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A 595 x 842 page of Arabic `lines` (each in reading order) at 18 points, right-aligned at x 540 from y 760 down,
 * 30 points apart. `wordGap` says how words are parted: the space glyph, or a move of a space's width with no glyph.
 */
export async function makeArabicPdf(lines: string[], options: { wordGap: 'space' | 'kerning'; font?: string }): Promise<Uint8Array> {
  const font = readFont(options.font ?? ARABIC_FONT);
  const toPdf = (units: number) => Math.round((units * 1000) / font.unitsPerEm);
  const size = 18;
  const space = font.glyph(' ');
  const used = new Map<number, string>([[space, ' ']]);
  const runs: string[] = [];
  for (const [index, line] of lines.entries()) {
    // Visual order: the last word leftmost, each word's glyphs from its last letter to its first.
    const words = line.split(' ').map((word) =>
      shape(word)
        .reverse()
        .map(({ shown, letters }) => {
          const glyph = font.glyph(shown);
          if (!glyph) throw new Error(`the font has no glyph for U+${hex4(shown.charCodeAt(0))}`);
          used.set(glyph, letters);
          return glyph;
        }),
    );
    const visual = words.reverse();
    const width = visual.flat().reduce((sum, glyph) => sum + toPdf(font.advance(glyph)), 0) + (visual.length - 1) * toPdf(font.advance(space));
    const parts = visual.map((glyphs) => `<${glyphs.map(hex4).join('')}>`);
    const run = options.wordGap === 'space' ? `[${parts.join(`<${hex4(space)}>`)}]` : `[${parts.join(` ${-toPdf(font.advance(space))} `)}]`;
    runs.push(`1 0 0 1 ${(540 - (width * size) / 1000).toFixed(2)} ${760 - index * 30} Tm ${run} TJ`);
  }
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const { context } = doc;
  const fontFile = context.register(context.flateStream(font.bytes, { Length1: font.bytes.length }));
  const descriptor = context.obj({
    Type: 'FontDescriptor',
    FontName: 'DejaVuSans',
    Flags: 32,
    FontBBox: font.bbox.map(toPdf),
    ItalicAngle: 0,
    Ascent: toPdf(font.ascent),
    Descent: toPdf(font.descent),
    CapHeight: toPdf(font.ascent),
    StemV: 80,
    FontFile2: fontFile,
  });
  const glyphs = [...used.keys()].sort((a, b) => a - b);
  const widths = context.obj(glyphs.flatMap((glyph) => [PDFNumber.of(glyph), context.obj([toPdf(font.advance(glyph))])]));
  const cidFont = context.obj({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: 'DejaVuSans',
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
    FontDescriptor: context.register(descriptor),
    W: widths,
    CIDToGIDMap: 'Identity',
  });
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    `${glyphs.length} beginbfchar`,
    ...glyphs.map((glyph) => `<${hex4(glyph)}> <${utf16(used.get(glyph)!)}>`),
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const type0 = context.obj({
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: 'DejaVuSans',
    Encoding: 'Identity-H',
    DescendantFonts: [context.register(cidFont)],
    ToUnicode: context.register(context.stream(Buffer.from(cmap, 'latin1'), {})),
  });
  const content = `BT /F1 ${size} Tf ${runs.join(' ')} ET`;
  page.node.set(PDFName.of('Contents'), context.register(context.stream(deflateSync(Buffer.from(content, 'latin1')), { Filter: 'FlateDecode' })));
  page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: context.register(type0) } }));
  return doc.save();
}
