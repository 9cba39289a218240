import { HELD_SCRIPT_TYPE, HOLD_LIMIT_MS, heldScriptsLoader } from '@/lib/held-scripts';

/** The reader's document as the server writes it: held scripts in the head, the first page's picture in the body. */
function readerDocument(pictures: number): void {
  document.head.innerHTML = ['/_next/static/chunks/a.js', '/_next/static/chunks/turbopack-b.js', '/_next/static/BUILD/_buildManifest.js']
    .map((src, i) => `<script type="${HELD_SCRIPT_TYPE}" data-src="${src}"${i === 1 ? ' data-crossorigin="anonymous"' : ''}></script>`)
    .join('');
  document.body.innerHTML = Array.from({ length: pictures }, (_, i) => `<img data-page="${i + 1}" src="/api/reader/page/c/p${i + 1}x1-h" alt="">`).join('');
}

/** The scripts the loader put in (placeholders are not scripts a browser runs). */
function added(): HTMLScriptElement[] {
  return [...document.head.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.type !== HELD_SCRIPT_TYPE);
}

function runLoader(nonce?: string): void {
  // The page runs it as an inline script; here in jsdom's window, as the browser would.
  new Function(heldScriptsLoader(nonce))();
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the reader’s held scripts', () => {
  it('are put in only once the first page’s picture has loaded and a frame has passed: in order, run in order, with the nonce', () => {
    readerDocument(1);
    runLoader('n0nce-value');
    jest.advanceTimersByTime(100);
    expect(added()).toEqual([]);

    document.querySelector('img')!.dispatchEvent(new Event('load'));
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(50);
    const scripts = added();
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/turbopack-b.js', '/_next/static/BUILD/_buildManifest.js']);
    expect(scripts.every((script) => script.async === false)).toBe(true);
    expect(scripts.map((script) => script.nonce)).toEqual(['n0nce-value', 'n0nce-value', 'n0nce-value']);
    expect(scripts.map((script) => script.crossOrigin)).toEqual([null, 'anonymous', null]);
  });

  it('wait for both pictures of a two-page spread', () => {
    readerDocument(2);
    runLoader();
    const [left, right] = document.querySelectorAll('img');
    left.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(50);
    expect(added()).toEqual([]);
    right.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(50);
    expect(added()).toHaveLength(3);
  });

  it('do not wait for a picture that fails', () => {
    readerDocument(1);
    runLoader();
    document.querySelector('img')!.dispatchEvent(new Event('error'));
    jest.advanceTimersByTime(50);
    expect(added()).toHaveLength(3);
  });

  it('are put in at once on a reader screen without a picture (a refused code)', () => {
    readerDocument(0);
    runLoader();
    expect(added()).toHaveLength(3);
  });

  it(`wait ${HOLD_LIMIT_MS} ms at the most for a slow picture, and are put in once only`, () => {
    readerDocument(1);
    runLoader();
    jest.advanceTimersByTime(HOLD_LIMIT_MS - 1);
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(added()).toHaveLength(3);
    document.querySelector('img')!.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(HOLD_LIMIT_MS);
    expect(added()).toHaveLength(3);
  });
});
