import { getRequestConfig } from 'next-intl/server';
import { namespaces } from './namespaces';
import { localeOf, type Locale } from './routing';

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
