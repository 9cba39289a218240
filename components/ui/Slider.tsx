import { Children, type ReactNode, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { html, type HtmlFragment, innerHtml } from '@/lib/html';
import { theme } from '@/styles/theme';
import { media, prefersReducedMotion } from '@/styles/breakpoints';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** SPEC §9: 'Slider arrows appear above 7 items'. */
export const ARROW_THRESHOLD = 7;
/** SPEC §9: 'scrolling moves 20px steps up to 1200px'. */
export const SCROLL_STEP_PX = 20;
export const SCROLL_DISTANCE_PX = 1200;

export interface SliderProps {
  /** The h2 above the row; also names the scrollable region. */
  title: string;
  viewAllHref?: string;
  /** One node per item; each is wrapped in an `<li>`. */
  children?: ReactNode[];
  /**
   * Or the items as markup (components/ui/card-markup.ts's whole cards), written as text in one list: for rows of
   * cards without state of their own, whose holder carries the cards' rules (HomeScreen). Each is wrapped in an `<li>`.
   */
  items?: HtmlFragment[];
  /** How many items the row holds; the arrows show only above ARROW_THRESHOLD. */
  itemCount: number;
}

type Direction = -1 | 1;

function atEdge(el: HTMLElement, direction: Direction): boolean {
  if (direction < 0) return el.scrollLeft <= 0;
  return el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
}

/** A titled, horizontally scrolling row of cards with an optional 'View All' link and arrow buttons. */
export function Slider({ title, viewAllHref, children, items, itemCount }: SliderProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<number | null>(null);
  const listId = useId();
  const showArrows = itemCount > ARROW_THRESHOLD;

  const stop = () => {
    if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
    frameRef.current = null;
  };

  // An animation still running when the row unmounts must not touch a detached element.
  useEffect(
    () => () => {
      if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
    },
    [],
  );

  const scroll = (direction: Direction) => {
    const el = scrollerRef.current;
    if (!el) return;
    stop();
    if (prefersReducedMotion()) {
      el.scrollBy({ left: direction * SCROLL_DISTANCE_PX, behavior: 'auto' });
      return;
    }
    let moved = 0;
    const step = () => {
      if (moved >= SCROLL_DISTANCE_PX || atEdge(el, direction)) {
        frameRef.current = null;
        return;
      }
      el.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: 'auto' });
      moved += SCROLL_STEP_PX;
      frameRef.current = requestAnimationFrame(step);
    };
    step();
  };

  return (
    // No label on the section: the scroll region below is the one landmark named by the title.
    // One styled component for the row: its parts are plain elements styled from it.
    <Section>
      <div className="head">
        <h2 className="heading">{title}</h2>
        <div className="actions">
          {viewAllHref ? (
            <a className="view-all" href={viewAllHref}>
              View All<span className="visually-hidden"> {title}</span>
            </a>
          ) : null}
          {showArrows ? (
            <>
              <button className="arrow" type="button" aria-label="Scroll left" aria-controls={listId} onClick={() => scroll(-1)}>
                <ChevronLeftIcon size={20} />
              </button>
              <button className="arrow" type="button" aria-label="Scroll right" aria-controls={listId} onClick={() => scroll(1)}>
                <ChevronRightIcon size={20} />
              </button>
            </>
          ) : null}
        </div>
      </div>
      {/* A focusable region so the row scrolls with the arrow keys as well as by touch. */}
      <div className="scroller" ref={scrollerRef} id={listId} role="region" aria-label={title} tabIndex={0}>
        {items ? (
          <ul className="items" dangerouslySetInnerHTML={innerHtml(html`${items.map((item) => html`<li>${item}</li>`)}`)} />
        ) : (
          <ul className="items">
            {Children.map(children, (child) => (
              <li>{child}</li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  padding: ${theme.spacing.lg} 0;
  min-width: 0;

  > .head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${theme.spacing.sm};
    padding: 0 ${theme.spacing.lg};
  }

  .heading {
    min-width: 0;
    font-size: ${theme.fontSizes.lg};
    overflow-wrap: anywhere;

    ${media.up('md')} {
      font-size: ${theme.fontSizes.xl};
    }
  }

  .actions {
    display: flex;
    align-items: center;
    gap: ${theme.spacing.xs};
    margin-left: auto;
  }

  .view-all {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.sizes.tapTarget};
    padding: 0 ${theme.spacing.sm};
    border-radius: ${theme.radii.sm};
    color: ${theme.colors.brand};
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.bold};
    text-decoration: none;
    white-space: nowrap;
  }

  .view-all:hover {
    text-decoration: underline;
  }

  .arrow {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: ${theme.sizes.tapTarget};
    height: ${theme.sizes.tapTarget};
    padding: 0;
    border: 1px solid ${theme.colors.borderStrong};
    border-radius: ${theme.radii.round};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }

  .arrow:hover {
    background: ${theme.colors.surfaceHover};
  }

  > .scroller {
    overflow-x: auto;
    overflow-y: hidden;
    overscroll-behavior-x: contain;
    scroll-padding: 0 ${theme.spacing.lg};
    scrollbar-width: thin;
    border-radius: ${theme.radii.sm};
  }

  > .scroller:focus-visible {
    outline-offset: -3px;
    box-shadow: none;
  }

  .items {
    display: flex;
    gap: ${theme.spacing.lg};
    width: max-content;
    margin: 0;
    padding: ${theme.spacing.xs} ${theme.spacing.lg} ${theme.spacing.sm};
    list-style: none;
  }

  /* Plain items styled from the list: a row of twenty costs one styled component, not twenty-one. */
  .items > li {
    flex: none;
  }
`;
