import { Suspense } from 'react';
import { PromotionListPage } from '@/features/store/promotions/promotion-pages';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** The promotions for staff (content and admin); the tab names come from the store's messages. */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <PageMessages namespaces={['store']}>
      <Suspense>
        <PromotionListPage />
      </Suspense>
    </PageMessages>
  );
}
