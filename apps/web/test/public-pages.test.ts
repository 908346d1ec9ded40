import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicContents } from '@carabala/contracts';
import { describe, expect, it } from 'vitest';
import { currentMap, NGINX_CONF, nginxMap } from '../../../scripts/nginx-map.mjs';
import { addressOf, isPublicAddress, PUBLIC_PAGES, revalidation, routeOf, WARM_PAGES } from '../public-pages.mjs';

const sitePages = fileURLToPath(new URL('../src/app/[locale]/(site)', import.meta.url));

/** Every page under app/[locale]/(site), as the table's `page` names it ('/news/_page/[page]'). */
function pageFiles(dir = sitePages, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'page.tsx') return [prefix || '/'];
    if (!entry.isDirectory()) return [];
    return pageFiles(join(dir, entry.name), `${prefix}/${decodeURIComponent(entry.name)}`);
  });
}

/** The pages every visitor has their own of, or that read the request: never kept, so not in the table. */
const ownPages = [
  '/[...rest]',
  '/account/phone',
  '/auth/google',
  '/dang-ky',
  '/dang-nhap-nhanh',
  '/dat-lai-mat-khau',
  '/notifications',
  '/quen-mat-khau',
  '/points',
  '/points/shop',
  '/store/history',
  '/store/history/[code]',
  '/store/lookup',
  '/supports/my-tickets',
  '/supports/my-tickets/[id]',
  '/xac-minh-email',
];

/** Addresses on both sides of every rule: each page, a query string it does or does not take, case, a slash. */
const addresses = [
  '/',
  '/?utm_source=x',
  '/news',
  '/news?page=2',
  '/news?page=12345',
  '/news?page=2&x=1',
  '/news?',
  '/news/le-hoi-mua-he',
  '/NEWS/LE-HOI',
  '/news/le-hoi/binh-luan',
  '/news/le_hoi',
  '/store',
  '/store?tab=tieu-bieu',
  '/store?tab=Tieu-Bieu',
  '/store?tab=a&tab=b',
  '/store/history',
  '/gift-code',
  '/gift-code?code=ABC',
  '/checkin',
  '/supports',
  '/supports/my-tickets',
  '/community/test',
  '/community',
  '/privacy',
  '/privacy/',
  '/admin',
  '/api/news',
  '/_internal/revalidate',
];

describe('the table of public pages', () => {
  it("is the map in deploy/nginx.conf, which keeps exactly the addresses the web's cache keeps", () => {
    const conf = readFileSync(NGINX_CONF, 'utf8');
    // Run `node scripts/nginx-map.mjs --write` after changing the table.
    expect(currentMap(conf)).toBe(nginxMap());
    // The map as nginx reads it: the first matching regular expression gives 0 (kept), else default 1.
    const rules = [...currentMap(conf)!.matchAll(/^ {4}"(~\*?)(.+)" 0;$/gm)].map(
      ([, operator, pattern]) => new RegExp(pattern!, operator === '~*' ? 'i' : ''),
    );
    expect(rules).toHaveLength(PUBLIC_PAGES.length);
    const keptByNginx = (url: string) => rules.some((rule) => rule.test(url));
    const kept = addresses.filter(isPublicAddress);
    expect(addresses.filter(keptByNginx)).toEqual(kept);
    expect(kept).toEqual([
      '/',
      '/news',
      '/news?page=2',
      '/news/le-hoi-mua-he',
      '/NEWS/LE-HOI',
      '/store?tab=tieu-bieu',
      '/gift-code',
      '/checkin',
      '/supports',
      '/community/test',
      '/privacy',
    ]);
  });

  it('names a page of the site in each row, and every page of the site is in it or a visitor’s own', () => {
    const files = pageFiles();
    const rows = PUBLIC_PAGES.map(({ page }) => page);
    expect(files.filter((page) => !ownPages.includes(page)).sort()).toEqual([...rows].sort());
    for (const row of PUBLIC_PAGES) expect(publicContents).toEqual(expect.arrayContaining([...row.shows]));
  });

  it('warms each row’s own address, as its cache keeps it', () => {
    for (const row of PUBLIC_PAGES.filter(({ warm }) => warm && warm !== 'link')) {
      expect(addressOf(row).test(row.warm!)).toBe(true);
    }
    expect(WARM_PAGES).toEqual([
      '/',
      '/news',
      '/store?tab=tieu-bieu',
      '/gift-code',
      '/checkin',
      '/supports',
      '/community/test',
      '/privacy',
    ]);
  });

  it('revalidates the pages that show what changed, and only those', () => {
    const site = '/[locale]/(site)';
    const news = [site, `${site}/news`, `${site}/news/_page/[page]`, `${site}/news/[slug]`];
    expect(revalidation(['news'])).toEqual({ tags: ['news'], routes: news });
    expect(revalidation(['catalogue'])).toEqual({ tags: ['catalogue'], routes: [`${site}/store/_tab/[tab]`] });
    expect(revalidation(['home'])).toEqual({ tags: ['home'], routes: [site] });
    // A call without a body: every content, every page showing some (the pages with none are static).
    expect(revalidation(publicContents)).toEqual({
      tags: ['news', 'catalogue', 'home'],
      routes: [site, `${site}/news`, `${site}/news/_page/[page]`, `${site}/news/[slug]`, `${site}/store/_tab/[tab]`],
    });
    expect(routeOf({ page: '/privacy' })).toBe(`${site}/privacy`);
  });
});
