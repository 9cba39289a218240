import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import { COVER_SIZE, SCALES, STORY_IMAGE_SIZE } from '../media/render';
import { drawPage } from './pdf';

/**
 * One page of a PDF turned into what the site serves: the page at 1x/2x/3x as JPEG with a WebP twin, its size and
 * text, and when asked the cover (page 1) and story pictures cropped from it. Files go under `outDir`, in
 * folders named for what they are (page-N, cover, story-N); the import moves them into the media folder after its
 * rows commit.
 */

export interface PageJob {
  file: string;
  pageNo: number;
  outDir: string;
  cover: boolean;
  /** Folders (story-N) of the stories that start on this page. */
  storyFolders: string[];
}

export interface PageResult {
  pageNo: number;
  width: number;
  height: number;
  text: string;
}

const JPEG = { quality: 82, mozjpeg: false } as const;
// effort 1: a third of the default's time for a file about 5% larger, which keeps three scales within budget.
const WEBP = { quality: 78, effort: 1 } as const;

/** Writes view/{1,2,3}.jpg and .webp under `folder`, each `widthAt1x * scale` wide, from the drawn image. */
async function writeScales(image: Sharp, folder: string, widthAt1x: number, heightAt1x?: number): Promise<void> {
  const view = path.join(folder, 'view');
  await fs.mkdir(view, { recursive: true });
  await Promise.all(
    SCALES.map(async (scale) => {
      const sized = image.clone().resize({ width: widthAt1x * scale, height: heightAt1x ? heightAt1x * scale : undefined, fit: 'cover' });
      await Promise.all([
        sized.clone().jpeg(JPEG).toFile(path.join(view, `${scale}.jpg`)),
        sized.clone().webp(WEBP).toFile(path.join(view, `${scale}.webp`)),
      ]);
    }),
  );
}

export async function renderPage(doc: PDFDocumentProxy, job: PageJob): Promise<PageResult> {
  const drawn = await drawPage(doc, job.pageNo, 3);
  const image = sharp(drawn.pixels, { raw: { width: drawn.pixelWidth, height: drawn.pixelHeight, channels: 4 } }).removeAlpha();
  const writes = [writeScales(image, path.join(job.outDir, `page-${job.pageNo}`), drawn.size.width)];
  if (job.cover) writes.push(writeScales(image, path.join(job.outDir, 'cover'), COVER_SIZE.width));
  if (job.storyFolders.length) {
    // The story's picture: the middle of its first page, in the story cards' 4:5 frame.
    const cropWidth = Math.min(drawn.pixelWidth, Math.floor((drawn.pixelHeight * STORY_IMAGE_SIZE.width) / STORY_IMAGE_SIZE.height));
    const cropHeight = Math.floor((cropWidth * STORY_IMAGE_SIZE.height) / STORY_IMAGE_SIZE.width);
    const region = { left: Math.floor((drawn.pixelWidth - cropWidth) / 2), top: Math.floor((drawn.pixelHeight - cropHeight) / 2), width: cropWidth, height: cropHeight };
    const { data, info } = await image.clone().extract(region).raw().toBuffer({ resolveWithObject: true });
    const cropped = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    for (const folder of job.storyFolders) {
      writes.push(writeScales(cropped, path.join(job.outDir, folder), STORY_IMAGE_SIZE.width, STORY_IMAGE_SIZE.height));
    }
  }
  await Promise.all(writes);
  return { pageNo: job.pageNo, width: drawn.size.width, height: drawn.size.height, text: drawn.text };
}
