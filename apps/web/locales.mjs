/**
 * The site's languages, the default first: the one list next.config.ts's rewrites, next-intl's routing
 * (src/i18n/routing.ts), the language menu and the date formats (src/lib/format.ts) are derived from.
 * A new language is its folder of messages (messages/<code>/, one JSON file per namespace, as the
 * default's) and one entry here: its code, its name in itself, and its date-fns locale.
 */
import { enUS } from 'date-fns/locale/en-US';
import { vi } from 'date-fns/locale/vi';

export const LOCALES = [
  { code: 'vi', name: 'Tiếng Việt', dates: vi },
  { code: 'en', name: 'English', dates: enUS },
];

/** The cookie that holds a visitor's choice; no choice, or one not listed, is the default. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/**
 * Next's rewrites of locale-less `routes` ({ source, has?, destination }) to their copy under
 * app/[locale]: for each other locale when the cookie names it, then the default's, so that the
 * address carries no locale prefix (docs/decisions/011). `locales` is for tests.
 */
export function localeRewrites(routes, locales = LOCALES) {
  const [fallback, ...others] = locales;
  return routes.flatMap(({ source, has = [], destination }) => [
    ...others.map(({ code }) => ({
      source,
      has: [{ type: 'cookie', key: LOCALE_COOKIE, value: code }, ...has],
      destination: `/${code}${destination}`,
    })),
    { source, ...(has.length > 0 ? { has } : {}), destination: `/${fallback.code}${destination}` },
  ]);
}
