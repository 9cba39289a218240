/**
 * A worker thread that reads PDFs for the import (server/import/workers.ts): a document's information and outline,
 * and its pages drawn to what the site serves (1x/2x/3x JPEG with a WebP twin, the cover, story pictures) with their
 * size and text. One document open at a time, one job at a time.
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

const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

// Sizes at 1x of covers and story pictures, from server/media/render.ts (COVER_SIZE, STORY_IMAGE_SIZE) via workers.ts.
const COVER_WIDTH = workerData.coverWidth;
const STORY_SIZE = workerData.storySize;
const SCALES = [1, 2, 3];
// No Huffman optimisation pass: 40% less encoding time for 7% larger files, and the JPEG is only the fallback of
// browsers that do not take the WebP twin (measured at 3x on a text page: 37 -> 23 ms, 425 -> 455 kB).
const JPEG = { quality: 82, mozjpeg: false, optimiseCoding: false };
// effort 0: the fastest WebP, about a third of the default's time for a slightly larger file.
const WEBP = { quality: 78, effort: 0 };

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

/** @type {{ file: string, doc: Promise<import('pdfjs-dist').PDFDocumentProxy> } | null} */
let open = null;
/** A canvas per scale, reused page after page: a canvas's native memory is invisible to the garbage collector. */
const canvases = new Map();
/** The open document's canvas factory (pdf.js makes one per document). */
let canvasFactory = null;

async function openPdf(file) {
  const data = new Uint8Array(await fs.readFile(file));
  if (!Buffer.from(data.subarray(0, 1024)).toString('latin1').includes('%PDF-')) throw new PdfError('not a PDF (no %PDF- header)');
  // A copy cut short ends without %%EOF; pdf.js would quietly repair it and import what survived.
  if (!Buffer.from(data.subarray(Math.max(0, data.length - 1024))).toString('latin1').includes('%%EOF')) {
    throw new PdfError('the file is truncated (no %%EOF at its end)');
  }
  try {
    return await pdfjs.getDocument({
      data,
      // Without these, standard fonts draw blank, CJK text loses its characters and JPEG 2000 / JBIG2 images draw nothing.
      standardFontDataUrl: `${PDFJS_ROOT}/standard_fonts/`,
      cMapUrl: `${PDFJS_ROOT}/cmaps/`,
      cMapPacked: true,
      wasmUrl: `${PDFJS_ROOT}/wasm/`,
      isEvalSupported: false,
      maxImageSize: MAX_IMAGE_PIXELS,
      verbosity: 0,
    }).promise;
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
  return { pageCount: doc.numPages, title: clean(dictionary.Title), author: clean(dictionary.Author), producer: clean(dictionary.Producer), outline: await outlineOf(doc) };
}

const tenth = (n) => Math.round(n * 10) / 10;

/**
 * The page's text: its words as the PDF orders them, lines kept (empty for a scan), and its positioned lines (the
 * text layer, lib/text-layer.ts TextLine) in page units from the top left. A line ends where the PDF ends one, where
 * the baseline moves, or at a gap wider than two spaces of its type (the next column on the same baseline).
 */
async function pageText(page, viewport) {
  const content = await page.getTextContent();
  let text = '';
  const lines = [];
  let line = null;
  const finish = () => {
    if (line && line.text.trim()) {
      lines.push({ text: line.text.replace(/[ \t\u00a0]+/g, ' ').trim(), x: tenth(line.x), y: tenth(line.baseline - line.size * 0.8), w: tenth(line.right - line.x), h: tenth(line.size), size: tenth(line.size) });
    }
    line = null;
  };
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str + (item.hasEOL ? '\n' : ' ');
    const [, , c, d, x, baseline] = pdfjs.Util.transform(viewport.transform, item.transform);
    const size = Math.hypot(c, d);
    const width = item.width * viewport.scale;
    if (item.str.trim() && size > 0) {
      const joins = line && Math.abs(baseline - line.baseline) < line.size * 0.3 && x - line.right < line.size * 2 && x >= line.x;
      if (!joins) finish();
      if (!line) line = { text: '', x, baseline, right: x, size };
      else if (x - line.right > size * 0.15 && !/\s$/.test(line.text)) line.text += ' ';
      line.text += item.str;
      line.right = Math.max(line.right, x + width);
      line.size = Math.max(line.size, size);
    }
    if (item.hasEOL) finish();
  }
  finish();
  const plain = text
    .split('\n')
    .map((row) => row.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  return { text: plain, lines };
}

/** JPEG and WebP of a raw image into `view/{scale}.jpg` and `.webp`, from one decoded input. */
async function encode(input, view, scale) {
  await Promise.all([sharp(input.data, { raw: input.raw }).removeAlpha().jpeg(JPEG).toFile(path.join(view, `${scale}.jpg`)), sharp(input.data, { raw: input.raw }).removeAlpha().webp(WEBP).toFile(path.join(view, `${scale}.webp`))]);
}

/**
 * Draws the page `width` px wide (`width` at 1x, times each scale) into that scale's canvas and encodes it: each
 * scale drawn from the PDF at its own size, which costs less than resampling the 3x drawing twice and keeps type
 * sharp at 1x. Resolves to the 3x drawing's pixels (valid until this page's next draw at 3x).
 */
async function drawScales(page, base, width, folder) {
  const view = path.join(folder, 'view');
  await fs.mkdir(view, { recursive: true });
  let largest = null;
  for (const scale of SCALES) {
    const viewport = page.getViewport({ scale: (width * scale) / base.width });
    const pixels = { width: Math.round(viewport.width), height: Math.round(viewport.height) };
    let canvas = canvases.get(scale);
    if (!canvas) canvases.set(scale, (canvas = canvasFactory.create(pixels.width, pixels.height)));
    else if (canvas.canvas.width !== pixels.width || canvas.canvas.height !== pixels.height) canvasFactory.reset(canvas, pixels.width, pixels.height);
    await page.render({ canvasContext: canvas.context, canvas: canvas.canvas, viewport, background: '#ffffff' }).promise;
    largest = { data: canvas.canvas.data(), raw: { ...pixels, channels: 4 } };
    await encode(largest, view, scale);
  }
  return largest;
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
// The largest image pdf.js decodes, in pixels (a 600 dpi A4 scan is 35 million); a larger one is left undrawn.
const MAX_IMAGE_PIXELS = 40e6;

async function drawPage(job) {
  const doc = await documentOf(job.file);
  canvasFactory = doc.canvasFactory;
  const page = await doc.getPage(job.pageNo);
  try {
    const base = page.getViewport({ scale: 1 });
    if (base.width * 3 * base.height * 3 > MAX_PIXELS_3X) {
      throw new PdfError(`page ${job.pageNo} is too large to draw (${Math.round(base.width)} x ${Math.round(base.height)} points; a page may cover at most ${Math.round(MAX_PIXELS_3X / 9 / 1e6 * 10) / 10} million square points)`);
    }
    const pageWidth = Math.round(base.width);
    if (job.cover) await drawScales(page, base, COVER_WIDTH, path.join(job.outDir, 'cover'));
    // Drawn last, so the 3x pixels are this page's when a story's picture is cut from them.
    const drawing = await drawScales(page, base, pageWidth, path.join(job.outDir, `page-${job.pageNo}`));
    if (job.storyFolders.length) {
      // A story's picture: the middle of its first page, in the story cards' 4:5 frame.
      const { width, height } = drawing.raw;
      const cropWidth = Math.min(width, Math.floor((height * STORY_SIZE.width) / STORY_SIZE.height));
      const cropHeight = Math.floor((cropWidth * STORY_SIZE.height) / STORY_SIZE.width);
      const region = { left: Math.floor((width - cropWidth) / 2), top: Math.floor((height - cropHeight) / 2), width: cropWidth, height: cropHeight };
      for (const folder of job.storyFolders) await writeCrop(drawing, region, STORY_SIZE, path.join(job.outDir, folder));
    }
    const { text, lines } = await pageText(page, page.getViewport({ scale: pageWidth / base.width }));
    return { pageNo: job.pageNo, width: pageWidth, height: Math.round(base.height), text, lines };
  } finally {
    page.cleanup();
  }
}

parentPort.on('message', ({ id, job }) => {
  const work = job.kind === 'info' ? info(job.file) : drawPage(job);
  work.then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: error?.message ?? String(error), refused: error instanceof PdfError }),
  );
});
