import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';

export const locales = ['vi', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'vi';
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/** One message file per namespace and locale under messages/<locale>/<namespace>.json. */
const namespaces = [
  'common',
  'auth',
  'admin',
  'adminPayments',
  'adminOps',
  'social',
  'tickets',
  'giftCode',
  'store',
  'home',
  'news',
  'community',
  'privacy',
] as const;

async function loadMessages(locale: Locale) {
  const entries = await Promise.all(
    namespaces.map(async (namespace) => [
      namespace,
      (await import(`../../messages/${locale}/${namespace}.json`)).default,
    ]),
  );
  return Object.fromEntries(entries);
}

export default getRequestConfig(async () => {
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale: Locale = locales.includes(fromCookie as Locale) ? (fromCookie as Locale) : defaultLocale;
  return { locale, messages: await loadMessages(locale), timeZone: 'Asia/Ho_Chi_Minh' };
});
