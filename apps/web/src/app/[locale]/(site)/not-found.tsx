'use client';

import { useTranslations } from 'next-intl';
import { NotFoundPanel } from '@/components/not-found-panel';

export default function NotFound() {
  const t = useTranslations('common');
  return (
    <NotFoundPanel
      heading="h1"
      className="px-6 py-20"
      title={t('notFoundTitle')}
      text={t('notFoundText')}
      link={{ href: '/', label: t('home') }}
    />
  );
}
