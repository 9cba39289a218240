import { useRef } from 'react';
import styled from 'styled-components';
import { useNearViewport } from '@/hooks/useNearViewport';
import { type PictureMarkup, PLACEHOLDER_PIXEL as PLACEHOLDER } from './card-markup';

/** A picture's addresses, size, alt text and priority, as a card's (card-markup.ts), and the class it is styled by. */
export interface LazyImageProps extends PictureMarkup {
  className?: string;
}

/**
 * An image that loads when it comes within the 200px prefetch margin of the viewport (SPEC §9). Its width and
 * height are known before it loads, so nothing moves when it arrives.
 */
export function LazyImage({ src, srcSet, width, height, alt, priority = false, className }: LazyImageProps) {
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
  return <Image {...attributes} alt={alt} $ratio={`${width} / ${height}`} />;
}

// The box keeps the picture's shape while the placeholder shows: a class per shape, not a style attribute (the CSP
// allows no inline style).
const Image = styled.img<{ $ratio: string }>`
  aspect-ratio: ${({ $ratio }) => $ratio};
`;
