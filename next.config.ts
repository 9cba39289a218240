import fs from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';
import { FIXED_SECURITY_HEADERS } from './lib/security-headers';

// A git worktree may share the main checkout's node_modules through a symlink; Turbopack compiles only files
// under its root, so the checkout holding the link's target is declared as an extra root (nothing changes in a normal checkout).
const modulesDir = path.join(process.cwd(), 'node_modules');
const sharedModules = fs.existsSync(modulesDir) && fs.lstatSync(modulesDir).isSymbolicLink() ? path.dirname(fs.realpathSync(modulesDir)) : null;

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  compiler: { styledComponents: true },
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
  serverExternalPackages: ['pg', 'sharp', '@electric-sql/pglite', '@electric-sql/pglite-socket'],
  async rewrites() {
    return [
      { source: '/media/:path*', destination: '/api/media/:path*' },
      // SPEC §2 /healthcheck: liveness (never touches the database); /healthcheck/ready: readiness (503 when it is down).
      { source: '/healthcheck', destination: '/api/health' },
      { source: '/healthcheck/ready', destination: '/api/ready' },
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

export default nextConfig;
