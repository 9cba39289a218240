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
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { PdfiumDocument, PdfiumLoadError, pdfiumHeapBytes } from './render-pdfium.mjs';

const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
// pdf.js reads a file's information and outline only (an `info` job, once a file): loaded on the first one, so a
// worker started in the place of a recycled one (workers.ts), which mostly draws, does not carry its module.
/** @type {Promise<typeof import('pdfjs-dist')> | null} */
let pdfjsModule = null;
const loadPdfjs = () => (pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

// Sizes at 1x of covers and story pictures, from server/media/render.ts (COVER_SIZE, STORY_IMAGE_SIZE) via workers.ts.
const COVER_WIDTH = workerData.coverWidth;
const STORY_SIZE = workerData.storySize;
const SCALES = [1, 2, 3];
// A page stores its 3x alone (its master): the site makes 1x and 2x from it when first asked for and keeps them, so
// a page costs one image at import (server/media/serve.ts). Covers and story pictures are small: all three scales.
const PAGE_SCALES = [3];
// Only WebP is stored: the site makes a page's JPEG on the first request of a browser without WebP and keeps it
// (server/media/serve.ts). Effort 0: the encoding is most of a page's work, and effort 0 costs 0.6 of effort 2's CPU
// for 14% more bytes on photo pages and 34% more on text pages (measured on 36 Debian documentation pages at 3x:
// 100 against 164 ms a page, 162 against 121 kB; on image-heavy generated pages 120 against 221 ms, 225 against
// 198 kB), within the 300 kB a page stored.
const WEBP = { quality: 70, effort: 0 };

// One worker per core: sharp's own thread pool on top would oversubscribe the machine, and each image is made once.
sharp.concurrency(1);
sharp.cache(false);
// Drawing yields to the site: on Linux a priority set from a thread applies to that thread alone.
const NICE = Number(process.env.IMPORT_NICE ?? 10);
try {
  os.setPriority(NICE);
} catch {
  // not permitted here; draw at normal priority
}

/**
 * sharp encodes on libvips's own threads, which start at the priority of the thread that made them (libuv's pool, at
 * the process's), not this worker's: the encoding, most of a page's work, would not yield to the site. Each job
 * lowers the priority of the libvips threads that are not lowered yet (Linux; elsewhere nothing to do). In the site's
 * process that includes the threads its own images are made on, which then yield to its requests too.
 */
function lowerEncodingThreads() {
  let tasks;
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const task of tasks) {
    try {
      if (readFileSync(`/proc/self/task/${task}/comm`, 'latin1').startsWith('libvips') && os.getPriority(Number(task)) < NICE) os.setPriority(Number(task), NICE);
    } catch {
      // the thread ended, or lowering is not permitted
    }
  }
}

/** A PDF the import refuses; its message is what the operator reads. */
class PdfError extends Error {}

async function openPdf(file) {
  const data = new Uint8Array(await fs.readFile(file));
  if (!Buffer.from(data.subarray(0, 1024)).toString('latin1').includes('%PDF-')) throw new PdfError('not a PDF (no %PDF- header)');
  // A copy cut short ends without %%EOF; pdf.js would quietly repair it and import what survived.
  if (!Buffer.from(data.subarray(Math.max(0, data.length - 1024))).toString('latin1').includes('%%EOF')) {
    throw new PdfError('the file is truncated (no %%EOF at its end)');
  }
  const pdfjs = await loadPdfjs();
  try {
    const doc = await pdfjs.getDocument({
      data,
      // Without these, standard fonts draw blank, CJK text loses its characters and JPEG 2000 / JBIG2 images draw nothing.
      standardFontDataUrl: `${PDFJS_ROOT}/standard_fonts/`,
      cMapUrl: `${PDFJS_ROOT}/cmaps/`,
      cMapPacked: true,
      wasmUrl: `${PDFJS_ROOT}/wasm/`,
      isEvalSupported: false,
      // Errors only: what the file lost is read from PDFium and the file's bytes, not from pdf.js's console.
      verbosity: 0,
    }).promise;
    return doc;
  } catch (error) {
    if (error?.name === 'PasswordException') throw new PdfError('the PDF is encrypted (it needs a password)');
    if (error?.name === 'InvalidPDFException') throw new PdfError('the PDF is corrupt (pdf.js cannot read its structure)');
    throw new PdfError(`the PDF cannot be read: ${error?.message ?? error}`);
  }
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

/**
 * The file's information and outline by pdf.js, whose document is destroyed as soon as they are read: it is asked
 * once a file, and its parsed objects and a copy of the file's bytes would otherwise stay while PDFium draws.
 */
async function info(file) {
  const doc = await openPdf(file);
  try {
    const { info: dictionary = {} } = await doc.getMetadata();
    // PDFium's own reading of the file, which draws it: whether it had to rebuild it from the objects it found.
    const rebuilt = await drawingOf(file).then(
      (drawn) => drawn.rebuilt,
      () => false,
    );
    return {
      pageCount: doc.numPages,
      title: clean(dictionary.Title),
      author: clean(dictionary.Author),
      producer: clean(dictionary.Producer),
      creationDate: creationDay(dictionary.CreationDate),
      rebuilt,
      outline: await outlineOf(doc),
    };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
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
  const raw = page.text();
  const plain = raw
    .split(/\r?\n/)
    .map((line) => line.replace(/[\s\u200b\u2060]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  // Characters, but none to read (no-break spaces, other spaces): a page without text, which the summary counts.
  const blankOnly = !plain && /[^\r\n]/.test(raw);
  return { text: plain, lines: page.lines(), blankOnly };
}

/** The WebP of a raw image (RGB, or RGBX whose fourth channel is dropped) into `view/{scale}.webp` (its JPEG is made when a browser first asks for one). */
async function encode(input, view, scale) {
  const image = sharp(input.data, { raw: input.raw });
  await (input.raw.channels === 4 ? image.removeAlpha() : image).webp(WEBP).toFile(path.join(view, `${scale}.webp`));
}

/**
 * Draws the page's master, `width` px wide at 1x times `scale` (3, or less for a page too large for that), and encodes
 * it as `view/3.webp`, the master's address whatever its scale. Resolves to the drawing's pixels and whether drawing
 * failed (a white page stands in).
 */
async function drawMaster(page, base, width, folder, scale) {
  const view = path.join(folder, 'view');
  await fs.mkdir(view, { recursive: true });
  let broken = false;
  let drawing;
  const pixelWidth = Math.round(width * scale);
  const pixelHeight = Math.max(1, Math.round((base.height * pixelWidth) / base.width));
  try {
    drawing = page.draw(pixelWidth, pixelHeight);
  } catch {
    broken = true;
    drawing = { data: Buffer.alloc(pixelWidth * pixelHeight * 3, 255), raw: { width: pixelWidth, height: pixelHeight, channels: 3 }, release() {} };
  }
  try {
    await encode(drawing, view, PAGE_SCALES[0]);
  } catch (error) {
    drawing.release();
    throw error;
  }
  return { drawing, broken };
}

/** Whether a drawing holds nothing but white (a page of a damaged file that PDFium rebuilt into emptiness). */
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

/** A raw image resized (Lanczos) to exactly `width` x `height`, as raw pixels. */
async function resizedRaw(input, width, height, region) {
  const pipeline = sharp(input.data, { raw: input.raw });
  if (region) pipeline.extract(region);
  const { data, info } = await pipeline.resize({ width, height, fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * view/{1,2,3}.webp in each of `folders`, of (a `region` of) the page's 3x drawing resized to `width` times the scale
 * by `heightAt(scale)` (a cover, or a story's picture): the 3x made from the drawing, the 2x and 1x from that 3x (a ninth of the pixels to
 * read), each encoded once and copied to the other folders (stories that start on the same page share a picture).
 */
async function writeScaled(drawing, region, width, heightAt, folders) {
  const views = folders.map((folder) => path.join(folder, 'view'));
  await Promise.all(views.map((view) => fs.mkdir(view, { recursive: true })));
  const largest = await resizedRaw(drawing, width * 3, heightAt(3), region);
  for (const scale of [...SCALES].reverse()) {
    const image = scale === 3 ? largest : await resizedRaw(largest, width * scale, heightAt(scale));
    await encode(image, views[0], scale);
    for (const view of views.slice(1)) await fs.copyFile(path.join(views[0], `${scale}.webp`), path.join(view, `${scale}.webp`));
  }
}

// The most pixels a page's master is drawn with: 20 million, an A2 poster's area at 3x, still more than a 4K screen
// shows of a page zoomed in twice. A master holds its bitmap and the encoder's copies of it at once: one poster page
// of 2268 x 4032 points drawn at 40 million pixels took the import's peak memory to 675 MB, at 20 million 535 MB
// (bench/import, docs/measurements.md). A larger page (an A1 or A0 poster) is drawn at the scale that fits, below 3x
// (below 1x past 20 million square points), and says so. A page larger than MAX_POINTS is refused, not drawn: a PDF
// may declare pages of 14,400 points square, whose 3x bitmap alone would take 5 GB.
const MAX_PIXELS = 20e6;
const MAX_POINTS = 40e6;

/**
 * The scale a page's master is drawn at: 3x, or less for a page too large for MAX_PIXELS at 3x (with a warning in
 * words), below 1x for a page larger than MAX_PIXELS square points. Throws for a page larger than MAX_POINTS.
 */
function masterScale(base, pageNo) {
  const fits = Math.sqrt(MAX_PIXELS / (base.width * base.height));
  if (fits >= PAGE_SCALES[0]) return { scale: PAGE_SCALES[0], warning: null };
  const size = `${Math.round(base.width)} x ${Math.round(base.height)} points`;
  if (base.width * base.height > MAX_POINTS) {
    throw new PdfError(`page ${pageNo} is too large to draw (${size}; a page may cover at most ${Math.round(MAX_POINTS / 1e6)} million square points)`);
  }
  const scale = Math.floor(fits * 100) / 100;
  return {
    scale,
    warning: `page ${pageNo} is too large to draw at ${PAGE_SCALES[0]}× (${size}, over ${Math.round(MAX_PIXELS / 1e6)} million pixels): drawn at ${scale.toFixed(2)}×, a little less sharp when zoomed in`,
  };
}

async function drawPage(job) {
  const drawingDoc = await drawingOf(job.file);
  let page;
  try {
    page = drawingDoc.page(job.pageNo);
  } catch {
    return blankPage(drawingDoc, job);
  }
  // The 3x drawing, in PDFium's heap until released (render-pdfium.mjs `draw`).
  let drawn = null;
  try {
    const base = page.size;
    const master = masterScale(base, job.pageNo);
    const pageWidth = Math.round(base.width);
    // The text first: the drawing lives in PDFium's heap, which reading the text may grow (and so move).
    let text = '';
    let lines = [];
    try {
      ({ text, lines } = pageText(page));
    } catch {
      // no text layer to read: the page is kept as drawn
    }
    const rebuilt = drawingDoc.rebuilt;
    // The page is drawn once, at 3x; the cover and the story pictures are made from that drawing (Lanczos), not drawn
    // again: at a third of its width or less they lose nothing to it.
    const drawing = await drawMaster(page, base, pageWidth, path.join(job.outDir, `page-${job.pageNo}`), master.scale);
    drawn = drawing.drawing;
    const broken = [drawing.broken];
    if (job.cover) {
      const coverHeight = (scale) => Math.max(1, Math.round((base.height * COVER_WIDTH * scale) / base.width));
      await writeScaled(drawn, null, COVER_WIDTH, coverHeight, [path.join(job.outDir, 'cover')]);
    }
    if (job.storyFolders.length) {
      // A story's picture: the middle of its first page, in the story cards' 4:5 frame.
      const { width, height } = drawn.raw;
      const cropWidth = Math.min(width, Math.floor((height * STORY_SIZE.width) / STORY_SIZE.height));
      const cropHeight = Math.floor((cropWidth * STORY_SIZE.height) / STORY_SIZE.width);
      const region = { left: Math.floor((width - cropWidth) / 2), top: Math.floor((height - cropHeight) / 2), width: cropWidth, height: cropHeight };
      await writeScaled(drawn, region, STORY_SIZE.width, (scale) => STORY_SIZE.height * scale, job.storyFolders.map((folder) => path.join(job.outDir, folder)));
    }
    // Nothing drawn and nothing to read, in a file PDFium had to rebuild: the page is not really there.
    const blank = !text && rebuilt && allWhite(drawn);
    drawn.release();
    // What PDFium itself tells (fonts it had to stand in for) and what it draws past silently, read from the file.
    const losses = [...page.losses(), ...page.damage()];
    if (master.warning) losses.push(master.warning.replace(`page ${job.pageNo} `, 'the page '));
    if (broken.some(Boolean)) losses.push('the page could not be drawn: a white page stands in its place');
    return { pageNo: job.pageNo, width: pageWidth, height: Math.round(base.height), text, lines, blank, warnings: losses.map((loss) => `page ${job.pageNo}: ${loss}`) };
  } finally {
    drawn?.release();
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
    masterScale(base, job.pageNo);
    let text = '';
    let lines = [];
    const warnings = [];
    try {
      let blankOnly;
      ({ text, lines, blankOnly } = pageText(page));
      if (blankOnly) warnings.push(`page ${job.pageNo}: its text is only blank characters (no-break or other spaces): it counts as a page without text`);
    } catch {
      // no text layer to read
    }
    return { pageNo: job.pageNo, width: Math.round(base.width), height: Math.round(base.height), text, lines, blank: false, warnings };
  } finally {
    page.close();
  }
}

parentPort.on('message', ({ job }) => {
  lowerEncodingThreads();
  const work = job.kind === 'info' ? info(job.file) : job.kind === 'read' ? readPage(job) : drawPage(job);
  // With every answer, the worker's memory: the pool recycles a worker whose PDFium heap grew too large (workers.ts).
  const memory = () => ({ pdfium: pdfiumHeapBytes(), heap: v8.getHeapStatistics().used_heap_size });
  work.then(
    (result) => parentPort.postMessage({ result, memory: memory() }),
    (error) => parentPort.postMessage({ error: error?.message ?? String(error), refused: error instanceof PdfError, memory: memory() }),
  );
});
