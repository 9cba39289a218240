import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { pictureMarkup, type PictureMarkup, PLACEHOLDER_PIXEL } from '@/components/ui/card-markup';
import { useLazyPictures } from '@/hooks/useLazyPictures';
import { innerHtml } from '@/lib/html';
import { fakeIntersectionObserver } from '../components/observer';

const first: PictureMarkup = { src: '/media/covers/1/view/1.jpg', srcSet: '/media/covers/1/view/1.jpg 1x, /media/covers/1/view/2.jpg 2x', width: 150, height: 195, alt: 'First' };
const second: PictureMarkup = { src: '/media/covers/2/view/1.jpg', width: 150, height: 195, alt: 'Second' };

function Frame({ pictures = [first] }: { pictures?: PictureMarkup[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useLazyPictures(ref);
  return (
    <div ref={ref}>
      {pictures.map((picture) => (
        <p key={picture.src} dangerouslySetInnerHTML={innerHtml(pictureMarkup(picture))} />
      ))}
      <p dangerouslySetInnerHTML={innerHtml(pictureMarkup({ ...second, src: '/media/covers/3/view/1.jpg', alt: 'Priority', priority: true }))} />
    </div>
  );
}

const picture = (alt: string) => document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`)!;

describe('useLazyPictures (one observer loads the cards’ pictures)', () => {
  let observer: ReturnType<typeof fakeIntersectionObserver>;
  beforeEach(() => {
    observer = fakeIntersectionObserver();
  });
  afterEach(() => observer.restore());

  it('shows the placeholder until a picture comes within 200px, then gives it its addresses', () => {
    render(<Frame />);
    const waiting = picture('First');
    expect(waiting.getAttribute('src')).toBe(PLACEHOLDER_PIXEL);
    expect(waiting).toHaveAttribute('loading', 'lazy');
    expect(observer.optionsFor(waiting)).toEqual([{ rootMargin: '200px 0px' }]);

    observer.bringIntoView(waiting);
    expect(waiting.getAttribute('src')).toBe(first.src);
    expect(waiting.getAttribute('srcset')).toBe(first.srcSet);
    expect(waiting).not.toHaveAttribute('data-src');
    expect(waiting).not.toHaveAttribute('data-srcset');
    // Loaded once: the observer lets it go.
    expect(observer.optionsFor(waiting)).toEqual([]);
  });

  it('leaves a priority picture alone: it has its address from the server', () => {
    render(<Frame />);
    const priority = picture('Priority');
    expect(priority.getAttribute('src')).toBe('/media/covers/3/view/1.jpg');
    expect(priority).toHaveAttribute('fetchpriority', 'high');
    expect(observer.optionsFor(priority)).toEqual([]);
  });

  it('watches pictures added after the first render (a next page of covers)', async () => {
    const { rerender } = render(<Frame />);
    rerender(<Frame pictures={[first, second]} />);
    // The MutationObserver reports after the change, as a microtask.
    await act(async () => undefined);
    const added = picture('Second');
    expect(added.getAttribute('src')).toBe(PLACEHOLDER_PIXEL);
    observer.bringIntoView(added);
    expect(added.getAttribute('src')).toBe(second.src);
    expect(added).not.toHaveAttribute('srcset');
  });
});

describe('useLazyPictures without IntersectionObserver', () => {
  it('loads every picture at once: a picture must still arrive', () => {
    expect(typeof IntersectionObserver).toBe('undefined');
    render(<Frame />);
    expect(picture('First').getAttribute('src')).toBe(first.src);
  });
});
