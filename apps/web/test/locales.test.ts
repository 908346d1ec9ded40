import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatDistanceToNow } from 'date-fns';
import { th } from 'date-fns/locale/th';
import { describe, expect, it } from 'vitest';
import { relativeTime } from '@/lib/relative-time';
import { isLocale, localeOf } from '@/i18n/routing';
import { LOCALE_COOKIE, LOCALES, localeRewrites } from '../locales.mjs';
import nextConfig from '../next.config';

const [fallback, ...others] = LOCALES;
const messageFiles = (code: string) =>
  readdirSync(fileURLToPath(new URL(`../messages/${code}`, import.meta.url))).sort();

describe('the one list of languages', () => {
  it("drives next.config.ts's rewrites: each other language by its cookie first, then the default", async () => {
    const rewrites = await nextConfig.rewrites!();
    const afterFiles = (Array.isArray(rewrites) ? rewrites : rewrites.afterFiles) ?? [];
    const sources = [...new Set(afterFiles.map(({ source }) => source))];
    expect(sources).toEqual(['/news', '/store', '/:path*']);
    for (const source of sources) {
      const rules = afterFiles.filter((rule) => rule.source === source);
      expect(rules.map(({ destination }) => destination.split('/')[1])).toEqual([
        ...others.map(({ code }) => code),
        fallback.code,
      ]);
      rules.slice(0, -1).forEach((rule, index) => {
        expect(rule.has?.[0]).toEqual({ type: 'cookie', key: LOCALE_COOKIE, value: others[index]!.code });
      });
      expect(rules.at(-1)!.has ?? []).not.toContainEqual(expect.objectContaining({ type: 'cookie' }));
    }
    expect(afterFiles.at(-1)).toEqual({ source: '/:path*', destination: `/${fallback.code}/:path*` });
  });

  it('gives a new entry its rewrites; gives each entry its routing, its date words and its messages', () => {
    const thai = { code: 'th', name: 'ไทย', dates: th };
    const rules = localeRewrites([{ source: '/:path*', destination: '/:path*' }], [...LOCALES, thai]);
    expect(rules.at(-2)).toEqual({
      source: '/:path*',
      has: [{ type: 'cookie', key: LOCALE_COOKIE, value: 'th' }],
      destination: '/th/:path*',
    });
    expect(rules.at(-1)).toEqual({ source: '/:path*', destination: `/${fallback.code}/:path*` });

    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    for (const { code, dates } of LOCALES) {
      expect(isLocale(code)).toBe(true);
      expect(localeOf(code)).toBe(code);
      expect(relativeTime(fiveMinutesAgo, code)).toBe(
        formatDistanceToNow(fiveMinutesAgo, { addSuffix: true, locale: dates }),
      );
      // Its words: a file for each of the default's namespaces.
      expect(messageFiles(code)).toEqual(messageFiles(fallback.code));
    }
    expect(localeOf('th')).toBe(fallback.code);
    expect(relativeTime(fiveMinutesAgo, 'th')).toBe(relativeTime(fiveMinutesAgo, fallback.code));
  });
});
