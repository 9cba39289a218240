import { useRef } from 'react';
import styled from 'styled-components';
import { useNearViewport } from '@/hooks/useNearViewport';

/** A transparent pixel shown until the picture comes near: the box keeps its size from width and height. */
const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export interface LazyImageProps {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
  /** For pictures in the first screenful: loaded at once, early, without waiting for scripts. */
  priority?: boolean;
  className?: string;
  /**
   * The parent's styles give the picture its shape (`aspect-ratio`), so the image is a plain element: no styled
   * component of its own, for cards drawn by the dozen.
   */
  ratioFromParent?: boolean;
}

/**
 * An image that loads when it comes within the 200px prefetch margin of the viewport (SPEC §9). Its width and
 * height are known before it loads, so nothing moves when it arrives.
 */
export function LazyImage({ src, srcSet, width, height, alt, priority = false, className, ratioFromParent = false }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const near = useNearViewport(ref, !priority);
  const attributes = {
    ref,
    className,
    src: near ? src : PLACEHOLDER,
    srcSet: near ? srcSet || undefined : undefined,
    'data-src': near ? undefined : src,
    width,
    height,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
    decoding: 'async' as const,
  };
  // eslint-disable-next-line @next/next/no-img-element -- loaded by our own lazy loader (SPEC §9's 200px margin)
  if (ratioFromParent) return <img {...attributes} alt={alt} />;
  return <Image {...attributes} alt={alt} $ratio={`${width} / ${height}`} />;
}

// The box keeps the picture's shape while the placeholder shows: a class per shape, not a style attribute (the CSP
// allows no inline style).
const Image = styled.img<{ $ratio: string }>`
  aspect-ratio: ${({ $ratio }) => $ratio};
`;
