import type { MetadataRoute } from 'next';
import { publicConfig } from '@/config';

/** /robots.txt: crawlers stay out of the console, the API and the players' own pages. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/admin', '/api', '/supports/my-tickets', '/store/history', '/notifications'],
    },
    sitemap: new URL('/sitemap.xml', publicConfig.siteUrl).toString(),
  };
}
