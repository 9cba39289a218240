import styled from 'styled-components';
import { theme } from '@/styles/theme';

/**
 * A clipping's picture and its text. The picture's alternative is its text's place, and the text is shown beside
 * it in full; a clipping whose page words have no positions says its text is the whole page's.
 */
export function ClippingFigure({ imageUrl, text, textScope, caption }: { imageUrl: string; text: string; textScope: string; caption: string }) {
  return (
    <Figure>
      {/* A member's own picture, cut per request with their session: next/image's optimiser would cache it for anyone. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={imageUrl} alt={`Picture of the clipped region: ${caption}`} loading="lazy" />
      <figcaption>
        <span className="clipping-text-label">{textScope === 'page' ? 'Text of the whole page (this page’s words have no positions to cut by)' : 'Text in the region'}</span>
        <span className="clipping-text">{text || 'This page has no text (a scanned page).'}</span>
      </figcaption>
    </Figure>
  );
}

const Figure = styled.figure`
  display: grid;
  gap: ${theme.spacing.sm};
  margin: 0;

  img {
    display: block;
    max-width: 100%;
    height: auto;
    border: 1px solid ${theme.colors.border};
  }

  figcaption {
    display: grid;
    gap: ${theme.spacing.xs};
  }

  .clipping-text-label {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
  }

  .clipping-text {
    white-space: pre-line;
  }
`;
