import { type CSSProperties, useRef } from 'react';
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
}

/**
 * An image that loads when it comes within the 200px prefetch margin of the viewport (SPEC §9). Its width and
 * height are known before it loads, so nothing moves when it arrives.
 */
export function LazyImage({ src, srcSet, width, height, alt, priority = false, className }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const near = useNearViewport(ref, !priority);
  const style: CSSProperties = { aspectRatio: `${width} / ${height}` };
  return (
    // eslint-disable-next-line @next/next/no-img-element -- covers come in fixed 1x/2x/3x files (SPEC §9), not through next/image
    <img
      ref={ref}
      className={className}
      src={near ? src : PLACEHOLDER}
      srcSet={near ? srcSet || undefined : undefined}
      data-src={near ? undefined : src}
      width={width}
      height={height}
      style={style}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
