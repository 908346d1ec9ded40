'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** What a page that failed to render shows, with "Thử lại": the player site's and the console's error pages. */
export function ErrorPanel({ reset }: { reset: () => void }) {
  const t = useTranslations('common');
  return (
    <section className="mx-auto max-w-lg px-6 py-20 text-center">
      <h1 className="text-2xl font-black">{t('errorTitle')}</h1>
      <p className="mt-2 text-ink/70">{t('errorText')}</p>
      <Button className="mt-6" onClick={reset}>
        {t('retry')}
      </Button>
    </section>
  );
}
