import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { makeHardPdf, type HardPageName } from '@/bench/hard-samples';
import { PagePool, type PageResult } from '@/server/import/workers';

/**
 * The import's renderer (server/import/page-worker.mjs through PDFium) on pages real publishers' PDFs hold: each hard
 * page of bench/hard-samples.ts drawn by the page worker as the import runs it, then a few pixels of what it
 * wrote (view/2.jpg, 400 px wide for a 200-point page) checked for place and colour, or the warning naming the page.
 */
jest.setTimeout(120_000);

let pool: PagePool;
let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'import-render-'));
  pool = new PagePool(1);
});

afterAll(async () => {
  await pool.close();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Drawn {
  result: PageResult;
  size: { width: number; height: number };
  /** Mean RGB of a 9 x 9 square around a point given as fractions of the page's width and height from its top left. */
  at(x: number, y: number): [number, number, number];
}

async function draw(name: HardPageName): Promise<Drawn> {
  const file = path.join(work, `${name}.pdf`);
  fs.writeFileSync(file, await makeHardPdf(name));
  const outDir = path.join(work, name);
  const result = await pool.render({ file, pageNo: 1, outDir, cover: false, storyFolders: [] });
  // A page is stored as its 3x WebP alone; the 2x the site would make from it is sampled, as a member's browser gets it.
  const master = path.join(outDir, 'page-1', 'view', '3.webp');
  const { width: masterWidth = 0 } = await sharp(master).metadata();
  const { data, info } = await sharp(master).resize({ width: Math.round((masterWidth * 2) / 3) }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    result,
    size: { width: info.width, height: info.height },
    at(x, y) {
      const sum = [0, 0, 0];
      const cx = Math.round(x * (info.width - 1));
      const cy = Math.round(y * (info.height - 1));
      for (let dy = -4; dy <= 4; dy += 1) {
        for (let dx = -4; dx <= 4; dx += 1) {
          const px = Math.min(info.width - 1, Math.max(0, cx + dx));
          const py = Math.min(info.height - 1, Math.max(0, cy + dy));
          for (let c = 0; c < 3; c += 1) sum[c] += data[(py * info.width + px) * info.channels + c];
        }
      }
      return sum.map((s) => Math.round(s / 81)) as [number, number, number];
    },
  };
}

/** Each channel within `tolerance` of the colour expected (JPEG moves flat colours a few levels). */
function near(actual: [number, number, number], expected: [number, number, number], tolerance = 24): void {
  expect({ actual, close: actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance) }).toEqual({ actual, close: true });
}

const WHITE: [number, number, number] = [255, 255, 255];
const BLACK: [number, number, number] = [0, 0, 0];

describe('the import draws hard pages faithfully', () => {
  it('draws an image through its soft mask: half-opaque red over blue is purple, the rest blue', async () => {
    const page = await draw('softMask');
    near(page.at(0.25, 0.5), [128, 0, 127]);
    near(page.at(0.75, 0.5), [0, 0, 255]);
    expect(page.result.warnings).toEqual([]);
  });

  it('draws a gradient fade made by a luminosity soft mask as a fade, not a solid bar', async () => {
    const page = await draw('transparency');
    near(page.at(0.05, 0.25), BLACK, 40);
    near(page.at(0.5, 0.25), [128, 128, 128], 40);
    near(page.at(0.95, 0.25), WHITE, 40);
  });

  it('draws a knockout group’s two half-opaque red squares in place, and warns that their overlap is drawn as an ordinary group’s', async () => {
    const page = await draw('transparency');
    // Squares of x 20-120 and 80-180 pt, y 20-80 pt from the bottom, red at half opacity over white: pink alone.
    const pink: [number, number, number] = [255, 128, 128];
    near(page.at(50 / 200, 1 - 50 / 200), pink);
    near(page.at(150 / 200, 1 - 50 / 200), pink);
    // Around them white: below, between them and the fade above, and beyond their ends.
    near(page.at(0.5, 1 - 10 / 200), WHITE);
    near(page.at(0.5, 1 - 90 / 200), WHITE);
    near(page.at(10 / 200, 1 - 50 / 200), WHITE);
    near(page.at(190 / 200, 1 - 50 / 200), WHITE);
    // The overlap: knocked out, it is pink as each square is; PDFium composites the group as an ordinary one, so it
    // comes out darker (red over red), and that loss is told, naming the page.
    const overlap = page.at(0.5, 1 - 50 / 200);
    near(overlap, [255, overlap[1], overlap[1]], 4);
    expect(overlap[1]).toBeLessThanOrEqual(128 + 24);
    expect(page.result.warnings).toEqual(['page 1: a knockout group was drawn as an ordinary group: where its shapes overlap they come out darker than the file means']);
  });

  it('draws a 42-megapixel image (past pdf.js’s cap), downsampled, not dropped', async () => {
    const page = await draw('hugeImage');
    near(page.at(0.25, 0.5), BLACK);
    near(page.at(0.75, 0.5), [160, 160, 160]);
    expect(page.result.warnings).toEqual([]);
  });

  it('decodes a CCITT Group 4 image: white left half, black right half', async () => {
    const page = await draw('ccitt');
    near(page.at(0.25, 0.5), WHITE);
    near(page.at(0.75, 0.5), BLACK);
  });

  it('decodes a JPEG 2000 image: flat grey 128 on the right half', async () => {
    const page = await draw('jpeg2000');
    near(page.at(0.25, 0.5), WHITE);
    near(page.at(0.75, 0.5), [128, 128, 128]);
  });

  it('draws text in a non-embedded standard font (Helvetica) with no warning, and reads its text', async () => {
    const page = await draw('standardFont');
    // The first H's left stem: x 28-37 pt (text from 20 pt, side bearing 7.9 pt), y 60-132 pt from the bottom.
    near(page.at(32.5 / 200, 1 - 90 / 200), BLACK, 60);
    near(page.at(0.125, 0.1), WHITE);
    expect(page.result.text).toBe('HH');
    expect(page.result.warnings).toEqual([]);
  });

  it('warns, naming the page and the font, when CJK text in a non-embedded font cannot be drawn; its text is still read', async () => {
    const page = await draw('cjkFont');
    expect(page.result.warnings).toEqual(['page 1: Chinese, Japanese or Korean text in the font STSong-Light was left blank (the font is not in the file)']);
    expect(page.result.text).toBe('中文');
  });

  it('draws the glyphs of a Type3 font: three black squares along the middle', async () => {
    const page = await draw('type3Font');
    // Squares of 50 pt from x 10, 70, 130 (advance 60 pt), from y 75 to 125 pt: centres at y 0.5 of the page.
    for (const x of [35, 95, 155]) near(page.at(x / 200, 0.5), BLACK, 40);
    near(page.at(65 / 200, 0.5), WHITE, 40);
    near(page.at(0.5, 0.1), WHITE);
  });

  it('draws a page with /Rotate 90 as shown: 100 x 200 points, its left quarter at the top', async () => {
    const page = await draw('rotated');
    expect({ width: page.result.width, height: page.result.height }).toEqual({ width: 100, height: 200 });
    expect(page.size).toEqual({ width: 200, height: 400 });
    near(page.at(0.5, 0.1), [255, 0, 0]);
    near(page.at(0.5, 0.8), WHITE);
  });

  it('draws a form field’s appearance: its green background where the field sits', async () => {
    const page = await draw('formField');
    // The field covers x 20-180 pt, y 20-80 pt from the bottom; its value sits at the left.
    near(page.at(0.85, 1 - 30 / 200), [0, 204, 0], 30);
    near(page.at(0.5, 0.2), WHITE);
  });
});

describe('what the import reads of a file', () => {
  it('takes a broken cross-reference table from PDFium, which draws the file, not from pdf.js’s console', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]).drawText('Rebuilt', { x: 20, y: 100 });
    const good = Buffer.from(await doc.save({ useObjectStreams: false }));
    // The same file with its cross-reference table pointing nowhere: readers rebuild it from the objects they find.
    const broken = Buffer.from(good.toString('latin1').replace(/startxref\s+\d+/, 'startxref\n9'), 'latin1');
    fs.writeFileSync(path.join(work, 'good.pdf'), good);
    fs.writeFileSync(path.join(work, 'broken-xref.pdf'), broken);
    expect((await pool.info(path.join(work, 'good.pdf'))).rebuilt).toBe(false);
    expect((await pool.info(path.join(work, 'broken-xref.pdf'))).rebuilt).toBe(true);
  });
});

describe('a page too large to draw at 3×', () => {
  it('draws an A0 poster holding a 49-megapixel image at the scale that fits, its pixels in place, and says so in words', async () => {
    // A0 (2384 x 3370 points): 72 million pixels at 3x, past the 20 million a master may have. Its whole page is one
    // 7,000 x 7,000 image: a black band along the top tenth, red on the left half below it, blue on the right.
    const [width, height, side] = [2384, 3370, 7000];
    const doc = await PDFDocument.create();
    const page = doc.addPage([width, height]);
    const red = Buffer.alloc(side * 3);
    for (let x = 0; x < side; x += 1) red.set(x < side / 2 ? [255, 0, 0] : [0, 0, 255], x * 3);
    const black = Buffer.alloc(side * 3, 0);
    const rows = Array.from({ length: side }, (_, y) => (y < side / 10 ? black : red));
    const image = doc.context.register(
      doc.context.stream(deflateSync(Buffer.concat(rows)), { Type: 'XObject', Subtype: 'Image', Width: side, Height: side, ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'FlateDecode' }),
    );
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`, 'latin1'), {})));
    page.node.set(PDFName.of('Resources'), doc.context.obj({ XObject: { Im1: image } }));
    const file = path.join(work, 'poster.pdf');
    fs.writeFileSync(file, await doc.save());

    const outDir = path.join(work, 'poster');
    const result = await pool.render({ file, pageNo: 1, outDir, cover: false, storyFolders: [] });
    expect({ width: result.width, height: result.height }).toEqual({ width, height });
    expect(result.warnings).toEqual(['page 1: the page is too large to draw at 3× (2384 x 3370 points, over 20 million pixels): drawn at 1.57×, a little less sharp when zoomed in']);
    // The master, at its address view/3.webp, drawn at 1.57x: 3,743 pixels wide, under 20 million in all.
    const master = path.join(outDir, 'page-1', 'view', '3.webp');
    const { data, info } = await sharp(master).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(Math.round(width * 1.57));
    expect(info.width * info.height).toBeLessThanOrEqual(20e6);
    const at = (x: number, y: number) => {
      const offset = (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) * info.channels;
      return [data[offset], data[offset + 1], data[offset + 2]] as [number, number, number];
    };
    near(at(0.5, 0.05), BLACK);
    near(at(0.25, 0.5), [255, 0, 0]);
    near(at(0.75, 0.5), [0, 0, 255]);
    near(at(0.25, 0.95), [255, 0, 0]);
    near(at(0.75, 0.12), [0, 0, 255]);
  });

  it('draws a page larger than 20 million square points below 1x rather than refusing it, and says so', async () => {
    // 5,000 points square (25 million square points, 69 inches): its 1x would pass the 20 million pixels a master may
    // have; it is under the 40 million square points past which a page is refused. Red on its left half, blue on its right.
    const side = 5000;
    const doc = await PDFDocument.create();
    const page = doc.addPage([side, side]);
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(Buffer.from(`1 0 0 rg 0 0 ${side / 2} ${side} re f 0 0 1 rg ${side / 2} 0 ${side / 2} ${side} re f`, 'latin1'), {})));
    const file = path.join(work, 'wall.pdf');
    fs.writeFileSync(file, await doc.save());

    const result = await pool.render({ file, pageNo: 1, outDir: path.join(work, 'wall'), cover: false, storyFolders: [] });
    expect(result.warnings).toEqual(['page 1: the page is too large to draw at 3× (5000 x 5000 points, over 20 million pixels): drawn at 0.89×, a little less sharp when zoomed in']);
    const { data, info } = await sharp(path.join(work, 'wall', 'page-1', 'view', '3.webp')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(Math.round(side * 0.89));
    expect(info.width * info.height).toBeLessThanOrEqual(20e6);
    const at = (x: number) => [...data.subarray((Math.round(info.height / 2) * info.width + Math.round(x * (info.width - 1))) * 3).subarray(0, 3)] as [number, number, number];
    near(at(0.25), [255, 0, 0]);
    near(at(0.75), [0, 0, 255]);
  });
});
