/**
 * The folder `next build` writes to, by the bench switches (next.config.js sets it; pages/_document.tsx reads the
 * build's stylesheets from it). bench/pages builds its bare page apart, so the production build never has it;
 * bench/first-load-js reads a build with browser source maps (BENCH_SOURCE_MAPS=1).
 * @returns {string}
 */
function buildFolder() {
  return process.env.BENCH_BARE_PAGE === '1' ? '.next-bench' : process.env.BENCH_SOURCE_MAPS === '1' ? '.next-maps' : '.next';
}

module.exports = { buildFolder };
