import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { findAll } from '@/lib/text-layer';
import { theme } from '@/styles/theme';
import type { PageTextState } from './usePageTexts';
import { THEME_COLOURS, type TextSettings } from './settings';

const Scroller = styled.div<{ $theme: TextSettings['theme'] }>`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  background: ${({ $theme }) => THEME_COLOURS[$theme].back};
  color: ${({ $theme }) => THEME_COLOURS[$theme].fore};
  mark {
    background: ${({ $theme }) => THEME_COLOURS[$theme].mark};
    color: inherit;
  }
  mark.reading {
    outline: 2px solid ${theme.colors.focus};
  }
`;

const Column = styled.div<{ $size: number; $spacing: number; $width: number }>`
  box-sizing: border-box;
  max-width: ${({ $width }) => $width}ch;
  margin: 0 auto;
  padding: ${theme.spacing.lg};
  font-size: ${({ $size }) => $size}px;
  line-height: ${({ $spacing }) => $spacing};
  overflow-wrap: anywhere;
  h2 {
    margin: 0 0 ${theme.spacing.md};
    font-size: 0.8em;
    font-weight: 600;
    opacity: 0.85;
  }
  h3 {
    margin: 1em 0 0.5em;
    font-size: 1.3em;
    line-height: 1.25;
  }
  p {
    margin: 0 0 0.9em;
  }
  section + section {
    margin-top: 2em;
    padding-top: 1em;
    border-top: 1px solid currentColor;
  }
`;

/** Where read-aloud is: a page, a block of it and a sentence of that block. */
export interface ReadingPlace {
  pageNo: number;
  block: number;
  start: number;
  end: number;
}

interface TextViewProps {
  pages: number[];
  texts: Record<number, PageTextState>;
  settings: TextSettings;
  found: string;
  reading: ReadingPlace | null;
}

/** The text with the words found marked, and the sentence being read marked apart. */
function marked(text: string, found: string, reading: [number, number] | null): ReactNode {
  const spans: { start: number; end: number; reading: boolean }[] = found ? findAll(text, found).map(([start, end]) => ({ start, end, reading: false })) : [];
  if (reading) spans.push({ start: reading[0], end: reading[1], reading: true });
  if (!spans.length) return text;
  // The sentence read wins where it overlaps a word found.
  const cuts = spans.sort((a, b) => a.start - b.start).filter((span, i, all) => !all.slice(0, i).some((o) => o.end > span.start));
  const out: ReactNode[] = [];
  let at = 0;
  cuts.forEach((span, i) => {
    out.push(text.slice(at, span.start));
    out.push(
      <mark key={i} className={span.reading ? 'reading' : undefined} data-reading={span.reading ? '' : undefined}>
        {text.slice(span.start, span.end)}
      </mark>,
    );
    at = span.end;
  });
  out.push(text.slice(at));
  return out;
}

/** The text view: the pages shown, in reading order, headings as headings, in the member's type and colours. */
export function TextView({ pages, texts, settings, found, reading }: TextViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // The sentence read stays in view.
  useEffect(() => {
    scroller.current?.querySelector('mark[data-reading]')?.scrollIntoView({ block: 'nearest' });
  }, [reading]);
  return (
    <Scroller ref={scroller} $theme={settings.theme} id="reader-text" data-theme={settings.theme} tabIndex={0} aria-label="Text view">
      <Column $size={settings.size} $spacing={settings.spacing} $width={settings.width}>
        {pages.map((pageNo) => {
          const text = texts[pageNo];
          return (
            <section key={pageNo} aria-labelledby={`reader-text-page-${pageNo}`} data-page={pageNo}>
              <h2 id={`reader-text-page-${pageNo}`}>Page {pageNo}</h2>
              {text === undefined ? <p>Loading the text of this page…</p> : null}
              {text === 'failed' ? <p>The text of this page could not be loaded. Turn the page and back to try again.</p> : null}
              {text && text !== 'failed' && !text.hasText ? <p>This page has no text to show: it is a scanned picture. Switch to the page view to see it.</p> : null}
              {text && text !== 'failed'
                ? text.blocks.map((block, b) => {
                    const here = reading && reading.pageNo === pageNo && reading.block === b ? ([reading.start, reading.end] as [number, number]) : null;
                    const content = marked(block.text, found, here);
                    return <Fragment key={b}>{block.kind === 'heading' ? <h3>{content}</h3> : <p>{content}</p>}</Fragment>;
                  })
                : null}
            </section>
          );
        })}
      </Column>
    </Scroller>
  );
}
