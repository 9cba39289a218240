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
const JPEG = { quality: 82, mozjpeg: false };
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
/** One canvas reused page after page: a canvas's native memory is invisible to the garbage collector. */
let canvas = null;

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

/** The text layer's words in reading order, lines kept; empty for a scan. */
async function pageText(page) {
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str + (item.hasEOL ? '\n' : ' ');
  }
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** view/{1,2,3}.jpg and .webp under `folder`, `width` px wide at 1x: each scale resized once, then encoded twice. */
async function writeScales(image, folder, width, height) {
  const view = path.join(folder, 'view');
  await fs.mkdir(view, { recursive: true });
  for (const scale of SCALES) {
    const { data, info: size } = await image
      .clone()
      .resize({ width: width * scale, height: height ? height * scale : undefined, fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sized = () => sharp(data, { raw: { width: size.width, height: size.height, channels: size.channels } });
    await Promise.all([sized().jpeg(JPEG).toFile(path.join(view, `${scale}.jpg`)), sized().webp(WEBP).toFile(path.join(view, `${scale}.webp`))]);
  }
}

async function drawPage(job) {
  const doc = await documentOf(job.file);
  const page = await doc.getPage(job.pageNo);
  try {
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: 3 });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    if (!canvas) canvas = doc.canvasFactory.create(width, height);
    else if (canvas.canvas.width !== width || canvas.canvas.height !== height) doc.canvasFactory.reset(canvas, width, height);
    await page.render({ canvasContext: canvas.context, canvas: canvas.canvas, viewport, background: '#ffffff' }).promise;
    // RGB once, from the canvas's memory, before the next page draws over it.
    const { data, info: size } = await sharp(canvas.canvas.data(), { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image = sharp(data, { raw: { width: size.width, height: size.height, channels: 3 } });
    const pageWidth = Math.round(base.width);
    await writeScales(image, path.join(job.outDir, `page-${job.pageNo}`), pageWidth);
    if (job.cover) await writeScales(image, path.join(job.outDir, 'cover'), COVER_WIDTH);
    if (job.storyFolders.length) {
      // A story's picture: the middle of its first page, in the story cards' 4:5 frame.
      const cropWidth = Math.min(width, Math.floor((height * STORY_SIZE.width) / STORY_SIZE.height));
      const cropHeight = Math.floor((cropWidth * STORY_SIZE.height) / STORY_SIZE.width);
      const region = { left: Math.floor((width - cropWidth) / 2), top: Math.floor((height - cropHeight) / 2), width: cropWidth, height: cropHeight };
      const crop = await image.clone().extract(region).raw().toBuffer({ resolveWithObject: true });
      for (const folder of job.storyFolders) {
        await writeScales(sharp(crop.data, { raw: { width: crop.info.width, height: crop.info.height, channels: 3 } }), path.join(job.outDir, folder), STORY_SIZE.width, STORY_SIZE.height);
      }
    }
    return { pageNo: job.pageNo, width: pageWidth, height: Math.round(base.height), text: await pageText(page) };
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
