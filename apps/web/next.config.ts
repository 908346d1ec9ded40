import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { localeRewrites } from './locales.mjs';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * Every page address is served from its locale's cached copy under app/[locale]: the NEXT_LOCALE
 * cookie's language when it names one of locales.mjs, else the default (Vietnamese), with no prefix in the address;
 * /news?page=N and /store?tab=T are pages of their own (see docs/decisions/011). After files, so that
 * public files, /_next, /sitemap.xml, /robots.txt and /_internal/revalidate are served as they are.
 */
function pageRewrites() {
  const newsPage = { type: 'query', key: 'page', value: '(?<page>[2-9]|[1-9]\\d{1,3})' } as const;
  // The proxy has already sent /store without a known tab to the first tab.
  const storeTab = { type: 'query', key: 'tab', value: '(?<tab>[a-z-]{1,20})' } as const;
  return localeRewrites([
    { source: '/news', has: [newsPage], destination: '/news/_page/:page' },
    { source: '/store', has: [storeTab], destination: '/store/_tab/:tab' },
    { source: '/:path*', destination: '/:path*' },
  ]);
}

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ['@carabala/contracts'],
  // `npm run typecheck` checks this app with the same tsconfig once the build has written the route types
  // it reads; Next's own check (a minute of a busy CI core) did that work twice (decision 064).
  typescript: { ignoreBuildErrors: true },
  // Three widths per responsive image (Next's default is eight): each <img> lists every width in its
  // srcset, and the home page has dozens. None of the site's images is wider than 1200 px (banners,
  // article covers), and the optimiser never enlarges, so wider entries would fetch the same bytes.
  images: { qualities: [75], formats: ['image/avif', 'image/webp'], deviceSizes: [640, 828, 1200] },
  // Ticket uploads (3 images of up to 10 MB) pass through the proxy to the API.
  experimental: { proxyClientMaxBodySize: '32mb' },
  // The longest a cached page lives (CACHE_BACKSTOP_SECONDS): equal to the pages' revalidate, so the
  // Cache-Control Next sends has no stale-while-revalidate, which browsers would use to show old news.
  expireTime: 300,
  async rewrites() {
    return { beforeFiles: [], afterFiles: pageRewrites(), fallback: [] };
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
