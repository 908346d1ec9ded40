import { setRequestLocale } from 'next-intl/server';
import { LOCALES } from '../../locales.mjs';

/** A code of the list in locales.mjs. */
export type Locale = string;
export const locales: readonly Locale[] = LOCALES.map(({ code }) => code);
export const defaultLocale: Locale = LOCALES[0].code;

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && locales.includes(value);

/** The locale a request is served in: the NEXT_LOCALE cookie when it names one, else the default. */
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
