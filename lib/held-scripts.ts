/**
 * The reader's scripts wait for its first page's picture.
 *
 * On the reader, the picture of the page shown first is what a member waits for, and the page's HTML already draws it:
 * the scripts only make the toolbar and the turning work. Asked for at once (as `defer` scripts are), their download,
 * parsing and compiling took the processor while the page was laid out and the picture painted: on a two-core machine
 * the first layout took 70 to 130 ms instead of 20 to 40, and the picture, received at about 100 ms, was painted 100 to
 * 200 ms later (traces in docs/measurements.md). So on the reader routes the document writes each script as an inert
 * placeholder (`<script type="text/x-held-script" data-src>`, which a browser neither fetches nor runs), and a small
 * inline script puts the real ones in, in the same order and still run in order (`async = false`), once every page
 * picture in the HTML has loaded and been painted, or failed, or after HOLD_LIMIT_MS at the most.
 */

/** Pages whose scripts wait for the first page's picture (Next's route names). */
export const HOLD_SCRIPTS_ROUTES: ReadonlySet<string> = new Set(['/reader/[code]/[issue]', '/q/temp/tpreader']);

/** The type of a held script's placeholder: not JavaScript, so the browser leaves it alone. */
export const HELD_SCRIPT_TYPE = 'text/x-held-script';

/** The pictures waited for: the reader's page pictures in the HTML (the spread shown first). */
export const FIRST_PICTURES = 'img[data-page]';

/** However slow the picture (a page drawn on this request), the scripts are put in after this long. */
export const HOLD_LIMIT_MS = 1000;

/**
 * The inline script that puts the held scripts in. It runs in the document's head and starts when the HTML is parsed.
 * `nonce` is the response's CSP nonce, given to each script it adds (the policy's 'strict-dynamic' would allow them
 * anyway). A string, not a function's source, so that no build step's helpers end up in it.
 */
export function heldScriptsLoader(nonce: string | undefined): string {
  return `(function () {
  var done = false;
  function load() {
    if (done) return;
    done = true;
    var held = document.querySelectorAll('script[type="${HELD_SCRIPT_TYPE}"]');
    for (var i = 0; i < held.length; i++) {
      var script = document.createElement('script');
      script.src = held[i].getAttribute('data-src');
      script.async = false;
      ${nonce ? `script.nonce = ${JSON.stringify(nonce)};` : ''}
      var cross = held[i].getAttribute('data-crossorigin');
      if (cross !== null) script.crossOrigin = cross;
      document.head.appendChild(script);
    }
  }
  function afterPaint() {
    requestAnimationFrame(function () { setTimeout(load, 0); });
  }
  function start() {
    var pictures = document.querySelectorAll('${FIRST_PICTURES}');
    var left = 0;
    setTimeout(load, ${HOLD_LIMIT_MS});
    function settled() { if (--left === 0) afterPaint(); }
    for (var i = 0; i < pictures.length; i++) {
      if (pictures[i].complete) continue;
      left++;
      pictures[i].addEventListener('load', settled);
      pictures[i].addEventListener('error', settled);
    }
    if (!pictures.length) load();
    else if (!left) afterPaint();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();`;
}
