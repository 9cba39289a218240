import {
  renderCategoryImage,
  renderCoverImage,
  renderIllustration,
  renderLogoImage,
  SCALES,
  type CoverInput,
  type Palette,
  type Scale,
} from '../media/render';
import { mediaStorage } from '../storage';
import type { MagazinePlan } from './catalogue';
import { ILLUSTRATIONS_PER_CATEGORY } from './catalogue';
import type { LibrarySeed } from './content/libraries';
import type { CategorySeed } from './content/types';
import { hashString } from './random';

/** One image folder to write: `${folder}/view/{1,2,3}.jpg` in the media storage, drawn by `render` at each scale. */
export interface ImageJob {
  folder: string;
  render: (scale: Scale) => Promise<Buffer>;
}

/** Writes into the media storage: the folder `mediaDir`, or the S3 bucket when S3_BUCKET is set. */
export async function writeImage(mediaDir: string, job: ImageJob): Promise<void> {
  const storage = mediaStorage(mediaDir);
  for (const scale of SCALES) {
    await storage.write(`${job.folder}/view/${scale}.jpg`, await job.render(scale));
  }
}

/** Runs jobs with at most `concurrency` in flight; sharp's own threads do the drawing. */
export async function runJobs(mediaDir: string, jobs: ImageJob[], concurrency = 4): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next];
      next += 1;
      await writeImage(mediaDir, job);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
}

/** Short enough to set in the cover's type size. */
function coverLine(title: string): string {
  return title.length > 48 ? `${title.slice(0, 46).replace(/\s+\S*$/, '')}…` : title;
}

export function coverJobs(magazines: MagazinePlan[]): ImageJob[] {
  return magazines.flatMap((magazine) =>
    magazine.issues.map((issue, i) => {
      const input: CoverInput = {
        magazineName: magazine.name,
        issueName: issue.name,
        categoryName: magazine.category.name,
        palette: magazine.category.palette,
        coverLines: issue.stories.slice(0, 2).map((s) => coverLine(s.draft.title)),
        isSpecial: issue.isSpecial,
        variant: magazine.id + i,
      };
      return { folder: `covers/${issue.id}`, render: (scale: Scale) => renderCoverImage(input, scale) };
    }),
  );
}

export function illustrationJobs(categories: CategorySeed[]): ImageJob[] {
  return categories.flatMap((category) =>
    Array.from({ length: ILLUSTRATIONS_PER_CATEGORY }, (_, i) => ({
      folder: `stories/${category.slug}-${i + 1}`,
      render: (scale: Scale) =>
        renderIllustration({ palette: category.palette, seed: hashString(`${category.slug}-${i + 1}`) }, scale),
    })),
  );
}

export function categoryJobs(categories: { name: string; slug: string; palette: Palette }[]): ImageJob[] {
  return categories.map((category) => ({
    folder: `categories/${category.slug}`,
    render: (scale: Scale) =>
      renderCategoryImage({ name: category.name, palette: category.palette, seed: hashString(category.slug) }, scale),
  }));
}

export function logoJobs(libraries: LibrarySeed[]): ImageJob[] {
  return libraries.flatMap(({ id, name, palette }) => [
    { folder: `logos/${id}`, render: (scale: Scale) => renderLogoImage({ name, palette, kind: 'logo' }, scale) },
    { folder: `logos/${id}-banner`, render: (scale: Scale) => renderLogoImage({ name, palette, kind: 'banner' }, scale) },
  ]);
}
