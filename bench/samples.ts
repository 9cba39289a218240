import { randomBytes } from 'node:crypto';
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts, rgb, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Real PDF files made on demand, for the demo (`npm run demo-pdfs`), the tests and the benchmark: text pages, an
 * outline, landscape spreads, scanned-looking pages (a picture and no text layer), pictures, an information
 * dictionary, and a file that asks for a password. No binary is checked in.
 */

export interface SamplePage {
  /** Lines of text printed on the page; none for a scan. */
  lines?: string[];
  /** A landscape page twice as wide (a spread). */
  landscape?: boolean;
  /** A full-page photograph-like picture and no text layer. */
  scanned?: boolean;
  /** A picture in the lower half of the page. */
  picture?: boolean;
  /** A full-page photograph-like picture under the text (an image-heavy magazine page). */
  photo?: boolean;
  /** After its text, a second content stream whose compressed data is garbage: the drawing breaks off there. */
  corruptStream?: boolean;
  /** A picture of this many pixels across the top half: red on its left half, blue on its right. */
  largeImage?: { width: number; height: number };
  /** Two columns under the lines, printed row by row across the page (so reading across them would mix them). */
  columns?: [string[], string[]];
}

export interface SamplePdf {
  pages: SamplePage[];
  /** Top-level bookmarks: a title and the 1-based page it opens. */
  outline?: { title: string; pageNo: number }[];
  info?: { title?: string; author?: string; producer?: string };
  /** Adds a standard security handler, so a reader must ask for a password. */
  encrypted?: boolean;
  /** The page tree's kids point at objects that are not there: every page is unreadable. */
  brokenPageTree?: boolean;
  /** The information dictionary's CreationDate; none by default. */
  creationDate?: Date;
}

const PORTRAIT = { width: 595, height: 842 };

/** A grainy gradient, like a photograph or a scanned page, as a JPEG. */
async function picture(width: number, height: number, seed: number): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed >>> 0 || 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      const noise = (state >>> 24) % 24;
      const i = (y * width + x) * 3;
      pixels[i] = Math.min(255, 200 - Math.round((120 * y) / height) + noise);
      pixels[i + 1] = Math.min(255, 170 + Math.round((60 * x) / width) + noise);
      pixels[i + 2] = Math.min(255, 120 + noise);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 70 }).toBuffer();
}

/**
 * A photograph-like picture: light falling across the frame, shapes with soft edges, texture at several scales and
 * sensor grain, as a JPEG such as a magazine would print (an image-heavy page's size is measured on these).
 */
async function photograph(width: number, height: number, seed: number): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed >>> 0 || 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      const grain = ((state >>> 24) % 12) - 6;
      const light = 60 + (140 * (x + y)) / (width + height);
      const shape = 45 * Math.sin(x / 37 + seed) * Math.cos(y / 53) + 25 * Math.sin((x + 2 * y) / 19) + 12 * Math.sin(x / 5.3) * Math.sin(y / 7.1);
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, light + shape + grain + 20));
      pixels[i + 1] = Math.max(0, Math.min(255, light + shape * 0.7 + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, light - shape * 0.5 + grain + 10));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).blur(0.6).jpeg({ quality: 85 }).toBuffer();
}

/** A two-colour picture (red left, blue right) of any size, small as a JPEG however many pixels it has. */
async function halves(width: number, height: number): Promise<Uint8Array> {
  const twoPixels = Buffer.from([220, 20, 20, 20, 20, 220]);
  return sharp(twoPixels, { raw: { width: 2, height: 1, channels: 3 } })
    .resize(width, height, { kernel: 'nearest', fit: 'fill' })
    .jpeg({ quality: 60 })
    .toBuffer();
}

/** Appends a FlateDecode content stream whose bytes are not a deflate stream to a page's contents. */
function appendCorruptStream(doc: PDFDocument, page: ReturnType<PDFDocument['addPage']>): void {
  const { context } = doc;
  const broken = context.stream(Buffer.from('this is not a deflate stream at all, only words standing where data should be'), { Filter: 'FlateDecode' });
  const ref = context.register(broken);
  // After pdf-lib's own stream, so what came before the damage is drawn.
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [page.node.get(PDFName.of('Contents'))!] : [];
  page.node.set(PDFName.of('Contents'), context.obj([...refs, ref]));
}

export function addOutline(doc: PDFDocument, entries: { title: string; pageNo: number }[]): void {
  const { context } = doc;
  const pageRefs = doc.getPages().map((page) => page.ref);
  const outlinesRef = context.nextRef();
  const itemRefs: PDFRef[] = entries.map(() => context.nextRef());
  entries.forEach((entry, i) => {
    const item = context.obj({});
    item.set(PDFName.of('Title'), PDFHexString.fromText(entry.title));
    item.set(PDFName.of('Parent'), outlinesRef);
    item.set(PDFName.of('Dest'), context.obj([pageRefs[entry.pageNo - 1], PDFName.of('XYZ'), null, null, null]));
    if (i > 0) item.set(PDFName.of('Prev'), itemRefs[i - 1]);
    if (i < entries.length - 1) item.set(PDFName.of('Next'), itemRefs[i + 1]);
    context.assign(itemRefs[i], item);
  });
  const outlines = context.obj({ Type: 'Outlines' });
  if (itemRefs.length) {
    outlines.set(PDFName.of('First'), itemRefs[0]);
    outlines.set(PDFName.of('Last'), itemRefs[itemRefs.length - 1]);
    outlines.set(PDFName.of('Count'), PDFNumber.of(itemRefs.length));
  }
  context.assign(outlinesRef, outlines);
  doc.catalog.set(PDFName.of('Outlines'), outlinesRef);
}

/** An /Encrypt entry with a user password nobody knows: a reader asks for it and gets no further. */
function addEncryption(doc: PDFDocument): void {
  const { context } = doc;
  const encrypt = context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -44 });
  encrypt.set(PDFName.of('O'), PDFHexString.of(randomBytes(32).toString('hex')));
  encrypt.set(PDFName.of('U'), PDFHexString.of(randomBytes(32).toString('hex')));
  context.trailerInfo.Encrypt = context.register(encrypt);
  const id = PDFHexString.of(randomBytes(16).toString('hex'));
  context.trailerInfo.ID = context.obj([id, id]);
}

/** Wraps a line to the page: pdf-lib draws what it is given on one line. */
function wrap(line: string, maxChars: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(/\s+/).filter(Boolean)) {
    if (current && current.length + word.length + 1 > maxChars) {
      out.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) out.push(current);
  return out;
}

export async function makeSamplePdf(sample: SamplePdf): Promise<Uint8Array> {
  // No dates unless asked: a file's creation date is a source of its issue date.
  const doc = await PDFDocument.create({ updateMetadata: false });
  if (sample.creationDate) doc.setCreationDate(sample.creationDate);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // pdf-lib stamps its own producer and dates unless told otherwise; the info dictionary holds only what is asked.
  doc.setProducer(sample.info?.producer ?? '');
  doc.setCreator('');
  if (sample.info?.title) doc.setTitle(sample.info.title);
  if (sample.info?.author) doc.setAuthor(sample.info.author);
  const shared = { picture: null as Awaited<ReturnType<PDFDocument['embedJpg']>> | null };
  for (const [index, spec] of sample.pages.entries()) {
    const size = spec.landscape ? { width: PORTRAIT.width * 2, height: PORTRAIT.height } : PORTRAIT;
    const page = doc.addPage([size.width, size.height]);
    if (spec.scanned) {
      const scan = await doc.embedJpg(await picture(600, 850, index + 7));
      page.drawImage(scan, { x: 0, y: 0, width: size.width, height: size.height });
      continue;
    }
    if (spec.photo) {
      const photo = await doc.embedJpg(await photograph(1200, 1700, index + 11));
      page.drawImage(photo, { x: 0, y: 0, width: size.width, height: size.height });
    }
    if (spec.largeImage) {
      const large = await doc.embedJpg(await halves(spec.largeImage.width, spec.largeImage.height));
      page.drawImage(large, { x: 0, y: size.height / 2, width: size.width, height: size.height / 2 });
    }
    let y = size.height - 64;
    for (const [i, line] of (spec.lines ?? []).entries()) {
      const heading = i === 0;
      const fontSize = heading ? 22 : 12;
      for (const part of wrap(line, heading ? 40 : Math.round(size.width / 6.2))) {
        page.drawText(part, { x: 48, y, size: fontSize, font: heading ? bold : font, color: rgb(0.1, 0.1, 0.1) });
        y -= fontSize * 1.5;
      }
      if (y < 120) break;
    }
    if (spec.columns) {
      const [left, right] = spec.columns.map((column) => column.flatMap((line) => wrap(line, Math.round(size.width / 14))));
      for (let row = 0; row < Math.max(left.length, right.length) && y > 60; row += 1, y -= 18) {
        if (left[row]) page.drawText(left[row], { x: 48, y, size: 12, font, color: rgb(0.1, 0.1, 0.1) });
        if (right[row]) page.drawText(right[row], { x: size.width / 2 + 12, y, size: 12, font, color: rgb(0.1, 0.1, 0.1) });
      }
    }
    if (spec.picture) {
      shared.picture ??= await doc.embedJpg(await picture(400, 260, 3));
      page.drawImage(shared.picture, { x: 48, y: 60, width: Math.min(400, size.width - 96), height: 260 });
    }
    if (spec.corruptStream) appendCorruptStream(doc, page);
  }
  if (sample.outline?.length) addOutline(doc, sample.outline);
  if (sample.encrypted) addEncryption(doc);
  if (sample.brokenPageTree) {
    const missing = doc.getPages().map(() => doc.context.nextRef());
    doc.catalog.Pages().set(PDFName.of('Kids'), doc.context.obj(missing));
  }
  return doc.save({ useObjectStreams: false });
}

/** Sentences for filler pages, so every page holds searchable words. */
export function fillerLines(pageNo: number, count = 12): string[] {
  const words = ['library', 'harbour', 'season', 'market', 'garden', 'river', 'council', 'festival', 'archive', 'weather', 'school', 'bridge'];
  return Array.from({ length: count }, (_, i) => {
    const w = (k: number) => words[(pageNo * 7 + i * 3 + k) % words.length];
    return `The ${w(0)} and the ${w(1)} met the ${w(2)} near the ${w(3)}, page ${pageNo} line ${i + 1}.`;
  });
}
