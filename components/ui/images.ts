import { imageSet } from '@/lib/media';

/**
 * SPEC §9: images come at 1x, 2x and 3x as view/1.jpg..view/3.jpg under a media base,
 * e.g. srcSetFor('/media/covers/100001').
 */
export const srcSetFor = imageSet;

const DIRECT_IMAGE = /\.(?:jpe?g|png|webp|avif|gif|svg)(?:[?#].*)?$/i;

/** A path that already names an image file is used as it is; a media base gets the 1x/2x/3x set. */
export function imageSourcesFor(path: string): { src: string; srcSet?: string } {
  return DIRECT_IMAGE.test(path) || path.startsWith('data:') ? { src: path } : srcSetFor(path);
}
