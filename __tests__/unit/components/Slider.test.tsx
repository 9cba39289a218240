import { fireEvent, screen } from '@testing-library/react';
import {
  ARROW_THRESHOLD,
  SCROLL_DISTANCE_PX,
  SCROLL_STEP_PX,
  Slider,
} from '@/components/ui/Slider';
import { html } from '@/lib/html';
import { renderWithTheme } from './render';

function items(count: number) {
  return Array.from({ length: count }, (_, i) => <span key={i}>Item {i + 1}</span>);
}

function renderSlider(count: number, viewAllHref?: string) {
  return renderWithTheme(
    <Slider title="Popular Magazines" viewAllHref={viewAllHref} itemCount={count}>
      {items(count)}
    </Slider>,
  );
}

/** Gives the scroll region a fake geometry and a scrollBy that moves it, recording each call. */
function fakeScroller(region: HTMLElement, { scrollWidth = 10_000, clientWidth = 800, scrollLeft = 0 } = {}) {
  let left = scrollLeft;
  const calls: number[] = [];
  Object.defineProperty(region, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(region, 'clientWidth', { configurable: true, get: () => clientWidth });
  Object.defineProperty(region, 'scrollLeft', { configurable: true, get: () => left });
  region.scrollBy = ((options: ScrollToOptions) => {
    const delta = options.left ?? 0;
    calls.push(delta);
    left = Math.max(0, Math.min(scrollWidth - clientWidth, left + delta));
  }) as typeof region.scrollBy;
  return { calls, position: () => left };
}

/** Holds animation frames until the test runs them. */
function manualFrames() {
  let queue: FrameRequestCallback[] = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    queue.push(callback);
    return queue.length;
  });
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {
    queue = [];
  });
  return {
    pending: () => queue.length,
    runAll: (limit = 1000) => {
      for (let i = 0; i < limit && queue.length > 0; i += 1) {
        const current = queue;
        queue = [];
        current.forEach((callback) => callback(performance.now()));
      }
    },
  };
}

function mockReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

describe('Slider', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    // jsdom has no matchMedia of its own; remove the stub between tests.
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('uses the SPEC §9 constants', () => {
    expect([ARROW_THRESHOLD, SCROLL_STEP_PX, SCROLL_DISTANCE_PX]).toEqual([7, 20, 1200]);
  });

  it('renders an h2 title, a keyboard-scrollable region named by it, and each item in a list', () => {
    renderSlider(3);
    expect(screen.getByRole('heading', { level: 2, name: 'Popular Magazines' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Popular Magazines' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('writes items given as markup, each in its own list item, escaped as text', () => {
    renderWithTheme(<Slider title="Newspapers" itemCount={2} items={[html`<a href="/magazine/1">${'The <Daily>'}</a>`, html`<a href="/magazine/2">Evening</a>`]} />);
    const region = screen.getByRole('region', { name: 'Newspapers' });
    expect(region.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'The <Daily>' })).toHaveAttribute('href', '/magazine/1');
  });

  it("shows a 'View All' link when viewAllHref is given", () => {
    renderSlider(3, '/magazines/BS/en');
    expect(screen.getByRole('link', { name: /^View All/ })).toHaveAttribute('href', '/magazines/BS/en');
  });

  it("has no 'View All' link without viewAllHref", () => {
    renderSlider(3);
    expect(screen.queryByRole('link', { name: /View All/ })).not.toBeInTheDocument();
  });

  it('shows no arrows at 7 items', () => {
    renderSlider(7);
    expect(screen.queryByRole('button', { name: 'Scroll left' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scroll right' })).not.toBeInTheDocument();
  });

  it('shows both arrows at 8 items', () => {
    renderSlider(8);
    expect(screen.getByRole('button', { name: 'Scroll left' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scroll right' })).toBeInTheDocument();
  });

  it('scrolls right in 20px steps, one per frame, until 1200px have moved', () => {
    const frames = manualFrames();
    renderSlider(12);
    const scroller = fakeScroller(screen.getByRole('region', { name: 'Popular Magazines' }));

    fireEvent.click(screen.getByRole('button', { name: 'Scroll right' }));
    // The first step happens at once; the rest wait for animation frames.
    expect(scroller.calls).toEqual([20]);
    expect(frames.pending()).toBe(1);

    frames.runAll();

    expect(scroller.calls).toHaveLength(60);
    expect(scroller.calls.every((delta) => delta === 20)).toBe(true);
    expect(scroller.position()).toBe(1200);
    expect(frames.pending()).toBe(0);
  });

  it('scrolls left in -20px steps up to 1200px', () => {
    const frames = manualFrames();
    renderSlider(12);
    const scroller = fakeScroller(screen.getByRole('region', { name: 'Popular Magazines' }), { scrollLeft: 3000 });

    fireEvent.click(screen.getByRole('button', { name: 'Scroll left' }));
    frames.runAll();

    expect(scroller.calls).toHaveLength(60);
    expect(scroller.calls.every((delta) => delta === -20)).toBe(true);
    expect(scroller.position()).toBe(1800);
  });

  it('stops stepping when the end of the row is reached before 1200px', () => {
    const frames = manualFrames();
    renderSlider(12);
    // 200px of overflow: ten steps reach the end.
    const scroller = fakeScroller(screen.getByRole('region', { name: 'Popular Magazines' }), {
      scrollWidth: 1000,
      clientWidth: 800,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Scroll right' }));
    frames.runAll();

    expect(scroller.calls).toHaveLength(10);
    expect(scroller.position()).toBe(200);
  });

  it('restarts the 1200px run when an arrow is pressed again mid-scroll', () => {
    const frames = manualFrames();
    renderSlider(12);
    const scroller = fakeScroller(screen.getByRole('region', { name: 'Popular Magazines' }));
    const right = screen.getByRole('button', { name: 'Scroll right' });

    fireEvent.click(right);
    fireEvent.click(right);
    frames.runAll();

    // One step from the first press, then a full run of 60 from the second: never two runs at once.
    expect(scroller.calls).toHaveLength(61);
  });

  it('jumps the whole distance at once when the reader prefers reduced motion', () => {
    mockReducedMotion(true);
    const frames = manualFrames();
    renderSlider(12);
    const scroller = fakeScroller(screen.getByRole('region', { name: 'Popular Magazines' }));

    fireEvent.click(screen.getByRole('button', { name: 'Scroll right' }));

    expect(scroller.calls).toEqual([1200]);
    expect(frames.pending()).toBe(0);
  });
});
