import { getRequestConfig } from 'next-intl/server';
import { localeOf, type Locale } from './routing';

/** One message file per namespace and locale under messages/<locale>/<namespace>.json. */
export const namespaces = [
  'common',
  'footer',
  'auth',
  'admin',
  'adminPayments',
  'adminOps',
  'adminAnalytics',
  'social',
  'googleCallback',
  'gameLink',
  'tickets',
  'giftCode',
  'store',
  'home',
  'news',
  'community',
  'privacy',
  'errors',
  'adminErrors',
] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * The namespaces the browser always has: those of the header, the user menu and the error pages. Every
 * other namespace reaches the browser only on the pages that ask for it with <PageMessages>
 * (i18n/page-messages.tsx), or with the component loaded on demand that asks for it with
 * <LazyMessages> (i18n/lazy-messages.tsx); the server has them all.
 */
export const SHELL_NAMESPACES: Namespace[] = ['common'];

/** Sign-in's namespaces: the dialog, the linked accounts and the Google return page load them with themselves. */
export const SIGN_IN_NAMESPACES: Namespace[] = ['auth', 'social'];

async function loadMessages(locale: Locale) {
  const entries = await Promise.all(
    namespaces.map(async (namespace) => [
      namespace,
      (await import(`../../messages/${locale}/${namespace}.json`)).default,
    ]),
  );
  return Object.fromEntries(entries);
}

/** The locale is the [locale] segment (set by pageLocale), never a cookie: pages stay static. */
export default getRequestConfig(async ({ requestLocale }) => {
  const locale = localeOf(await requestLocale);
  return { locale, messages: await loadMessages(locale), timeZone: 'Asia/Ho_Chi_Minh' };
});
