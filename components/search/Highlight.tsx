import { css } from 'styled-components';
import { html, type HtmlFragment } from '@/lib/html';
import { highlightParts } from '@/lib/search';
import { theme } from '@/styles/theme';

/**
 * Text from the search service with its matched words marked; rendered as text, never as HTML. The unmarked parts
 * are plain text and the marks plain `<mark>`s, styled by the element holding them (markRules): a result page
 * holds a few dozen of them, and a styled component each was a good part of its render.
 */
export function Highlight({ value }: { value: string }) {
  return (
    <>
      {highlightParts(value).map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : part.text))}
    </>
  );
}

/** The same as markup, for results written as text (result-markup.ts). */
export function highlightMarkup(value: string): HtmlFragment {
  return html`${highlightParts(value).map((part) => (part.marked ? html`<mark>${part.text}</mark>` : part.text))}`;
}

// The brand colour and weight mark a match without a fill, so the text keeps its contrast.
export const markRules = css`
  mark {
    background: transparent;
    color: ${theme.colors.brand};
    font-weight: ${theme.fontWeights.bold};
  }
`;
