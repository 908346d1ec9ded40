import { Suspense } from 'react';
import { AnalyticsPage } from '@/features/analytics/admin/analytics-page';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <PageMessages namespaces={['adminAnalytics']}>
      <Suspense>
        <AnalyticsPage />
      </Suspense>
    </PageMessages>
  );
}
