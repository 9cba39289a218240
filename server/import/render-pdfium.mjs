/**
 * Drawing and text of PDF pages with PDFium (Chrome's PDF renderer) built to WebAssembly (@embedpdf/pdfium, MIT,
 * PDFium itself Apache-2.0; the wasm ships inside the package). Chosen over pdf.js by measurement
 * (docs/_incoming/h27c.md): it draws soft masks, knockout groups and images of any size, and draws faster.
 *
 * Plain JavaScript for the same reason as page-worker.mjs, which uses it: it runs in a worker thread without tsx.
 * One engine per thread (a wasm instance is single-threaded); documents live in its heap until closed.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { init } from '@embedpdf/pdfium';
import { RawPdf } from './pdf-raw.mjs';

const require = createRequire(import.meta.url);

// fpdfview.h: bitmap formats and render flags.
const BITMAP_BGR = 2;
const RENDER_ANNOTATIONS = 0x01;
const RENDER_REVERSE_BYTE_ORDER = 0x10;
// fpdfview.h FPDF_GetLastError codes, in the operator's words.
const LOAD_ERRORS = {
  2: 'the file cannot be read',
  3: 'the PDF is corrupt (PDFium cannot read its structure)',
  4: 'the PDF is encrypted (it needs a password)',
  5: 'the PDF uses an unsupported security handler',
  6: 'the PDF has an unreadable page',
};
// fpdf_edit.h page object types.
const OBJECT_TEXT = 1;
const OBJECT_FORM = 5;

/** A PDF PDFium refuses to open, with the reason the operator reads. */
export class PdfiumLoadError extends Error {}

/** @type {Promise<import('@embedpdf/pdfium').WrappedPdfiumModule> | null} */
let engine = null;
/** @type {import('@embedpdf/pdfium').WrappedPdfiumModule | null} */
let started = null;

/**
 * Bytes of the thread's PDFium heap (its WebAssembly memory), 0 before PDFium starts. The heap grows to the largest
 * page drawn and the objects of the documents read, and never shrinks: the page pool starts a new worker in the place
 * of one whose heap has grown too large (workers.ts).
 */
export function pdfiumHeapBytes() {
  return started ? started.pdfium.HEAPU8.buffer.byteLength : 0;
}

/** The thread's PDFium, started on first use from the wasm inside the package (no fetch, no download). */
export function pdfium() {
  engine ??= (async () => {
    const wasmBinary = await fs.readFile(require.resolve('@embedpdf/pdfium/pdfium.wasm'));
    const engineModule = await init({ wasmBinary });
    engineModule.PDFiumExt_Init();
    started = engineModule;
    return engineModule;
  })();
  return engine;
}

/**
 * An open PDF in PDFium's heap; `close` frees the document and its bytes, which PDFium reads in place while open.
 */
export class PdfiumDocument {
  /** @param {import('@embedpdf/pdfium').WrappedPdfiumModule} engineModule */
  constructor(engineModule, doc, dataPointer, form, formInfo) {
    this.module = engineModule;
    this.doc = doc;
    this.dataPointer = dataPointer;
    this.form = form;
    this.formInfo = formInfo;
    this.length = 0;
    /** The file's objects read from its bytes in PDFium's heap (pdf-raw.mjs), for what PDFium draws past silently. */
    this.raw = new RawPdf(() => engineModule.pdfium.HEAPU8.subarray(dataPointer, dataPointer + this.length));
  }

  /** @param {Uint8Array} data the whole file */
  static async open(data) {
    const m = await pdfium();
    const pointer = m.pdfium.wasmExports.malloc(data.length);
    m.pdfium.HEAPU8.set(data, pointer);
    const doc = m.FPDF_LoadMemDocument(pointer, data.length, '');
    if (!doc) {
      const code = m.FPDF_GetLastError();
      m.pdfium.wasmExports.free(pointer);
      throw new PdfiumLoadError(LOAD_ERRORS[code] ?? 'the PDF cannot be read');
    }
    // The form environment draws form fields as their values show, including fields without an appearance stream.
    const formInfo = m.PDFiumExt_OpenFormFillInfo();
    const form = m.PDFiumExt_InitFormFillEnvironment(doc, formInfo);
    const opened = new PdfiumDocument(m, doc, pointer, form, formInfo);
    opened.length = data.length;
    return opened;
  }

  /** PDFium rebuilt the file from the objects it found: its cross-reference table is broken. */
  get rebuilt() {
    return !this.module.FPDF_DocumentHasValidCrossReferenceTable(this.doc);
  }

  get pageCount() {
    return this.module.FPDF_GetPageCount(this.doc);
  }

  /** Loads a page (its content parsed once for drawing, text and checks); the caller closes it. */
  page(pageNo) {
    const handle = this.module.FPDF_LoadPage(this.doc, pageNo - 1);
    if (!handle) throw new Error(`page ${pageNo} cannot be read`);
    if (this.form) this.module.FORM_OnAfterLoadPage(handle, this.form);
    return new PdfiumPage(this, handle, pageNo);
  }

  close() {
    const m = this.module;
    if (this.form) m.PDFiumExt_ExitFormFillEnvironment(this.form);
    if (this.formInfo) m.PDFiumExt_CloseFormFillInfo(this.formInfo);
    m.FPDF_CloseDocument(this.doc);
    m.pdfium.wasmExports.free(this.dataPointer);
  }
}

/** A loaded page of a PdfiumDocument. */
export class PdfiumPage {
  /** @param {PdfiumDocument} document */
  constructor(document, handle, pageNo) {
    this.document = document;
    this.module = document.module;
    this.handle = handle;
    this.pageNo = pageNo;
  }

  /** The page's size in points as shown (after its /Rotate). */
  get size() {
    return { width: this.module.FPDF_GetPageWidthF(this.handle), height: this.module.FPDF_GetPageHeightF(this.handle) };
  }

  /**
   * Draws the page on white at `width` x `height` pixels with its annotations and form fields. Returns RGB pixels
   * (3 channels, rows packed without padding, as sharp reads raw input): drawn in reverse byte order into a buffer
   * whose stride the caller gives, so there is no alpha channel to strip and no row to move. `data` is a view into
   * PDFium's heap, not a copy (13.5 MB for an A4 page at 3x, which the copy and its collection cost each page): valid
   * until `release()`, and only while nothing else runs in this engine (which could grow the heap and move it).
   */
  draw(width, height) {
    const m = this.module;
    const form = this.document.form;
    const stride = width * 3;
    const pixels = m.pdfium.wasmExports.malloc(stride * height);
    if (!pixels) throw new Error(`the page is too large to draw (${width} x ${height} pixels)`);
    const bitmap = m.FPDFBitmap_CreateEx(width, height, BITMAP_BGR, pixels, stride);
    if (!bitmap) {
      m.pdfium.wasmExports.free(pixels);
      throw new Error(`the page is too large to draw (${width} x ${height} pixels)`);
    }
    try {
      m.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      m.FPDF_RenderPageBitmap(bitmap, this.handle, 0, 0, width, height, 0, RENDER_ANNOTATIONS | RENDER_REVERSE_BYTE_ORDER);
      if (form) m.FPDF_FFLDraw(form, bitmap, this.handle, 0, 0, width, height, 0, RENDER_ANNOTATIONS | RENDER_REVERSE_BYTE_ORDER);
    } catch (error) {
      m.pdfium.wasmExports.free(pixels);
      throw error;
    } finally {
      m.FPDFBitmap_Destroy(bitmap);
    }
    let released = false;
    return {
      data: Buffer.from(m.pdfium.HEAPU8.buffer, pixels, stride * height),
      raw: { width, height, channels: 3 },
      release() {
        if (!released) m.pdfium.wasmExports.free(pixels);
        released = true;
      },
    };
  }

  /** The page's text page (PDFium's text layer), loaded once for the text, the lines and the losses; closed with the page. */
  textPage() {
    if (this.text_ === undefined) this.text_ = this.module.FPDFText_LoadPage(this.handle) || 0;
    return this.text_;
  }

  /** The page's text as PDFium reads it (its own reading order, lines ended by CR LF), without what lies off the page. */
  text() {
    return this.read().text;
  }

  /**
   * The page's text as positioned lines (lib/text-layer.ts TextLine: `x`, `y` the top of the type, `w`, `h`, `size`,
   * in points from the top left of the page as shown). A line is a run of characters at one angle on one baseline: it
   * ends where PDFium ends one, where the baseline or the angle changes, or at a gap wider than two spaces of its type
   * (the next column on the same baseline). Rotated text (a spine, a sidebar) makes lines of its own, boxed where it
   * stands. Characters in the order the file gives them (right-to-left text too: server/import/write.ts puts each
   * line in reading order).
   */
  lines() {
    return this.read().lines;
  }

  /**
   * One pass over the page's characters for its text and its lines. Left out of both: characters placed off the page
   * (outside what is shown, which the file may hold but nobody sees). PDFium marks a hyphen it found at a line's end
   * with the control character 2: a hyphen in the lines (it is printed), nothing in the text (the word it splits is
   * one word to search for).
   *
   * Words are parted in the lines exactly where PDFium parts them in the text: at the file's own spaces and at the
   * spaces PDFium puts where it finds words set apart without one (its word-gap rules weigh each font's space and
   * glyph widths, as Chrome's copying of text does). Not by the gap between glyph boxes: an Arabic letter that does
   * not join the next one (ا د ر و ة ...) leaves a gap inside its word wider than a word space's share of the type,
   * so boxes parted "ا ليمين" for اليمين (and TeX's kerned Latin "ara bl uatex"): measured on 309 pages of Debian's
   * texlive-lang-arabic documentation, the layer held the text's words on 20% of pages that way.
   */
  read() {
    if (this.read_) return this.read_;
    const m = this.module;
    const textPage = this.textPage();
    if (!textPage) return (this.read_ = { text: '', lines: [] });
    const { width, height } = this.size;
    const box = m.pdfium.wasmExports.malloc(4 * 8 + 2 * 4);
    const lines = [];
    let text = '';
    let line = null;
    const tenth = (n) => Math.round(n * 10) / 10;
    const finish = () => {
      const words = line?.text.replace(/\s+/g, ' ').trim();
      if (line && words) {
        if (line.angle === 0) {
          const top = Math.max(0, line.bottom - line.size);
          lines.push({ text: words, x: tenth(line.left), y: tenth(top), w: tenth(line.right - line.left), h: tenth(line.size), size: tenth(line.size) });
        } else {
          lines.push({ text: words, x: tenth(line.left), y: tenth(line.top), w: tenth(line.right - line.left), h: tenth(line.bottom - line.top), size: tenth(line.size) });
        }
      }
      line = null;
    };
    // Page space to points from the top left as shown (after /Rotate): an affine map, read once from PDFium at 1,000
    // device pixels a point (its device coordinates are whole numbers), then applied to every character's box and
    // rounded to a tenth of a point as PDFium's own mapping at 10 a point would be.
    const fine = 1000;
    const device = (pageX, pageY) => {
      m.FPDF_PageToDevice(this.handle, 0, 0, Math.round(width * fine), Math.round(height * fine), 0, pageX, pageY, box + 32, box + 36);
      const ints = new Int32Array(m.pdfium.HEAPU8.buffer, box + 32, 2);
      return [ints[0] / fine, ints[1] / fine];
    };
    const origin = device(0, 0);
    const alongX = device(1000, 0).map((v, i) => (v - origin[i]) / 1000);
    const alongY = device(0, 1000).map((v, i) => (v - origin[i]) / 1000);
    const toPage = (pageX, pageY) => [
      Math.round((origin[0] + alongX[0] * pageX + alongY[0] * pageY) * 10) / 10,
      Math.round((origin[1] + alongX[1] * pageX + alongY[1] * pageY) * 10) / 10,
    ];
    // The wasm exports themselves in the loop over every character: the wrapped calls convert each argument.
    const {
      _FPDFText_GetUnicode: unicodeAt,
      _FPDFText_GetCharBox: charBox,
      _FPDFText_GetFontSize: fontSize,
      _FPDFText_GetCharOrigin: charOrigin,
      _FPDFText_GetCharAngle: charAngle,
      _FPDFText_IsGenerated: generated,
    } = m.pdfium;
    const numbers = () => new Float64Array(m.pdfium.HEAPU8.buffer, box, 4);
    // Angles PDFium gives clockwise in radians, from 0 to 2 pi; a tenth of a degree apart are one angle.
    const sameAngle = (a, b) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b))) < 0.002;
    try {
      const count = m.FPDFText_CountChars(textPage);
      for (let i = 0; i < count; i += 1) {
        const code = unicodeAt(textPage, i);
        if (code === 2) {
          // A hyphen PDFium found at the end of a line: printed, but the word goes on on the next line.
          if (line) line.text += '-';
          continue;
        }
        // Other control characters (a NUL a producer left inside a word) are nothing, as the stored text has them.
        if (code < 32 && code !== 10 && code !== 13) continue;
        const char = String.fromCodePoint(code);
        if (char === '\n' || char === '\r') {
          text += char;
          finish();
          continue;
        }
        if (generated(textPage, i) || /\s/.test(char)) {
          text += ' ';
          if (line && !line.text.endsWith(' ')) line.text += ' ';
          continue;
        }
        if (!charBox(textPage, i, box, box + 8, box + 16, box + 24)) {
          text += char;
          continue;
        }
        const [left, right, bottom, top] = numbers();
        const corners = [toPage(left, bottom), toPage(right, top)];
        const x0 = Math.min(corners[0][0], corners[1][0]);
        const x1 = Math.max(corners[0][0], corners[1][0]);
        const y0 = Math.min(corners[0][1], corners[1][1]);
        const y1 = Math.max(corners[0][1], corners[1][1]);
        // Placed off the page: not shown, so neither read nor laid over the picture.
        const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
        if (cx < 0 || cx > width || cy < 0 || cy > height) continue;
        text += char;
        const size = fontSize(textPage, i) || Math.abs(corners[0][1] - corners[1][1]);
        if (!(size > 0)) continue;
        // The character's place along its baseline (u) and across it (v), in page space turned by its angle.
        const angle = charAngle(textPage, i);
        const turned = angle > 0 && angle < 2 * Math.PI - 0.002 && Math.abs(angle) > 0.002 ? angle : 0;
        let [ox, oy] = [left, bottom];
        if (charOrigin(textPage, i, box, box + 8)) [ox, oy] = numbers();
        const [cos, sin] = [Math.cos(turned), Math.sin(turned)];
        const v = ox * sin + oy * cos;
        // The character's box along the baseline, from its corners.
        const along = [left * cos - bottom * sin, right * cos - bottom * sin, left * cos - top * sin, right * cos - top * sin];
        const [uLo, uHi] = [Math.min(...along), Math.max(...along)];
        const gap = line ? Math.max(uLo - line.uMax, line.uMin - uHi, 0) : 0;
        const joins = line && sameAngle(turned, line.angle) && Math.abs(v - line.v) < line.size * 0.5 && gap < Math.max(line.size, size) * 2;
        if (!joins) finish();
        if (!line) {
          line = { text: '', angle: turned, v, uMin: uLo, uMax: uHi, left: x0, right: x1, top: y0, bottom: y1, size };
        }
        line.text += char;
        line.uMin = Math.min(line.uMin, uLo);
        line.uMax = Math.max(line.uMax, uHi);
        line.left = Math.min(line.left, x0);
        line.right = Math.max(line.right, x1);
        line.top = Math.min(line.top, y0);
        line.bottom = Math.max(line.bottom, y1);
        line.size = Math.max(line.size, size);
      }
      finish();
      return (this.read_ = { text, lines });
    } finally {
      m.pdfium.wasmExports.free(box);
    }
  }

  /**
   * What PDFium cannot draw faithfully on this page, in words: text in a font that is neither embedded nor one of the
   * standard fonts PDFium carries. Latin text comes out in a stand-in font; Chinese, Japanese and Korean text is left
   * blank, as PDFium in WebAssembly has no CJK font to draw it with. Empty when the page is whole.
   */
  losses() {
    const m = this.module;
    const blank = new Set();
    const substituted = new Set();
    const textPage = this.textPage();
    const visit = (count, objectAt) => {
      for (let i = 0; i < count; i += 1) {
        const object = objectAt(i);
        const type = m.FPDFPageObj_GetType(object);
        if (type === OBJECT_FORM) visit(m.FPDFFormObj_CountObjects(object), (j) => m.FPDFFormObj_GetObject(object, j));
        if (type !== OBJECT_TEXT) continue;
        const font = m.FPDFTextObj_GetFont(object);
        if (!font || m.FPDFFont_GetIsEmbedded(font)) continue;
        const name = fontName(m, font);
        if (STANDARD_FONT.test(name)) continue;
        (CJK.test(objectText(m, object, textPage)) ? blank : substituted).add(name);
      }
    };
    visit(m.FPDFPage_CountObjects(this.handle), (i) => m.FPDFPage_GetObject(this.handle, i));
    return [
      ...[...blank].map((name) => `Chinese, Japanese or Korean text in the font ${name} was left blank (the font is not in the file)`),
      ...[...substituted].map((name) => `text in the font ${name} was drawn in a substitute font (the font is not in the file)`),
    ];
  }

  /**
   * What PDFium draws past without a word, read from the file's bytes (pdf-raw.mjs): content streams that cannot be
   * decoded (PDFium draws what came before, or nothing of them) and knockout groups (drawn as ordinary groups).
   */
  damage() {
    const objectNumber = this.module.EPDFDoc_GetPageObjectNumberByIndex(this.document.doc, this.pageNo - 1);
    if (!(objectNumber > 0)) return [];
    try {
      return this.document.raw.pageDamage(objectNumber);
    } catch {
      return [];
    }
  }

  close() {
    if (this.text_) this.module.FPDFText_ClosePage(this.text_);
    const form = this.document.form;
    if (form) this.module.FORM_OnBeforeClosePage(this.handle, form);
    this.module.FPDF_ClosePage(this.handle);
  }
}

// The 14 standard fonts (and their common aliases) PDFium draws from its own copies when a PDF does not embed them.
const STANDARD_FONT = /^(?:[A-Z]{6}\+)?(Times|Helvetica|Courier|Symbol|ZapfDingbats|Arial|TimesNewRoman)/i;

// Han, kana, Hangul and the CJK punctuation and compatibility blocks.
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** The text a text object shows, as PDFium maps it to Unicode. */
function objectText(m, object, textPage) {
  if (!textPage) return '';
  const size = m.FPDFTextObj_GetText(object, textPage, 0, 0);
  if (size <= 2) return '';
  const buffer = m.pdfium.wasmExports.malloc(size);
  try {
    m.FPDFTextObj_GetText(object, textPage, buffer, size);
    return m.pdfium.UTF16ToString(buffer);
  } finally {
    m.pdfium.wasmExports.free(buffer);
  }
}

function fontName(m, font) {
  const size = m.FPDFFont_GetBaseFontName(font, 0, 0);
  if (size <= 1) return 'unnamed';
  const buffer = m.pdfium.wasmExports.malloc(size);
  try {
    m.FPDFFont_GetBaseFontName(font, buffer, size);
    return m.pdfium.UTF8ToString(buffer);
  } finally {
    m.pdfium.wasmExports.free(buffer);
  }
}
