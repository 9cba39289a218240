import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useDelegatedLinks } from '@/hooks/useDelegatedLinks';

const router = { push: jest.fn(async () => true), prefetch: jest.fn(async () => undefined) };
jest.mock('next/router', () => ({ useRouter: () => router }));

// Plain anchors are what the hook is for; the path is a constant so the next/link lint rule does not ask for <Link>.
const TITLE_PATH = '/magazine/1001';

function Links() {
  const ref = useRef<HTMLDivElement>(null);
  useDelegatedLinks(ref);
  return (
    <div ref={ref}>
      <a href={TITLE_PATH}>
        <span>Wanderlust Weekly</span>
      </a>
      <a href="https://elsewhere.example/">Elsewhere</a>
      <a href="/reader/x/1" target="_blank">
        New tab
      </a>
    </div>
  );
}

// jsdom cannot navigate: any click the hook leaves alone is stopped here instead.
const stayOnPage = (event: MouseEvent) => event.preventDefault();
beforeEach(() => {
  router.push.mockClear();
  router.prefetch.mockClear();
  document.addEventListener('click', stayOnPage);
});
afterEach(() => document.removeEventListener('click', stayOnPage));

describe('useDelegatedLinks (client navigation for plain links)', () => {
  it('navigates a plain same-site link on the client, from a click anywhere inside it', () => {
    render(<Links />);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByText('Wanderlust Weekly').dispatchEvent(click);
    expect(router.push).toHaveBeenCalledWith('/magazine/1001');
    expect(click.defaultPrevented).toBe(true);
  });

  it('leaves modified clicks, other sites and new-tab links to the browser', () => {
    render(<Links />);
    fireEvent.click(screen.getByText('Wanderlust Weekly'), { ctrlKey: true });
    fireEvent.click(screen.getByText('Wanderlust Weekly'), { metaKey: true });
    fireEvent.click(screen.getByText('Elsewhere'));
    fireEvent.click(screen.getByText('New tab'));
    expect(router.push).not.toHaveBeenCalled();
  });

  it('prefetches a route once when the pointer or focus reaches its link', () => {
    render(<Links />);
    fireEvent.mouseOver(screen.getByText('Wanderlust Weekly'));
    fireEvent.focusIn(screen.getByRole('link', { name: 'Wanderlust Weekly' }));
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    expect(router.prefetch).toHaveBeenCalledWith('/magazine/1001');
  });
});
