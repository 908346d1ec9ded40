import { setRequestLocale } from 'next-intl/server';

export const locales = ['vi', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'vi';
export const LOCALE_COOKIE = 'NEXT_LOCALE';

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/** The locale a request is served in: the NEXT_LOCALE cookie when it names one, else Vietnamese. */
export const localeOf = (cookie: string | undefined): Locale => (isLocale(cookie) ? cookie : defaultLocale);

/**
 * Every layout, page and generateMetadata under app/[locale] starts with this: the locale comes from
 * the segment the proxy rewrote to, not from the request, so the page is rendered once and cached.
 */
export async function pageLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  const known = localeOf(locale);
  setRequestLocale(known);
  return known;
}

/** The props every page and layout under app/[locale] receives. */
export type LocaleProps = { params: Promise<{ locale: string }> };
