'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { LOCALE_COOKIE, LOCALES } from '../../../locales.mjs';

const ONE_YEAR = 31_536_000;

/** The languages of locales.mjs; stores the choice in the NEXT_LOCALE cookie (one year) and re-renders in it. */
export function LocaleSwitcher() {
  const t = useTranslations('common');
  const locale = useLocale();
  const router = useRouter();
  return (
    <label className="flex items-center gap-2 text-sm text-white/70">
      {t('language')}
      <select
        value={locale}
        onChange={(event) => {
          document.cookie = `${LOCALE_COOKIE}=${event.target.value}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
          router.refresh();
        }}
        className="rounded-lg bg-white/10 px-2 py-1 text-white ring-1 ring-white/20"
      >
        {LOCALES.map(({ code, name }) => (
          <option key={code} value={code} className="text-ink">
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
