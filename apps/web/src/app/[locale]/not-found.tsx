'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';

export default function NotFound() {
  const t = useTranslations('common');
  return (
    <section className="mx-auto max-w-lg px-6 py-20 text-center">
      <p className="text-7xl font-black text-royal">404</p>
      <h1 className="mt-4 text-2xl font-black">{t('notFoundTitle')}</h1>
      <p className="mt-2 text-ink/70">{t('notFoundText')}</p>
      <Link href="/" className={buttonClass('primary', 'mt-6')}>
        {t('home')}
      </Link>
    </section>
  );
}
