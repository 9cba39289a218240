import fs from 'node:fs/promises';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';

/**
 * pdf.js (pdfjs-dist's legacy build, for Node) behind the few calls the import needs: open a document, read its
 * information dictionary and outline, draw a page and take its text. Drawing goes through @napi-rs/canvas, which
 * pdf.js finds itself in Node.
 */

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

const PDFJS_ROOT = path.join(process.cwd(), 'node_modules', 'pdfjs-dist');

let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  // The legacy build is an ES module: loaded on first use, once per thread.
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** A PDF the import refuses, with the reason an operator reads in the summary. */
export class PdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfError';
  }
}

/** PDF points are 1/72 inch; at 1x a point is one CSS pixel, so an A4 page is 595 x 842 at 1x. */
export interface PageSize {
  width: number;
  height: number;
}

export interface OutlineEntry {
  title: string;
  /** 1-based page the entry points at. */
  pageNo: number;
}

export interface PdfInfo {
  pageCount: number;
  title: string;
  author: string;
  producer: string;
  /** Top-level outline entries with a title and a page, in page order. */
  outline: OutlineEntry[];
}

/** A file that ends without the %%EOF marker was cut short (a copy interrupted): pdf.js would quietly repair it. */
async function assertComplete(data: Uint8Array): Promise<void> {
  const tail = Buffer.from(data.subarray(Math.max(0, data.length - 1024))).toString('latin1');
  if (!tail.includes('%%EOF')) throw new PdfError('the file is truncated (no %%EOF at its end)');
}

export async function openPdf(file: string): Promise<PDFDocumentProxy> {
  const data = new Uint8Array(await fs.readFile(file));
  if (Buffer.from(data.subarray(0, 1024)).toString('latin1').indexOf('%PDF-') === -1) {
    throw new PdfError('not a PDF (no %PDF- header)');
  }
  await assertComplete(data);
  const { getDocument } = await loadPdfJs();
  try {
    return await getDocument({
      data,
      // Without these, Type1/TrueType standard fonts draw blank, CJK text loses its characters and JPEG 2000 and
      // JBIG2 images draw nothing.
      standardFontDataUrl: `${PDFJS_ROOT}/standard_fonts/`,
      cMapUrl: `${PDFJS_ROOT}/cmaps/`,
      cMapPacked: true,
      wasmUrl: `${PDFJS_ROOT}/wasm/`,
      isEvalSupported: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new PdfError('the PDF is encrypted (it needs a password)');
    if (name === 'InvalidPDFException') throw new PdfError('the PDF is corrupt (pdf.js cannot read its structure)');
    throw new PdfError(`the PDF cannot be read: ${(error as Error).message}`);
  }
}

function infoString(info: Record<string, unknown>, key: string): string {
  const value = info[key];
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

async function outlineOf(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const outline = (await doc.getOutline()) ?? [];
  const entries: OutlineEntry[] = [];
  for (const item of outline) {
    const title = item.title.replace(/\s+/g, ' ').trim();
    if (!title) continue;
    const dest = typeof item.dest === 'string' ? await doc.getDestination(item.dest) : item.dest;
    const target = Array.isArray(dest) ? dest[0] : null;
    if (target === null || target === undefined) continue;
    // A destination names its page by reference, or (in some writers) by index.
    const index = typeof target === 'number' ? target : await doc.getPageIndex(target as Parameters<PDFDocumentProxy['getPageIndex']>[0]).catch(() => -1);
    if (index < 0 || index >= doc.numPages) continue;
    entries.push({ title, pageNo: index + 1 });
  }
  return entries.sort((a, b) => a.pageNo - b.pageNo);
}

export async function pdfInfo(doc: PDFDocumentProxy): Promise<PdfInfo> {
  const { info } = await doc.getMetadata();
  const dictionary = (info ?? {}) as Record<string, unknown>;
  return {
    pageCount: doc.numPages,
    title: infoString(dictionary, 'Title'),
    author: infoString(dictionary, 'Author'),
    producer: infoString(dictionary, 'Producer'),
    outline: await outlineOf(doc),
  };
}

export interface DrawnPage {
  /** The page's size at 1x (points, rounded), after its rotation. */
  size: PageSize;
  /** RGBA pixels at `scale`. */
  pixels: Buffer;
  pixelWidth: number;
  pixelHeight: number;
  text: string;
}

/** The text layer's words in reading order, lines kept; empty for a scan. */
async function pageText(page: Awaited<ReturnType<PDFDocumentProxy['getPage']>>): Promise<string> {
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str;
    text += item.hasEOL ? '\n' : ' ';
  }
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Draws one page at `scale` pixels per point on white, and reads its text. */
export async function drawPage(doc: PDFDocumentProxy, pageNo: number, scale: number): Promise<DrawnPage> {
  const page = await doc.getPage(pageNo);
  try {
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale });
    const pixelWidth = Math.ceil(viewport.width);
    const pixelHeight = Math.ceil(viewport.height);
    // In Node the document's canvas factory makes @napi-rs/canvas canvases, whose data() is the RGBA pixels.
    const factory = doc.canvasFactory as { create(width: number, height: number): unknown; destroy(entry: unknown): void };
    const entry = factory.create(pixelWidth, pixelHeight);
    const { canvas, context } = entry as {
      canvas: { data(): Buffer; width: number; height: number };
      context: CanvasRenderingContext2D;
    };
    await page.render({ canvasContext: context, canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise;
    const pixels = Buffer.from(canvas.data());
    factory.destroy(entry);
    const text = await pageText(page);
    return { size: { width: Math.round(base.width), height: Math.round(base.height) }, pixels, pixelWidth, pixelHeight, text };
  } finally {
    page.cleanup();
  }
}
