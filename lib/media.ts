/** Addresses of stored media: covers, page pictures and library logos (SPEC §9). */

/** Media paths stored in the database are relative to /media. */
export function mediaUrl(path: string): string {
  if (!path) return '';
  if (/^(https?:)?\//.test(path)) return path;
  return `/media/${path}`;
}

/** SPEC §9: images at 1x, 2x, 3x using view/1.jpg to view/3.jpg. */
export function imageSet(path: string): { src: string; srcSet: string } {
  const base = mediaUrl(path).replace(/\/+$/, '');
  return {
    src: `${base}/view/1.jpg`,
    srcSet: `${base}/view/1.jpg 1x, ${base}/view/2.jpg 2x, ${base}/view/3.jpg 3x`,
  };
}
