import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  compiler: { styledComponents: true },
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
