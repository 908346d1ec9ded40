import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { StorePage } from '@/features/store/store-page';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const metadata = { title: 'Cửa hàng' };

/** Static: the tab and the dialog are read in the browser; /store without a valid tab is redirected by the proxy. */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  const t = await getTranslations('store');
  return (
    <PageShell title={t('title')} subtitle={t('subtitle')}>
      <PageMessages namespaces={['store']}>
        <Suspense>
          <StorePage />
        </Suspense>
      </PageMessages>
    </PageShell>
  );
}
