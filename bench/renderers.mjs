/**
 * Which engine draws and reads PDFs best: `node bench/renderers.mjs <file.pdf | folder>...` (plain Node, as the page
 * worker runs: pdf.js through tsx would cost each run 200 MB and its time).
 *
 * Every page of every file is drawn at 1x, 2x and 3x by pdf.js (through @napi-rs/canvas, as the import drew before)
 * and by PDFium (server/import/render-pdfium.mjs, as the import draws now), one page after the other in the same run.
 * Prints, per engine: pages/s drawing at each scale (one thread), the mean absolute difference per channel (0-255)
 * from `pdftoppm -r 144` at 2x (poppler-utils, for the bench only), and the words of its text against `pdftotext`
 * (F1) with the time to read them. SAVE=<dir> writes each page's three pictures there to look at.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { PdfiumDocument } from '../server/import/render-pdfium.mjs';

const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
sharp.concurrency(1);

const SCALES = [1, 2, 3];
const ENGINES = ['pdf.js', 'PDFium'];

function pdfsUnder(target) {
  if (fs.statSync(target).isFile()) return [target];
  return fs
    .readdirSync(target, { recursive: true })
    .map((name) => path.join(target, name))
    .filter((file) => /\.pdf$/i.test(file) && fs.statSync(file).isFile())
    .sort();
}

/** Words as compared: NFKC, split at spaces and punctuation. */
const wordsOf = (text) => text.normalize('NFKC').split(/[\s\p{P}]+/u).filter(Boolean);

/** F1 of two bags of words (1 when both are empty). */
function wordF1(found, expected) {
  if (!found.length && !expected.length) return 1;
  const left = new Map();
  for (const word of expected) left.set(word, (left.get(word) ?? 0) + 1);
  let hits = 0;
  for (const word of found) {
    const n = left.get(word);
    if (n) {
      hits += 1;
      left.set(word, n - 1);
    }
  }
  const precision = hits / (found.length || 1);
  const recall = hits / (expected.length || 1);
  return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
}

/** Mean absolute difference per channel of RGBX pixels against RGB pixels of the same size. */
function difference(rgbx, rgb, pixels) {
  let sum = 0;
  for (let i = 0; i < pixels; i += 1) for (let c = 0; c < 3; c += 1) sum += Math.abs(rgbx[i * 4 + c] - rgb[i * 3 + c]);
  return sum / (pixels * 3);
}

const files = process.argv.slice(2).flatMap(pdfsUnder);
if (!files.length) {
  console.error('Usage: node bench/renderers.mjs <file.pdf | folder>...');
  process.exit(2);
}
const save = process.env.SAVE;
if (save) fs.mkdirSync(save, { recursive: true });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-renderers-'));
const totals = Object.fromEntries(ENGINES.map((engine) => [engine, { drawMs: [0, 0, 0], textMs: 0, difference: 0, compared: 0, f1: 0 }]));
let pages = 0;

for (const file of files) {
  const data = new Uint8Array(fs.readFileSync(file));
  let pdfium;
  let jsDoc;
  try {
    pdfium = await PdfiumDocument.open(data);
    jsDoc = await pdfjs.getDocument({ data: data.slice(), standardFontDataUrl: `${PDFJS_ROOT}/standard_fonts/`, cMapUrl: `${PDFJS_ROOT}/cmaps/`, cMapPacked: true, wasmUrl: `${PDFJS_ROOT}/wasm/`, isEvalSupported: false, verbosity: 0 }).promise;
  } catch (error) {
    console.log(`${path.basename(file)}: left out (${error.message})`);
    pdfium?.close();
    continue;
  }
  for (let pageNo = 1; pageNo <= pdfium.pageCount; pageNo += 1) {
    const jsPage = await jsDoc.getPage(pageNo);
    const fxPage = pdfium.page(pageNo);
    const base = jsPage.getViewport({ scale: 1 });
    const drawn = {};
    for (const [i, scale] of SCALES.entries()) {
      const width = Math.round(base.width * scale);
      const viewport = jsPage.getViewport({ scale: width / base.width });
      const height = Math.round(viewport.height);
      let started = performance.now();
      const canvas = jsDoc.canvasFactory.create(width, height);
      await jsPage.render({ canvasContext: canvas.context, canvas: canvas.canvas, viewport, background: '#ffffff' }).promise;
      const jsPixels = Buffer.from(canvas.canvas.data());
      totals['pdf.js'].drawMs[i] += performance.now() - started;
      jsDoc.canvasFactory.destroy(canvas);
      started = performance.now();
      const fxPixels = fxPage.draw(width, height).data;
      totals.PDFium.drawMs[i] += performance.now() - started;
      if (scale === 2) Object.assign(drawn, { width, height, 'pdf.js': jsPixels, PDFium: fxPixels });
    }
    let started = performance.now();
    const content = await jsPage.getTextContent();
    const jsText = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    totals['pdf.js'].textMs += performance.now() - started;
    started = performance.now();
    const fxText = fxPage.text();
    totals.PDFium.textMs += performance.now() - started;
    jsPage.cleanup();
    fxPage.close();

    const prefix = path.join(scratch, 'poppler');
    const page = ['-f', String(pageNo), '-l', String(pageNo)];
    execFileSync('pdftoppm', ['-r', '144', ...page, '-singlefile', '-png', '-scale-to-x', String(drawn.width), '-scale-to-y', String(drawn.height), file, prefix], { stdio: 'ignore' });
    const poppler = await sharp(`${prefix}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const expectedWords = wordsOf(execFileSync('pdftotext', [...page, '-enc', 'UTF-8', file, '-'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
    pages += 1;
    for (const engine of ENGINES) {
      // pdftoppm sizes some rotated pages a pixel apart: those are left out of the difference.
      if (poppler.info.width === drawn.width && poppler.info.height === drawn.height) {
        totals[engine].difference += difference(drawn[engine], poppler.data, drawn.width * drawn.height);
        totals[engine].compared += 1;
      }
      totals[engine].f1 += wordF1(wordsOf(engine === 'pdf.js' ? jsText : fxText), expectedWords);
      if (save) await sharp(drawn[engine], { raw: { width: drawn.width, height: drawn.height, channels: 4 } }).removeAlpha().png().toFile(path.join(save, `${path.basename(file)}-${pageNo}-${engine}.png`));
    }
    if (save) fs.copyFileSync(`${prefix}.png`, path.join(save, `${path.basename(file)}-${pageNo}-poppler.png`));
  }
  pdfium.close();
  await jsDoc.destroy();
}
fs.rmSync(scratch, { recursive: true, force: true });

console.log(`${pages} pages of ${files.length} files; ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}`);
for (const engine of ENGINES) {
  const t = totals[engine];
  const rates = t.drawMs.map((ms) => (pages / (ms / 1000)).toFixed(2)).join(' / ');
  console.log(
    `${engine.padEnd(7)} drawing ${rates} pages/s at 1x / 2x / 3x; difference from pdftoppm at 2x ${(t.difference / t.compared).toFixed(3)} (${t.compared} pages); text word F1 against pdftotext ${(t.f1 / pages).toFixed(3)}, ${(t.textMs / pages).toFixed(1)} ms a page`,
  );
}
