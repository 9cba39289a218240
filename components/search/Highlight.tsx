import styled from 'styled-components';
import { highlightParts } from '@/lib/search';
import { theme } from '@/styles/theme';

/** Text from the search service with its matched words marked; rendered as text, never as HTML. */
export function Highlight({ value }: { value: string }) {
  return (
    <>
      {highlightParts(value).map((part, i) => (part.marked ? <Mark key={i}>{part.text}</Mark> : <span key={i}>{part.text}</span>))}
    </>
  );
}

// The brand colour and weight mark a match without a fill, so the text keeps its contrast.
const Mark = styled.mark`
  background: transparent;
  color: ${theme.colors.brand};
  font-weight: ${theme.fontWeights.bold};
`;
