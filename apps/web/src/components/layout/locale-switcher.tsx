'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';

const ONE_YEAR = 31_536_000;

/**
 * The languages of locales.mjs, given by the footer (a server component): that list also holds each
 * language's date-fns words, which must not come into every page's first load with this menu. Stores
 * the choice in the cookie (one year) and re-renders in it.
 */
export function LocaleSwitcher({ languages, cookie }: { languages: { code: string; name: string }[]; cookie: string }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const router = useRouter();
  return (
    <label className="flex items-center gap-2 text-sm text-white/70">
      {t('language')}
      <select
        value={locale}
        onChange={(event) => {
          document.cookie = `${cookie}=${event.target.value}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
          router.refresh();
        }}
        className="rounded-lg bg-white/10 px-2 py-1 text-white ring-1 ring-white/20"
      >
        {languages.map(({ code, name }) => (
          <option key={code} value={code} className="text-ink">
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
