// @ts-check
const fs = require('node:fs');
const path = require('node:path');

// A git worktree may share the main checkout's node_modules through a symlink; Turbopack compiles only files
// under its root, so the checkout holding the link's target is declared as an extra root (nothing changes in a normal checkout).
const modulesDir = path.join(process.cwd(), 'node_modules');
const sharedModules = fs.existsSync(modulesDir) && fs.lstatSync(modulesDir).isSymbolicLink() ? path.dirname(fs.realpathSync(modulesDir)) : null;

/**
 * Sent with every response (docs/architecture.md, "Security"): no type sniffing, the path never leaves the site in a Referer, none of
 * the powerful features the site does not use, and a window of its own (the reader tab opens from it, same origin:
 * Cross-Origin-Opener-Policy same-origin-allow-popups, so a reader tab on READER_URL elsewhere still opens). The list
 * is lib/fixed-security-headers.json, which the site server (scripts/site-server.ts) sends on the answers it makes itself.
 */
/** @type {{ key: string, value: string }[]} */
const FIXED_SECURITY_HEADERS = require('./lib/fixed-security-headers.json');
const { buildFolder } = require('./lib/build-folder.js');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // bench/pages builds with its bare page into a folder of its own, so the production build in .next never has it.
  // bench/first-load-js reads a build with browser source maps (BENCH_SOURCE_MAPS=1) to tell the framework's bytes from ours.
  distDir: buildFolder(),
  productionBrowserSourceMaps: process.env.BENCH_SOURCE_MAPS === '1',
  reactStrictMode: true,
  poweredByHeader: false,
  // Every page is rendered per request and private to its session: an ETag (a hash of the whole page, made for
  // every response) would only ever save the bytes of a 304, and the profile showed the hashing.
  generateEtags: false,
  // Component names in class attributes (Header__Bar-sc-…) help in development; in production they were a fifth of
  // home's class bytes, sent in every page and in the bundles.
  compiler: { styledComponents: { displayName: process.env.NODE_ENV !== 'production', ssr: true } },
  // SWR reads its store through the `use-sync-external-store` shim, a stand-in for React before 18 (0.4 kB gzip); React 19
  // has the hook, so the browser bundles take it from React.
  turbopack: { resolveAlias: { 'use-sync-external-store/shim': { browser: './lib/use-sync-external-store-shim.ts' } } },
  ...(sharedModules ? { experimental: { turbopackAdditionalRoots: { sharedNodeModules: { path: sharedModules } } } } : {}),
  // Service base URLs, read at build time; empty means this server (/api/article, ...).
  env: {
    ARTICLE_API_URL: process.env.ARTICLE_API_URL ?? '',
    CATALOGUE_API_URL: process.env.CATALOGUE_API_URL ?? '',
    USER_API_URL: process.env.USER_API_URL ?? '',
    // The hosted reader (/reader/{code}/{issue}); empty means this server.
    READER_URL: process.env.READER_URL ?? '',
  },
  // The database driver and image library run only on the server; keep them out of the bundles.
  // graphile-worker (the job queue, server/jobs) reads its optional config file and its SQL at run time: loaded by Node, not bundled.
  serverExternalPackages: ['pg', 'sharp', '@electric-sql/pglite', '@electric-sql/pglite-socket', 'graphile-worker'],
  async rewrites() {
    return [
      { source: '/media/:path*', destination: '/api/media/:path*' },
      // SPEC §2 /healthcheck: liveness (never touches the database); /healthcheck/ready: readiness (503 when it is down).
      { source: '/healthcheck', destination: '/api/health' },
      { source: '/healthcheck/ready', destination: '/api/ready' },
      // The COUNTER API 5.1 at the paths the Code of Practice gives (server/usage/routes/counter-api.ts).
      { source: '/r51/:path*', destination: '/api/r51/:path*' },
      // App association files, built from the environment (server/app-links.ts).
      { source: '/apple-app-site-association', destination: '/api/app-links/apple' },
      { source: '/.well-known/apple-app-site-association', destination: '/api/app-links/apple' },
      { source: '/.well-known/assetlinks.json', destination: '/api/app-links/android' },
    ];
  },
  async headers() {
    return [
      // Every response, pages, API, media and build assets alike; the CSP is the middleware's (a nonce per page).
      { source: '/:path*', headers: [{ key: 'X-Robots-Tag', value: 'noindex,nofollow' }, ...FIXED_SECURITY_HEADERS] },
    ];
  },
};

module.exports = nextConfig;
