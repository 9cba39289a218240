import { PDFDict, PDFDocument, PDFName, StandardFonts, rgb } from 'pdf-lib';
import { addOutline } from '@/bench/samples';

/**
 * A PDF whose text layer holds lines in any script, as a producer writes them: each character drawn as one byte of
 * a simple font, and the font's ToUnicode map (PDF 32000-1 §9.10.3) saying which character each byte stands for.
 * The glyphs drawn are Helvetica's (the page looks wrong); what a text extractor reads is exactly the characters
 * given, in the order given, including a NUL or presentation forms. pdf-lib has no font with these scripts' glyphs.
 */
/** Byte codes whose Latin-1 character pdf-lib's standard fonts encode as that same byte (WinAnsi): 0x21..0x7e, 0xa1..0xff. */
const CODES = [...Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => 0x21 + i), ...Array.from({ length: 0xff - 0xa1 + 1 }, (_, i) => 0xa1 + i).filter((code) => code !== 0xad)];

export async function makeScriptPdf(pages: string[][], info: { title?: string; outline?: { title: string; pageNo: number }[] } = {}): Promise<Uint8Array> {
  const characters = [...new Set(pages.flat().flatMap((line) => [...line]))].filter((ch) => ch !== ' ');
  if (characters.length > CODES.length) throw new Error('too many different characters for one simple font');
  const codeOf = new Map(characters.map((ch, i) => [ch, CODES[i]]));
  const doc = await PDFDocument.create();
  doc.setProducer('');
  doc.setCreator('');
  if (info.title) doc.setTitle(info.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    let y = 780;
    for (const line of lines) {
      const bytes = [...line].map((ch) => (ch === ' ' ? 0x20 : codeOf.get(ch)!));
      page.drawText(String.fromCharCode(...bytes), { x: 48, y, size: 14, font, color: rgb(0, 0, 0) });
      y -= 24;
    }
  }
  const entries = [[0x20, ' '] as const, ...characters.map((ch) => [codeOf.get(ch)!, ch] as const)];
  const hex = (text: string) => Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.map(([code, ch]) => `<${code.toString(16).padStart(2, '0').toUpperCase()}> <${hex(ch)}>`).join('\n')}\nendbfchar`);
  }
  const cmap = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<00> <FF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
  // Fonts are written at save; written now, the ToUnicode entry can be added to the dictionary.
  await font.embed();
  const fontDict = doc.context.lookup(font.ref, PDFDict);
  fontDict.set(PDFName.of('ToUnicode'), doc.context.register(doc.context.stream(cmap)));
  if (info.outline) addOutline(doc, info.outline);
  return doc.save({ useObjectStreams: false });
}
