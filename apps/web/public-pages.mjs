/**
 * The public pages: the one list of the addresses every visitor gets the same copy of (per locale),
 * and what each shows. Everything that treats public pages apart is derived from it:
 * - the web's microcache keeps exactly these addresses (page-cache.mjs, docs/decisions/021);
 * - nginx's `map $request_uri $carabala_page_elsewhere` in deploy/nginx.conf is generated from it
 *   (`node scripts/nginx-map.mjs --write`; a unit test fails when the file and this table disagree);
 * - a new web process renders each `warm` address before it takes traffic (warm-up.mjs, decision 026);
 * - POST /_internal/revalidate rebuilds the pages that show the content that changed.
 *
 * A new public page is one row:
 * - `path`, `query`: a regular expression of the address and, when the page takes one, of its only
 *   query string, in the syntax JavaScript and nginx's PCRE share (no flags, `[0-9]` rather than `\d`);
 *   `caseless` matches both in any case. Any other query string is passed on and never kept.
 * - `page`: its folder under app/[locale]/(site) as Next names the route ('/news/_page/[page]').
 * - `shows`: the published content it reads (publicContents of @carabala/contracts, also the cache
 *   tags of lib/server-api.ts): a change of any of it revalidates the page.
 * - `warm`: the address the warm-up renders, or 'link' for the first such address linked from a page
 *   warmed before it; none for a page not worth rendering ahead.
 */
export const PUBLIC_PAGES = [
  { path: '/', page: '/', shows: ['home', 'news'], warm: '/' },
  { path: '/news', page: '/news', shows: ['news'], warm: '/news' },
  { path: '/news', query: 'page=[0-9]{1,4}', page: '/news/_page/[page]', shows: ['news'] },
  { path: '/news/[a-z0-9-]{1,200}', caseless: true, page: '/news/[slug]', shows: ['news'], warm: 'link' },
  // /store itself redirects to its first tab (proxy.ts).
  {
    path: '/store',
    query: 'tab=[a-z0-9-]{1,40}',
    page: '/store/_tab/[tab]',
    shows: ['catalogue'],
    warm: '/store?tab=tieu-bieu',
  },
  { path: '/gift-code', page: '/gift-code', shows: [], warm: '/gift-code' },
  { path: '/vip', page: '/vip', shows: [] },
  { path: '/checkin', page: '/checkin', shows: [], warm: '/checkin' },
  // The event's content and the player's progress are read in the browser: the page is one shell.
  { path: '/events/[0-9]{1,10}', page: '/events/[id]', shows: [] },
  { path: '/supports', page: '/supports', shows: [], warm: '/supports' },
  { path: '/community/test', page: '/community/test', shows: [], warm: '/community/test' },
  { path: '/privacy', page: '/privacy', shows: [], warm: '/privacy' },
];

/** A row's whole address, query string included, as one regular expression's source. */
export const addressPattern = ({ path, query }) => `^${path}${query ? `\\?${query}` : ''}$`;

/** A row's whole address as a regular expression. */
export const addressOf = (row) => new RegExp(addressPattern(row), row.caseless ? 'i' : '');

const ADDRESSES = PUBLIC_PAGES.map(addressOf);

/** True for the address (path and query string, as in the request line) of a public page. */
export const isPublicAddress = (url) => ADDRESSES.some((address) => address.test(url));

/** The route pattern revalidatePath takes for a row: its page in the player pages' route group. */
export const routeOf = ({ page }) => `/[locale]/(site)${page === '/' ? '' : page}`;

/** The addresses the warm-up renders, in order. */
export const WARM_PAGES = PUBLIC_PAGES.flatMap(({ warm }) => (warm && warm !== 'link' ? [warm] : []));

/** The pages found by a link: the warm-up renders the first address of each linked from a warmed page. */
export const LINKED_PAGES = PUBLIC_PAGES.filter(({ warm }) => warm === 'link').map(addressOf);

/**
 * What a change of the `changed` content (publicContents of @carabala/contracts) revalidates: its cache
 * tags, and the route pattern of every page showing some of it.
 */
export function revalidation(changed) {
  return {
    tags: [...new Set(changed)],
    routes: PUBLIC_PAGES.filter(({ shows }) => shows.some((content) => changed.includes(content))).map(routeOf),
  };
}
