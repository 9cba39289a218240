import dynamic from 'next/dynamic';
import Head from 'next/head';
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import styled, { css } from 'styled-components';
import { ChevronLeftIcon, ChevronRightIcon, PagesIcon, ZoomIcon } from '@/components/ui/icons';
import { COOKIE, XSRF_HEADER } from '@/lib/cookies';
import { layOutSpreads, pageHash, scaleFor, spreadIndexOf, startPage, wantsTwoUp } from '@/lib/reader';
import { matchBoxes } from '@/lib/text-layer';
import type { ReaderIssue } from '@/lib/wire';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { PageTextLayer } from './text/PageTextLayer';
import { ReaderTextTools, type TextPanel } from './text/ReaderTextTools';
import { useTextSettings } from './text/settings';
import type { ReadingPlace } from './text/TextView';
import { usePageTexts } from './text/usePageTexts';
import { marksToolRules, ReaderMarks } from './marks/ReaderMarks';
import { Tool } from './ReaderTool';

interface ReaderScreenProps {
  code: string;
  issue: ReaderIssue;
  /** A download read from this browser's store (issue 32): texts from its addresses, no reading place saved, no marks. */
  offline?: { textAddress(pageNo: number): string };
}

/** 'page': the whole page (or spread) as large as the screen allows; 'width': as wide as the screen, scrolling. */
type Fit = 'page' | 'width';

/** The XSRF token the session's cookie call needs (the code opens pages only together with the member's session). */
function xsrfToken(): string {
  const entry = document.cookie.split('; ').find((pair) => pair.startsWith(`${COOKIE.xsrf}=`));
  return entry ? decodeURIComponent(entry.slice(COOKIE.xsrf.length + 1)) : '';
}

// The text view and the panels are drawn only when asked for: their code loads after the first page (warmed once the
// page is shown, so the switch is at once), keeping the reader's first load within its budget. The layer over the
// picture is in the first load.
const loadTextView = () => import('./text/TextView');
const loadFindBar = () => import('./text/FindBar');
const loadReadAloud = () => import('./text/ReadAloud');
const loadSettingsPanel = () => import('./text/TextSettingsPanel');
const TextView = dynamic(() => loadTextView().then((m) => m.TextView), { ssr: false });
const FindBar = dynamic(() => loadFindBar().then((m) => m.FindBar), { ssr: false });
const ReadAloud = dynamic(() => loadReadAloud().then((m) => m.ReadAloud), { ssr: false });
const TextSettingsPanel = dynamic(() => loadSettingsPanel().then((m) => m.TextSettingsPanel), { ssr: false });

const MAX_ZOOM = 4;
const SWIPE_PX = 50;
const SAVE_DELAY_MS = 800;

const Shell = styled.main`
  position: fixed;
  inset: 0;
  display: flex;
  flex-direction: column;
  background: ${theme.colors.text};
  color: ${theme.colors.surface};
  font-family: ${theme.fonts.body};
  button:focus-visible,
  a:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
    box-shadow: 0 0 0 5px ${theme.colors.focusHalo};
  }
`;

// One row (52px) from 375px up: zoom and fit, the text tools and the marks fold into menus where the row is short;
// narrower still (320px), it wraps rather than scroll sideways.
const Bar = styled.div`
  position: relative;
  z-index: 1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing.xs};
  padding: ${theme.spacing.xs} ${theme.spacing.sm};
  ${marksToolRules}
`;

const Title = styled.h1`
  flex: 1 1 0;
  min-width: 0;
  margin: 0;
  font-size: ${theme.fontSizes.md};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Count = styled.span`
  flex: none;
  font-size: ${theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

// Fit and zoom: behind the Zoom and fit button on a phone, in the row itself from a tablet's width up.
const ViewMenu = styled.div`
  position: relative;
  display: flex;
  flex: none;

  ${media.up('md')} {
    > ${Tool} {
      display: none;
    }
  }
`;

const ViewOptions = styled.div`
  position: absolute;
  top: calc(100% + ${theme.spacing.xs});
  right: 0;
  display: flex;
  gap: ${theme.spacing.xs};
  padding: ${theme.spacing.xs};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.text};
  box-shadow: ${theme.shadows.lg};
  &[hidden] {
    display: none;
  }

  ${media.up('md')} {
    &,
    &[hidden] {
      position: static;
      display: flex;
      padding: 0;
      border: 0;
      box-shadow: none;
    }
  }
`;

// A size container: a page measures itself against the stage (cq units), so it fits without letterbox bands.
const Stage = styled.div<{ $fit: Fit; $zoomed: boolean }>`
  position: relative;
  flex: 1;
  min-height: 0;
  container-type: size;
  overflow: ${({ $fit, $zoomed }) => ($fit === 'width' && !$zoomed ? 'auto' : 'hidden')};
  touch-action: ${({ $zoomed }) => ($zoomed ? 'none' : 'pan-y')};
  user-select: none;
`;

const Spread = styled.div<{ $fit: Fit }>`
  display: flex;
  justify-content: center;
  align-items: ${({ $fit }) => ($fit === 'page' ? 'center' : 'flex-start')};
  height: ${({ $fit }) => ($fit === 'page' ? '100%' : 'auto')};
  transform-origin: center center;
  will-change: transform;
`;

// Whole page: as wide as the stage allows (its share of the width, or the height times the page's shape); the
// height follows from the image's width and height attributes, so the box is the page and nothing is letterboxed.
// The page's text layer lies over the image in the same box.
const PageFrame = styled.div<{ $fit: Fit; $count: number; $ratio: number }>`
  position: relative;
  flex: none;
  ${({ $fit, $count, $ratio }) =>
    $fit === 'page'
      ? css`
          width: min(${100 / $count}cqw, ${(100 * $ratio).toFixed(3)}cqh);
        `
      : css`
          width: ${100 / $count}%;
        `}
`;

const PageImage = styled.img`
  display: block;
  width: 100%;
  max-width: none;
  height: auto;
  background: ${theme.colors.surface};
`;

const Strip = styled.nav`
  display: flex;
  &[hidden] {
    display: none;
  }
  gap: ${theme.spacing.sm};
  overflow-x: auto;
  padding: ${theme.spacing.sm};
  ol {
    display: flex;
    gap: ${theme.spacing.sm};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* Thumbnails keep their size and the strip scrolls: squeezed on a phone, they fell under the 24px target. */
  li {
    flex: none;
  }
`;

const Thumb = styled.button`
  padding: ${theme.spacing.xxs};
  border: 2px solid transparent;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: ${theme.fontSizes.xs};
  cursor: pointer;
  &[aria-current='true'] {
    border-color: ${theme.colors.surface};
  }
  img {
    display: block;
    width: 60px;
    height: auto;
  }
`;

const VisuallyHidden = styled.p`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

function describe(spread: number[], pageCount: number): string {
  return spread.length > 1 ? `Pages ${spread[0]} and ${spread[1]} of ${pageCount}` : `Page ${spread[0]} of ${pageCount}`;
}

/**
 * The hosted reader: one page on a phone or in portrait, facing pages on a wide screen; buttons, arrow keys,
 * Home/End, swipes and a page strip turn pages; #page/{n} follows the page shown; wheel, pinch and double tap zoom,
 * loading the 2x/3x image when zoomed in.
 */
export function ReaderScreen({ code, issue, offline }: ReaderScreenProps) {
  const { pages, pageCount } = issue;
  const [twoUp, setTwoUp] = useState(false);
  const [pageNo, setPageNo] = useState(() => issue.lastPage ?? 1);
  const [fit, setFit] = useState<Fit>('page');
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [dpr, setDpr] = useState(1);
  const [showStrip, setShowStrip] = useState(false);
  const [showView, setShowView] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const viewButtonRef = useRef<HTMLButtonElement>(null);
  const [view, setView] = useState<'page' | 'text'>('page');
  const [panel, setPanel] = useState<TextPanel | null>(null);
  const [found, setFound] = useState('');
  const [highlight, setHighlight] = useState('');
  const [readingPlace, setReading] = useState<ReadingPlace | null>(null);
  // Closing read aloud stops it: nothing stays marked.
  const reading = panel === 'read' ? readingPlace : null;
  const [settings, changeSettings] = useTextSettings();
  const { texts, load } = usePageTexts(code, issue.issueId, offline?.textAddress);

  const spreads = useMemo(() => layOutSpreads(pages, twoUp), [pages, twoUp]);
  const index = spreadIndexOf(spreads, pageNo);
  const spread = useMemo(() => spreads[index] ?? [1], [spreads, index]);
  const scale = scaleFor(zoom, dpr);

  // The screen decides one or two pages, and the hash decides the page, once the browser is known.
  useEffect(() => {
    const measure = () => {
      setTwoUp(wantsTwoUp(window.innerWidth, window.innerHeight));
      setDpr(window.devicePixelRatio || 1);
    };
    // The hash names the page to show: on arrival (else the last page read) and whenever it changes.
    const onHash = () => setPageNo(startPage(window.location.hash, issue.lastPage, pageCount));
    measure();
    onHash();
    window.addEventListener('resize', measure);
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('hashchange', onHash);
    };
  }, [issue.lastPage, pageCount]);

  const goTo = useCallback(
    (target: number) => {
      const next = spreads[Math.min(Math.max(target, 0), spreads.length - 1)];
      if (!next) return;
      setPageNo(next[0]);
      setZoom(1);
      setPan({ x: 0, y: 0 });
    },
    [spreads],
  );

  // The address follows the page shown (so a reload or a shared link returns to it), and the member's place is kept.
  useEffect(() => {
    const first = spread[0];
    const url = `${window.location.pathname}${window.location.search}${pageHash(first)}`;
    if (window.location.hash !== pageHash(first)) window.history.replaceState(window.history.state, '', url);
    if (offline) return undefined;
    const timer = window.setTimeout(() => {
      void fetch('/api/reader/progress', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', [XSRF_HEADER]: xsrfToken() },
        body: JSON.stringify({ code, issue: issue.issueId, page: spread[spread.length - 1] }),
        keepalive: true,
      }).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [code, issue.issueId, spread, offline]);

  // The text of the pages shown loads after their pictures: it lies over them, and the text view shows it at once.
  useEffect(() => {
    for (const n of spread) load(n);
  }, [spread, load]);

  // Opened from search (?hl=words): the words are found in the issue and marked on the page it opens at.
  useEffect(() => {
    const openFind = (words: string | undefined) => {
      if (!words) return;
      setHighlight(words);
      setPanel('find');
    };
    openFind(new URLSearchParams(window.location.search).get('hl')?.trim().slice(0, 200));
  }, []);

  const turnTo = useCallback((target: number) => goTo(spreadIndexOf(spreads, target)), [goTo, spreads]);
  const toggleView = useCallback(() => setView((current) => (current === 'page' ? 'text' : 'page')), []);
  const togglePanel = useCallback((next: TextPanel) => setPanel((current) => (current === next ? null : next)), []);
  const onFound = useCallback((words: string) => setFound(words), []);
  const closeFind = useCallback(() => {
    setPanel(null);
    setFound('');
  }, []);

  // The text tools' code, once the first page is up.
  useEffect(() => {
    const warm = () => {
      for (const load of [loadTextView, loadFindBar, loadReadAloud, loadSettingsPanel]) void load().catch(() => undefined);
    };
    const timer = window.setTimeout(warm, 300);
    return () => window.clearTimeout(timer);
  }, []);

  // The next two pages load ahead, so turning to them shows them at once: at the scale the page will show on this
  // screen (read here, not from state, which holds 1 until the first effect has measured the screen). A srcset on
  // the page picture, which would let the HTML ask for it at the screen's scale, was measured slower for the first
  // page at ratio 1 (bench/reader: 1 of 8 visits under 300 ms with it, 3 of 8 without, the same hour) and not kept.
  useEffect(() => {
    const last = spread[spread.length - 1];
    const scaleHere = scaleFor(1, window.devicePixelRatio || 1);
    for (const next of [last + 1, last + 2]) {
      const page = pages[next - 1];
      if (page) new Image().src = page.src[scaleHere - 1];
    }
  }, [pages, spread]);

  const zoomTo = useCallback((value: number) => {
    const next = Math.min(Math.max(value, 1), MAX_ZOOM);
    setZoom(next);
    if (next === 1) setPan({ x: 0, y: 0 });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      // Keys typed into a field (find, a setting) are the field's.
      if (event.target instanceof HTMLElement && event.target.closest('input, select, textarea')) return;
      const actions: Record<string, () => void> = {
        t: toggleView,
        T: toggleView,
        ArrowRight: () => goTo(index + 1),
        PageDown: () => goTo(index + 1),
        ArrowLeft: () => goTo(index - 1),
        PageUp: () => goTo(index - 1),
        Home: () => goTo(0),
        End: () => goTo(spreads.length - 1),
        '+': () => zoomTo(zoom * 1.5),
        '=': () => zoomTo(zoom * 1.5),
        '-': () => zoomTo(zoom / 1.5),
        '0': () => zoomTo(1),
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goTo, index, spreads.length, zoom, zoomTo, toggleView]);

  // The zoom and fit menu closes on a press outside it, and on Escape with focus back on its button.
  useEffect(() => {
    if (!showView) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!viewRef.current?.contains(event.target as Node)) setShowView(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setShowView(false);
      viewButtonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [showView]);

  // Wheel zoom needs a listener that may cancel the page's own scroll.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const onWheel = (event: WheelEvent) => {
      if (fit === 'width' && zoom === 1 && !event.ctrlKey) return;
      event.preventDefault();
      setZoom((current) => {
        const next = Math.min(Math.max(current * (event.deltaY < 0 ? 1.2 : 1 / 1.2), 1), MAX_ZOOM);
        if (next === 1) setPan({ x: 0, y: 0 });
        return next;
      });
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [fit, zoom]);

  // Pointers: one finger swipes (or pans when zoomed), two pinch, a double tap toggles zoom.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ startX: 0, startY: 0, startPan: { x: 0, y: 0 }, pinchFrom: 0, zoomFrom: 1, lastTap: 0 });
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (pointers.current.size === 1) {
      g.startX = event.clientX;
      g.startY = event.clientY;
      g.startPan = pan;
    } else if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      g.pinchFrom = Math.hypot(a.x - b.x, a.y - b.y);
      g.zoomFrom = zoom;
    }
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (pointers.current.size === 2 && g.pinchFrom > 0) {
      const [a, b] = [...pointers.current.values()];
      zoomTo((g.zoomFrom * Math.hypot(a.x - b.x, a.y - b.y)) / g.pinchFrom);
    } else if (pointers.current.size === 1 && zoom > 1) {
      setPan({ x: g.startPan.x + (event.clientX - g.startX) / zoom, y: g.startPan.y + (event.clientY - g.startY) / zoom });
    }
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const wasPinch = pointers.current.size > 1;
    pointers.current.delete(event.pointerId);
    if (wasPinch || pointers.current.size > 0) return;
    const g = gesture.current;
    // A mouse drawing over the text is selecting it, not turning the page or zooming.
    if (event.pointerType === 'mouse' && !window.getSelection()?.isCollapsed) return;
    const dx = event.clientX - g.startX;
    const dy = event.clientY - g.startY;
    if (zoom === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      goTo(dx < 0 ? index + 1 : index - 1);
      return;
    }
    if (Math.abs(dx) < 10 && Math.abs(dy) < 10) {
      const now = event.timeStamp;
      if (now - g.lastTap < 300) {
        zoomTo(zoom > 1 ? 1 : 2.5);
        g.lastTap = 0;
      } else {
        g.lastTap = now;
      }
    }
  };

  const status = describe(spread, pageCount);
  const count = `${spread.join('–')} / ${pageCount}`;
  return (
    <Shell>
      <Head>
        <title>{`${issue.magName}, ${issue.issueName}: ${status}`}</title>
      </Head>
      <Bar role="toolbar" aria-label="Reader">
        <Title>
          {issue.magName} · {issue.issueName}
        </Title>
        <Tool type="button" onClick={() => goTo(index - 1)} disabled={index === 0} aria-label="Previous page">
          <ChevronLeftIcon size={20} />
        </Tool>
        <Count aria-hidden="true">{count}</Count>
        <Tool type="button" onClick={() => goTo(index + 1)} disabled={index >= spreads.length - 1} aria-label="Next page">
          <ChevronRightIcon size={20} />
        </Tool>
        <Tool type="button" onClick={() => setShowStrip(!showStrip)} aria-expanded={showStrip} aria-controls="reader-pages" aria-label="Pages">
          <PagesIcon size={20} />
        </Tool>
        <ViewMenu ref={viewRef}>
          <Tool ref={viewButtonRef} type="button" onClick={() => setShowView(!showView)} aria-expanded={showView} aria-controls="reader-view" aria-label="Zoom and fit">
            <ZoomIcon size={20} />
          </Tool>
          <ViewOptions id="reader-view" role="group" aria-label="Zoom and fit" hidden={!showView}>
            {/* Its name is what it says (WCAG 2.5.3, label in name): a speech user says what they see. */}
            <Tool type="button" onClick={() => setFit(fit === 'page' ? 'width' : 'page')}>
              {fit === 'page' ? 'Fit width' : 'Fit page'}
            </Tool>
            <Tool type="button" onClick={() => zoomTo(zoom / 1.5)} disabled={zoom <= 1} aria-label="Zoom out">
              −
            </Tool>
            <Tool type="button" onClick={() => zoomTo(zoom * 1.5)} disabled={zoom >= MAX_ZOOM} aria-label="Zoom in">
              +
            </Tool>
          </ViewOptions>
        </ViewMenu>
        <ReaderTextTools view={view} panel={panel} onView={toggleView} onPanel={togglePanel} />
        {offline ? null : <ReaderMarks issueId={issue.issueId} page={pages[spread[0] - 1]} onGoTo={(n) => goTo(spreadIndexOf(spreads, n))} />}
      </Bar>
      {panel === 'find' ? <FindBar code={code} issueId={issue.issueId} initial={highlight} pageNo={spread[0]} onFound={onFound} onGo={turnTo} onClose={closeFind} /> : null}
      {panel === 'settings' && view === 'text' ? <TextSettingsPanel settings={settings} onChange={changeSettings} /> : null}
      {panel === 'read' ? <ReadAloud lang={issue.lang} pageCount={pageCount} texts={texts} pageNo={spread[0]} load={load} onPlace={setReading} onTurn={turnTo} /> : null}
      <VisuallyHidden aria-live="polite" role="status">
        {status}
      </VisuallyHidden>
      {view === 'text' ? <TextView pages={spread} texts={texts} settings={settings} found={found} reading={reading} /> : null}
      <Stage
        hidden={view === 'text'}
        ref={stageRef}
        $fit={fit}
        $zoomed={zoom > 1}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-zoom={zoom.toFixed(2)}
      >
        {/* No style attribute until zoomed (the CSP allows none in the HTML; set later by script, it is allowed). */}
        <Spread $fit={fit} style={zoom === 1 && pan.x === 0 && pan.y === 0 ? undefined : { transform: `scale(${zoom}) translate(${pan.x}px, ${pan.y}px)` }}>
          {spread.map((n) => {
            const page = pages[n - 1];
            const text = texts[n];
            const layer = text && text !== 'failed' && text.lines.length ? text : null;
            const readLines = reading && reading.pageNo === n && layer ? (layer.blocks[reading.block]?.lines ?? []) : [];
            return (
              <PageFrame key={n} $fit={fit} $count={spread.length} $ratio={page.width / page.height}>
                {/* With the text layer over it, the picture is named short: the layer carries its words, heard once. */}
                <PageImage src={page.src[scale - 1]} alt={layer ? `Page ${n}, ${issue.magName} · ${issue.issueName}` : page.alt} width={page.width} height={page.height} draggable={false} fetchPriority="high" data-page={n} />
                {layer ? <PageTextLayer text={layer} found={found ? matchBoxes(layer, found) : []} reading={readLines} /> : null}
              </PageFrame>
            );
          })}
        </Spread>
      </Stage>
      {/* Always in the page, so the Pages button's aria-controls names an element; its thumbnails only when open. */}
      <Strip id="reader-pages" aria-label="Pages" hidden={!showStrip}>
        {showStrip ? (
          <ol>
            {pages.map((page) => (
              <li key={page.pageNo}>
                <Thumb type="button" onClick={() => goTo(spreadIndexOf(spreads, page.pageNo))} aria-current={spread.includes(page.pageNo)} aria-label={`Page ${page.pageNo}`}>
                  {/* Signed member images: next/image's optimiser would fetch and cache them without the code's limits. */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={page.src[0]} alt="" width={page.width} height={page.height} loading="lazy" />
                  {page.pageNo}
                </Thumb>
              </li>
            ))}
          </ol>
        ) : null}
      </Strip>
    </Shell>
  );
}
