import { PromotionCreatePage } from '@/features/store/promotions/promotion-pages';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** A new promotion. */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <PageMessages namespaces={['store']}>
      <PromotionCreatePage />
    </PageMessages>
  );
}
