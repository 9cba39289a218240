import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFNumber, PDFString, rgb, type PDFContext, type PDFPage, type PDFRef } from 'pdf-lib';

/**
 * Pages real publishers' PDFs hold and a renderer may get wrong, each made on demand as a one-page PDF (pdf-lib, and
 * raw PDF objects where its API stops), for the renderer's tests and the import benchmark. Every page is 200 x 200
 * points (the rotated one 100 x 200 as shown) with what must come out described beside it. No binary is checked in.
 */

export type HardPageName = 'softMask' | 'transparency' | 'hugeImage' | 'ccitt' | 'jpeg2000' | 'standardFont' | 'cjkFont' | 'type3Font' | 'rotated' | 'formField';

export const HARD_PAGE_NAMES: HardPageName[] = ['softMask', 'transparency', 'hugeImage', 'ccitt', 'jpeg2000', 'standardFont', 'cjkFont', 'type3Font', 'rotated', 'formField'];

const SIDE = 200;

/** A PDF dictionary written as a plain object (names as strings, arrays, numbers, nested objects). */
type Dictionary = NonNullable<Parameters<PDFContext['stream']>[1]>;

function stream(doc: PDFDocument, dict: Dictionary, data: Uint8Array): PDFRef {
  return doc.context.register(doc.context.stream(data, dict));
}

function content(doc: PDFDocument, page: PDFPage, operators: string, resources: Dictionary): void {
  page.node.set(PDFName.of('Contents'), stream(doc, {}, Buffer.from(operators, 'latin1')));
  page.node.set(PDFName.of('Resources'), doc.context.obj(resources));
}

/** A red image at half opacity through its /SMask on the left half, over a blue page: purple there, blue right. */
function softMask(doc: PDFDocument, page: PDFPage): void {
  const mask = stream(doc, { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8 }, Uint8Array.of(128));
  const image = stream(doc, { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, SMask: mask }, Uint8Array.of(255, 0, 0));
  content(doc, page, `0 0 1 rg 0 0 ${SIDE} ${SIDE} re f q ${SIDE / 2} 0 0 ${SIDE} 0 0 cm /Im1 Do Q`, { XObject: { Im1: image } });
}

/**
 * Top half: a black bar faded by a luminosity soft mask whose group paints a white-to-black axial shading, so black at
 * the left fading to white at the right (drawn solid when the mask is lost). Bottom half: a knockout transparency
 * group of two overlapping red squares at half opacity, so their overlap is as light as each (darker without knockout).
 */
function transparency(doc: PDFDocument, page: PDFPage): void {
  const shading = doc.context.obj({ ShadingType: 2, ColorSpace: 'DeviceGray', Coords: [0, 0, SIDE, 0], Function: { FunctionType: 2, Domain: [0, 1], C0: [1], C1: [0], N: 1 }, Extend: [true, true] });
  const fade = stream(doc, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, SIDE, SIDE], Group: { S: 'Transparency', CS: 'DeviceGray' }, Resources: { Shading: { Sh1: shading } } }, Buffer.from('/Sh1 sh', 'latin1'));
  const faded = doc.context.obj({ Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: fade } });
  const half = doc.context.obj({ Type: 'ExtGState', ca: 0.5 });
  const knockout = stream(
    doc,
    { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, SIDE, SIDE / 2], Group: { S: 'Transparency', K: true, I: true }, Resources: { ExtGState: { Half: half } } },
    Buffer.from('/Half gs 1 0 0 rg 20 20 100 60 re f 80 20 100 60 re f', 'latin1'),
  );
  content(doc, page, `q /Fade gs 0 g 0 ${SIDE / 2} ${SIDE} ${SIDE / 2} re f Q /Knockout Do`, { ExtGState: { Fade: faded }, XObject: { Knockout: knockout } });
}

/** A 7,000 x 6,000 grey image (42 megapixels, past pdf.js's 40-megapixel cap): black left half, grey 160 right. */
function hugeImage(doc: PDFDocument, page: PDFPage): void {
  const width = 7000;
  const height = 6000;
  const row = Buffer.alloc(width, 160);
  row.fill(0, 0, width / 2);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const image = stream(doc, { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' }, deflateSync(pixels));
  content(doc, page, `q ${SIDE} 0 0 ${SIDE} 0 0 cm /Im1 Do Q`, { XObject: { Im1: image } });
}

/** Bits written most significant first, padded with zeros to whole bytes. */
function bitsToBytes(bits: string): Uint8Array {
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  return Uint8Array.from({ length: padded.length / 8 }, (_, i) => parseInt(padded.slice(i * 8, i * 8 + 8), 2));
}

/**
 * A 64 x 64 CCITT Group 4 image over the whole page: white left half, black right half. Row 1 is one horizontal-mode
 * code (white run 32, black run 32, from T.4's code tables); every later row repeats it (two vertical-mode V0 codes);
 * an end-of-block (two EOLs) closes it.
 */
function ccitt(doc: PDFDocument, page: PDFPage): void {
  const side = 64;
  const bits = `001${'00011011'}${'000001101010'}${'11'.repeat(side - 1)}${'000000000001'.repeat(2)}`;
  const image = stream(
    doc,
    { Type: 'XObject', Subtype: 'Image', Width: side, Height: side, ColorSpace: 'DeviceGray', BitsPerComponent: 1, Filter: 'CCITTFaxDecode', DecodeParms: { K: -1, Columns: side, Rows: side } },
    bitsToBytes(bits),
  );
  content(doc, page, `q ${SIDE} 0 0 ${SIDE} 0 0 cm /Im1 Do Q`, { XObject: { Im1: image } });
}

/**
 * A 64 x 64 JPEG 2000 codestream (JPXDecode) of one 8-bit component, no wavelet levels, every coefficient zero: a flat
 * grey of 128 (the DC level shift) on the right half of the page. Markers from ITU-T T.800 Annex A; its one packet is
 * empty (a single zero byte), so no arithmetic coding is needed.
 */
function jpeg2000(doc: PDFDocument, page: PDFPage): void {
  const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
  const u32 = (n: number) => [...u16(n >>> 16), ...u16(n & 0xffff)];
  const side = 64;
  // SIZ: capabilities, image and tile size and offsets, one component of 8 bits unsigned, no subsampling.
  const siz = [0xff, 0x51, ...u16(41), ...u16(0), ...u32(side), ...u32(side), ...u32(0), ...u32(0), ...u32(side), ...u32(side), ...u32(0), ...u32(0), ...u16(1), 7, 1, 1];
  // COD: default precincts, LRCP, one layer, no colour transform, 0 decomposition levels, 64 x 64 code-blocks, 5-3 reversible.
  const cod = [0xff, 0x52, ...u16(12), 0, 0, ...u16(1), 0, 0, 4, 4, 0, 1];
  // QCD: no quantisation, guard bits 2, one band of exponent 8.
  const qcd = [0xff, 0x5c, ...u16(4), 0x40, 8 << 3];
  const packet = [0x00];
  const tileLength = 12 + 2 + packet.length;
  const sot = [0xff, 0x90, ...u16(10), ...u16(0), ...u32(tileLength), 0, 1];
  const codestream = Uint8Array.from([0xff, 0x4f, ...siz, ...cod, ...qcd, ...sot, 0xff, 0x93, ...packet, 0xff, 0xd9]);
  const image = stream(doc, { Type: 'XObject', Subtype: 'Image', Width: side, Height: side, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'JPXDecode' }, codestream);
  content(doc, page, `q ${SIDE / 2} 0 0 ${SIDE} ${SIDE / 2} 0 cm /Im1 Do Q`, { XObject: { Im1: image } });
}

/** "HH" in Helvetica, not embedded (every reader carries the 14 standard fonts), 100 pt, black, across the middle. */
function standardFont(doc: PDFDocument, page: PDFPage): void {
  content(doc, page, `BT /F1 100 Tf 0 g 20 60 Td (HH) Tj ET`, { Font: { F1: doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }) } });
}

/** 中文 in STSong-Light (Adobe-GB1), not embedded, 80 pt, black, across the middle: the font a reader must supply. */
function cjkFont(doc: PDFDocument, page: PDFPage): void {
  const descendant = doc.context.obj({
    Type: 'Font',
    Subtype: 'CIDFontType0',
    BaseFont: 'STSong-Light',
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('GB1'), Supplement: 4 },
    FontDescriptor: { Type: 'FontDescriptor', FontName: 'STSong-Light', Flags: 6, FontBBox: [-25, -254, 1000, 880], ItalicAngle: 0, Ascent: 880, Descent: -120, CapHeight: 880, StemV: 93 },
    DW: 1000,
  });
  const font = doc.context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'STSong-Light', Encoding: 'UniGB-UCS2-H', DescendantFonts: [descendant] });
  content(doc, page, 'BT /F1 80 Tf 0 g 20 60 Td <4E2D6587> Tj ET', { Font: { F1: font } });
}

/** Three glyphs of a Type3 font whose one glyph is a filled square, 50 pt, black, along the middle. */
function type3Font(doc: PDFDocument, page: PDFPage): void {
  const square = stream(doc, {}, Buffer.from('1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f', 'latin1'));
  const font = doc.context.obj({
    Type: 'Font',
    Subtype: 'Type3',
    FontBBox: [0, 0, 1000, 1000],
    FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    CharProcs: { square },
    Encoding: { Type: 'Encoding', Differences: [97, PDFName.of('square')] },
    FirstChar: 97,
    LastChar: 97,
    Widths: [1200],
    Resources: {},
  });
  content(doc, page, 'BT /T3 50 Tf 0 g 10 75 Td (aaa) Tj ET', { Font: { T3: font } });
}

/** A 200 x 100 page with /Rotate 90 and red on its left quarter: shown 100 wide, 200 tall, red at the top. */
function rotated(doc: PDFDocument, page: PDFPage): void {
  page.setSize(SIDE, SIDE / 2);
  page.node.set(PDFName.of('Rotate'), PDFNumber.of(90));
  content(doc, page, `1 0 0 rg 0 0 ${SIDE / 4} ${SIDE / 2} re f`, {});
}

/** A text field with a green background and a value, its appearance stream made by pdf-lib, in the lower half. */
function formField(doc: PDFDocument, page: PDFPage): void {
  const field = doc.getForm().createTextField('name');
  field.setText('Ada');
  field.addToPage(page, { x: 20, y: 20, width: 160, height: 60, backgroundColor: rgb(0, 0.8, 0), borderWidth: 0 });
}

const MAKERS: Record<HardPageName, (doc: PDFDocument, page: PDFPage) => void> = { softMask, transparency, hugeImage, ccitt, jpeg2000, standardFont, cjkFont, type3Font, rotated, formField };

/** A one-page PDF of the named hard case. */
export async function makeHardPdf(name: HardPageName): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer('');
  doc.setCreator('');
  const page = doc.addPage([SIDE, SIDE]);
  MAKERS[name](doc, page);
  return doc.save({ useObjectStreams: false });
}
