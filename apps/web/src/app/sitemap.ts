import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { publicConfig } from '@/config';
import { publishedArticles } from '@/features/news/api/server';

/**
 * /sitemap.xml: home, the news list and every published article with its publication date. Written per
 * request (not at build time, when the API is not running) from the cached news reads, which
 * POST /_internal/revalidate drops.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const url = (path: string) => new URL(path, publicConfig.siteUrl).toString();
  const articles = await publishedArticles();
  return [
    { url: url('/'), lastModified: articles[0]?.publishedAt },
    { url: url('/news'), lastModified: articles[0]?.publishedAt },
    ...articles.map((article) => ({ url: url(`/news/${article.slug}`), lastModified: article.publishedAt })),
  ];
}
