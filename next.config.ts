import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  compiler: { styledComponents: true },
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
