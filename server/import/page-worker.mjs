/**
 * A worker thread that reads PDFs for the import (server/import/workers.ts): a document's information and outline
 * (pdf.js), and its pages drawn to what the site serves (a page's 3x WebP, from which the site makes the other sizes
 * and the JPEG on request; the cover and story pictures at 1x/2x/3x) with their size and text (PDFium,
 * render-pdfium.mjs: chosen by measurement, docs/operations.md). One document open at a time, one job at a time.
 *
 * Plain JavaScript on purpose: it runs in Node without tsx, which would transform pdf.js's 2 MB module in every thread
 * and cost each of them over 200 MB (measured: 36 MB natively, 230 MB through tsx). The shapes it answers are typed
 * in workers.ts.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { PdfiumDocument, PdfiumLoadError } from './render-pdfium.mjs';

const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

// Sizes at 1x of covers and story pictures, from server/media/render.ts (COVER_SIZE, STORY_IMAGE_SIZE) via workers.ts.
const COVER_WIDTH = workerData.coverWidth;
const STORY_SIZE = workerData.storySize;
const SCALES = [1, 2, 3];
// A page stores its 3x alone (its master): the site makes 1x and 2x from it when first asked for and keeps them, so
// a page costs one image at import (server/media/serve.ts). Covers and story pictures are small: all three scales.
const PAGE_SCALES = [3];
// Only WebP is stored: the site makes a page's JPEG on the first request of a browser without WebP and keeps it
// (server/media/serve.ts). Quality 70 at effort 2 costs about what the JPEG and WebP at effort 0 cost together, for
// a third fewer bytes than that WebP alone (measured on a photo page at 3x: 750 -> 593 kB for all three scales).
const WEBP = { quality: 70, effort: 2 };

// One worker per core: sharp's own thread pool on top would oversubscribe the machine, and each image is made once.
sharp.concurrency(1);
sharp.cache(false);
// Drawing yields to the site: on Linux a priority set from a thread applies to that thread alone.
try {
  os.setPriority(Number(process.env.IMPORT_NICE ?? 10));
} catch {
  // not permitted here; draw at normal priority
}

/** A PDF the import refuses; its message is what the operator reads. */
class PdfError extends Error {}

/**
 * What pdf.js says while it works: it draws past what it cannot read and tells only through a console warning, so
 * the warnings heard during a job are how a page learns it lost something. One job at a time: the job clears it.
 */
let heard = [];
console.warn = (...parts) => {
  heard.push(parts.map(String).join(' '));
};

/** pdf.js's warnings that mean part of a page was not drawn, in the operator's words. */
const LOSSES = [
  [/Image exceeded maximum allowed size/, () => `an image larger than ${MAX_IMAGE_PIXELS / 1e6} million pixels was left out`],
  [/Invalid stream/, () => 'a damaged content stream could not be read: what it held was left out'],
  [/Unable to decode image/, () => 'an image that could not be decoded was left out'],
  [/ignoring errors during "GetOperatorList"|ignoring operator/, () => 'the page\'s drawing instructions are damaged: what follows the damage was left out'],
  [/ignoring XObject/, () => 'a picture or drawn group that could not be read was left out'],
  [/ignoring Shading/, () => 'a colour gradient that could not be read was left out'],
  [/ignoring ExtGState/, () => 'transparency or line settings that could not be read were ignored'],
  [/Error during font loading|Loading of font failed/, () => 'a font that could not be read was replaced'],
];

/** The losses heard since `from`, each named once. */
function lossesHeard(from = 0) {
  const losses = new Set();
  for (const message of heard.slice(from)) {
    for (const [pattern, words] of LOSSES) if (pattern.test(message)) losses.add(words());
  }
  return [...losses];
}

/** @type {{ file: string, doc: Promise<import('pdfjs-dist').PDFDocumentProxy> } | null} */
let open = null;

async function openPdf(file) {
  const data = new Uint8Array(await fs.readFile(file));
  if (!Buffer.from(data.subarray(0, 1024)).toString('latin1').includes('%PDF-')) throw new PdfError('not a PDF (no %PDF- header)');
  // A copy cut short ends without %%EOF; pdf.js would quietly repair it and import what survived.
  if (!Buffer.from(data.subarray(Math.max(0, data.length - 1024))).toString('latin1').includes('%%EOF')) {
    throw new PdfError('the file is truncated (no %%EOF at its end)');
  }
  try {
    const doc = await pdfjs.getDocument({
      data,
      // Without these, standard fonts draw blank, CJK text loses its characters and JPEG 2000 / JBIG2 images draw nothing.
      standardFontDataUrl: `${PDFJS_ROOT}/standard_fonts/`,
      cMapUrl: `${PDFJS_ROOT}/cmaps/`,
      cMapPacked: true,
      wasmUrl: `${PDFJS_ROOT}/wasm/`,
      isEvalSupported: false,
      maxImageSize: MAX_IMAGE_PIXELS,
      // Warnings on: they are how a lost image or a damaged content stream is heard (see LOSSES).
      verbosity: 1,
    }).promise;
    // pdf.js rebuilds a file whose cross-reference table is broken from whatever objects it finds.
    doc.rebuilt = heard.some((message) => message.includes('Indexing all PDF objects'));
    return doc;
  } catch (error) {
    if (error?.name === 'PasswordException') throw new PdfError('the PDF is encrypted (it needs a password)');
    if (error?.name === 'InvalidPDFException') throw new PdfError('the PDF is corrupt (pdf.js cannot read its structure)');
    throw new PdfError(`the PDF cannot be read: ${error?.message ?? error}`);
  }
}

function documentOf(file) {
  if (open?.file !== file) {
    const previous = open;
    open = { file, doc: openPdf(file) };
    // A failed open is reported by the job that asked; the next job opens it again.
    open.doc.catch(() => {
      if (open?.file === file) open = null;
    });
    void previous?.doc.then((doc) => doc.destroy()).catch(() => undefined);
  }
  return open.doc;
}

/** @type {{ file: string, doc: Promise<PdfiumDocument> } | null} */
let drawing = null;

/** The file open in PDFium for drawing, one at a time: the previous one is closed, freeing its part of the heap. */
function drawingOf(file) {
  if (drawing?.file !== file) {
    const previous = drawing;
    drawing = {
      file,
      doc: fs.readFile(file).then((data) =>
        PdfiumDocument.open(new Uint8Array(data)).catch((error) => {
          throw error instanceof PdfiumLoadError ? new PdfError(error.message) : error;
        }),
      ),
    };
    drawing.doc.catch(() => {
      if (drawing?.file === file) drawing = null;
    });
    void previous?.doc.then((doc) => doc.close()).catch(() => undefined);
  }
  return drawing.doc;
}

const clean = (value) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

/** Top-level outline entries with a title and a page they open, in page order. */
async function outlineOf(doc) {
  const entries = [];
  for (const item of (await doc.getOutline()) ?? []) {
    const title = clean(item.title);
    if (!title) continue;
    const dest = typeof item.dest === 'string' ? await doc.getDestination(item.dest) : item.dest;
    const target = Array.isArray(dest) ? dest[0] : null;
    if (target === null || target === undefined) continue;
    const index = typeof target === 'number' ? target : await doc.getPageIndex(target).catch(() => -1);
    if (index >= 0 && index < doc.numPages) entries.push({ title, pageNo: index + 1 });
  }
  return entries.sort((a, b) => a.pageNo - b.pageNo);
}

async function info(file) {
  const doc = await documentOf(file);
  const { info: dictionary = {} } = await doc.getMetadata();
  return {
    pageCount: doc.numPages,
    title: clean(dictionary.Title),
    author: clean(dictionary.Author),
    producer: clean(dictionary.Producer),
    creationDate: creationDay(dictionary.CreationDate),
    rebuilt: doc.rebuilt === true,
    outline: await outlineOf(doc),
  };
}

/** The day of a PDF date (`D:20260514093000+02'00'`) as YYYY-MM-DD, or null when it is not one. */
function creationDay(value) {
  const match = typeof value === 'string' ? /^(?:D:)?(\d{4})(\d{2})?(\d{2})?/.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2] ?? 1), Number(match[3] ?? 1)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The page's text: its words in PDFium's reading order, lines kept (empty for a scan), and its positioned lines (the
 * text layer, lib/text-layer.ts TextLine) in page units from the top left (render-pdfium.mjs `lines`).
 */
function pageText(page) {
  const plain = page
    .text()
    .split(/\r?\n/)
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  return { text: plain, lines: page.lines() };
}

/** The WebP of a raw image into `view/{scale}.webp` (its JPEG is made when a browser first asks for one). */
async function encode(input, view, scale) {
  await sharp(input.data, { raw: input.raw }).removeAlpha().webp(WEBP).toFile(path.join(view, `${scale}.webp`));
}

/**
 * Draws the page `width` px wide (`width` at 1x, times each of `scales`) and encodes it: each scale drawn from the PDF
 * at its own size. Resolves to the largest drawing's pixels and whether drawing failed (a white page stands in).
 */
async function drawScales(page, base, width, folder, scales) {
  const view = path.join(folder, 'view');
  await fs.mkdir(view, { recursive: true });
  let largest = null;
  let broken = false;
  for (const scale of scales) {
    const pixelWidth = Math.round(width * scale);
    const pixelHeight = Math.max(1, Math.round((base.height * pixelWidth) / base.width));
    try {
      largest = page.draw(pixelWidth, pixelHeight);
    } catch {
      broken = true;
      largest = { data: Buffer.alloc(pixelWidth * pixelHeight * 4, 255), raw: { width: pixelWidth, height: pixelHeight, channels: 4 } };
    }
    await encode(largest, view, scale);
  }
  return { drawing: largest, broken };
}

/** Whether a drawing holds nothing but white (a page of a damaged file that pdf.js rebuilt into emptiness). */
function allWhite(drawing) {
  const { data } = drawing;
  for (let i = 0; i < data.length; i += 1) if (data[i] !== 255) return false;
  return true;
}

/** A white page in the place of one that could not be read at all, the size of the document's first page. */
async function blankPage(doc, job) {
  let first = { width: 595, height: 842 };
  try {
    const page = doc.page(1);
    first = page.size;
    page.close();
  } catch {
    // not even the first page can be read: A4 stands in
  }
  const size = { width: Math.round(first.width), height: Math.round(first.height) };
  const folders = [[`page-${job.pageNo}`, size.width], ...(job.cover ? [['cover', COVER_WIDTH]] : []), ...job.storyFolders.map((folder) => [folder, STORY_SIZE.width])];
  for (const [folder, width] of folders) {
    const view = path.join(job.outDir, folder, 'view');
    await fs.mkdir(view, { recursive: true });
    const heightOf = folder.startsWith('story-') ? STORY_SIZE.height : Math.round((width * size.height) / size.width);
    for (const scale of folder.startsWith('page-') ? PAGE_SCALES : SCALES) {
      const raw = { width: width * scale, height: heightOf * scale, channels: 4 };
      await encode({ data: Buffer.alloc(raw.width * raw.height * 4, 255), raw }, view, scale);
    }
  }
  return { pageNo: job.pageNo, ...size, text: '', blank: true, warnings: [`page ${job.pageNo}: the page could not be read at all: a blank page stands in its place`] };
}

/** view/{1,2,3} of a region of the 3x drawing, resized to `size` at each scale (a story's picture). */
async function writeCrop(drawing, region, size, folder) {
  const view = path.join(folder, 'view');
  await fs.mkdir(view, { recursive: true });
  for (const scale of SCALES) {
    const resized = await sharp(drawing.data, { raw: drawing.raw })
      .extract(region)
      .resize({ width: size.width * scale, height: size.height * scale, fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    await encode({ data: resized.data, raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } }, view, scale);
  }
}

// The largest page drawn: 40 million pixels at 3x (a 160 MB canvas), an A1 poster's area. A page past it is refused,
// not drawn: a PDF may declare pages of 14,400 points square, whose 3x canvas alone would take 7 GB.
const MAX_PIXELS_3X = 40e6;
// The largest image pdf.js decodes, in pixels: pdf.js only reads the outline here; PDFium draws images of any size.
const MAX_IMAGE_PIXELS = 40e6;

async function drawPage(job) {
  const drawingDoc = await drawingOf(job.file);
  let page;
  try {
    page = drawingDoc.page(job.pageNo);
  } catch {
    return blankPage(drawingDoc, job);
  }
  try {
    const base = page.size;
    if (base.width * 3 * base.height * 3 > MAX_PIXELS_3X) {
      throw new PdfError(`page ${job.pageNo} is too large to draw (${Math.round(base.width)} x ${Math.round(base.height)} points; a page may cover at most ${Math.round(MAX_PIXELS_3X / 9 / 1e6 * 10) / 10} million square points)`);
    }
    const pageWidth = Math.round(base.width);
    const heardBefore = heard.length;
    const broken = [];
    if (job.cover) broken.push((await drawScales(page, base, COVER_WIDTH, path.join(job.outDir, 'cover'), SCALES)).broken);
    // Drawn last, so the 3x pixels are this page's when a story's picture is cut from them.
    const { drawing: drawn, broken: pageBroken } = await drawScales(page, base, pageWidth, path.join(job.outDir, `page-${job.pageNo}`), PAGE_SCALES);
    broken.push(pageBroken);
    if (job.storyFolders.length) {
      // A story's picture: the middle of its first page, in the story cards' 4:5 frame.
      const { width, height } = drawn.raw;
      const cropWidth = Math.min(width, Math.floor((height * STORY_SIZE.width) / STORY_SIZE.height));
      const cropHeight = Math.floor((cropWidth * STORY_SIZE.height) / STORY_SIZE.width);
      const region = { left: Math.floor((width - cropWidth) / 2), top: Math.floor((height - cropHeight) / 2), width: cropWidth, height: cropHeight };
      for (const folder of job.storyFolders) await writeCrop(drawn, region, STORY_SIZE, path.join(job.outDir, folder));
    }
    let text = '';
    let lines = [];
    try {
      ({ text, lines } = pageText(page));
    } catch {
      // no text layer to read: the page is kept as drawn
    }
    const losses = [...page.losses(), ...lossesHeard(heardBefore)];
    if (broken.some(Boolean)) losses.push('the page could not be drawn: a white page stands in its place');
    // Nothing drawn and nothing to read, in a file pdf.js had to rebuild: the page is not really there.
    const blank = !text && allWhite(drawn) && (await documentOf(job.file).then((doc) => doc.rebuilt === true, () => true));
    return { pageNo: job.pageNo, width: pageWidth, height: Math.round(base.height), text, lines, blank, warnings: losses.map((loss) => `page ${job.pageNo}: ${loss}`) };
  } finally {
    page.close();
  }
}

/**
 * A page's size and text without drawing it (the import's plan: an issue's rows are written before its pages are
 * drawn). A page PDFium cannot load is blank, the size of the first page; a page too large to draw is refused here.
 */
async function readPage(job) {
  const drawingDoc = await drawingOf(job.file);
  let page;
  try {
    page = drawingDoc.page(job.pageNo);
  } catch {
    let first = { width: 595, height: 842 };
    try {
      const one = drawingDoc.page(1);
      first = one.size;
      one.close();
    } catch {
      // not even the first page can be read: A4 stands in
    }
    return { pageNo: job.pageNo, width: Math.round(first.width), height: Math.round(first.height), text: '', lines: [], blank: true, warnings: [`page ${job.pageNo}: the page could not be read at all: a blank page stands in its place`] };
  }
  try {
    const base = page.size;
    if (base.width * 3 * base.height * 3 > MAX_PIXELS_3X) {
      throw new PdfError(`page ${job.pageNo} is too large to draw (${Math.round(base.width)} x ${Math.round(base.height)} points; a page may cover at most ${Math.round(MAX_PIXELS_3X / 9 / 1e6 * 10) / 10} million square points)`);
    }
    let text = '';
    let lines = [];
    try {
      ({ text, lines } = pageText(page));
    } catch {
      // no text layer to read
    }
    return { pageNo: job.pageNo, width: Math.round(base.width), height: Math.round(base.height), text, lines, blank: false, warnings: [] };
  } finally {
    page.close();
  }
}

parentPort.on('message', ({ job }) => {
  heard = [];
  const work = job.kind === 'info' ? info(job.file) : job.kind === 'read' ? readPage(job) : drawPage(job);
  work.then(
    (result) => parentPort.postMessage({ result }),
    (error) => parentPort.postMessage({ error: error?.message ?? String(error), refused: error instanceof PdfError }),
  );
});
