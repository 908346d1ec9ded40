import { Suspense } from 'react';
import { PreviewShell } from '@/components/preview-shell';
import { HomePreview } from '@/features/home/admin/home-preview';
import { StorePreview } from '@/features/store/admin/store-preview';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** The store and the home page at a chosen moment, drafts included, for staff who edit them (content and admin). */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <PageMessages namespaces={['home', 'homeSections']}>
      <Suspense>
        <PreviewShell store={<StorePreview />} home={<HomePreview />} />
      </Suspense>
    </PageMessages>
  );
}
