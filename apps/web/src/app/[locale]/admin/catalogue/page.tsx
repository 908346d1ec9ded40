import { Suspense } from 'react';
import { CatalogueListPage } from '@/features/store/admin/catalogue-list-page';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** The store's packs for staff (content and admin); the tab names come from the store's messages. */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <PageMessages namespaces={['store']}>
      <Suspense>
        <CatalogueListPage />
      </Suspense>
    </PageMessages>
  );
}
