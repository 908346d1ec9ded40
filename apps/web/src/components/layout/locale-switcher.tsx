'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';

const ONE_YEAR = 31_536_000;

/** Stores the choice in the NEXT_LOCALE cookie (one year) and re-renders in that language. */
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
          document.cookie = `NEXT_LOCALE=${event.target.value}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
          router.refresh();
        }}
        className="rounded-lg bg-white/10 px-2 py-1 text-white ring-1 ring-white/20"
      >
        <option value="vi" className="text-ink">
          Tiếng Việt
        </option>
        <option value="en" className="text-ink">
          English
        </option>
      </select>
    </label>
  );
}
