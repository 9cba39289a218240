import styled from 'styled-components';
import type { WordBox } from '@/lib/text-layer';
import type { PageTextAnswer } from '@/lib/wire';

// Over the picture, the same size: its text is transparent, so the picture shows and the text selects and is found.
const Layer = styled.svg`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  user-select: text;
  cursor: text;
  text {
    fill: transparent;
    white-space: pre;
  }
  text::selection {
    fill: transparent;
    background: rgba(26, 95, 180, 0.35);
  }
  rect {
    fill: rgba(255, 213, 0, 0.45);
    pointer-events: none;
  }
  rect.reading {
    fill: rgba(26, 95, 180, 0.18);
  }
`;

interface PageTextLayerProps {
  text: PageTextAnswer;
  /** Where the words being found sit on this page. */
  found: WordBox[];
  /** Lines being read aloud. */
  reading: number[];
}

/**
 * The page's text laid over its picture line by line, each line stretched to its printed width, so a member selects
 * and copies it, the browser's find sees it, and a screen reader reads it in the page's order.
 */
export function PageTextLayer({ text, found, reading }: PageTextLayerProps) {
  return (
    <Layer viewBox={`0 0 ${text.width} ${text.height}`} preserveAspectRatio="none" data-text-layer={text.pageNo} aria-label={`Text of page ${text.pageNo}`} role="document">
      {reading.map((i) => {
        const line = text.lines[i];
        return line ? <rect key={`r${i}`} className="reading" x={line.x} y={line.y} width={line.w} height={line.h} /> : null;
      })}
      {found.map((box, i) => (
        <rect key={`f${i}`} data-found="" x={box.x} y={box.y} width={box.w} height={box.h} />
      ))}
      {text.lines.map((line, i) => (
        <text key={i} x={line.x} y={line.y + line.size * 0.8} fontSize={line.size} textLength={line.w > 0 ? line.w : undefined} lengthAdjust="spacingAndGlyphs">
          {`${line.text}\n`}
        </text>
      ))}
    </Layer>
  );
}
