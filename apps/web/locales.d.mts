import type { Locale as DateFnsLocale } from 'date-fns';

export interface LocaleEntry {
  readonly code: string;
  /** The language's name in itself, as the language menu lists it. */
  readonly name: string;
  readonly dates: DateFnsLocale;
}

export interface Rewrite {
  source: string;
  has?: { type: 'cookie' | 'query' | 'header'; key: string; value?: string }[];
  destination: string;
}

export const LOCALES: readonly [LocaleEntry, ...LocaleEntry[]];
export const LOCALE_COOKIE: string;
export function localeRewrites(routes: readonly Rewrite[], locales?: readonly LocaleEntry[]): Rewrite[];
