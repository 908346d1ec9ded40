import { PackCreatePage } from '@/features/store/admin/pack-edit-page';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** A new pack; its preview is the store's card, in the store's words. */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <PageMessages namespaces={['store']}>
      <PackCreatePage />
    </PageMessages>
  );
}
