import fs from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';

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
  },
  // The database driver and image library run only on the server; keep them out of the bundles.
  serverExternalPackages: ['pg', 'sharp', '@electric-sql/pglite', '@electric-sql/pglite-socket'],
  async rewrites() {
    return [{ source: '/media/:path*', destination: '/api/media/:path*' }];
  },
  async headers() {
    return [
      { source: '/:path*', headers: [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }] },
    ];
  },
};

export default nextConfig;
