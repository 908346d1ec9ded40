import { notFound } from 'next/navigation';
import { PromotionEditPage } from '@/features/store/promotions/promotion-pages';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale } from '@/i18n/routing';

/** One promotion: its draft, its state and its publication. */
export default async function Page({ params }: { params: Promise<{ locale: string; id: string }> }) {
  await pageLocale(params);
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return (
    <PageMessages namespaces={['store']}>
      <PromotionEditPage id={id} />
    </PageMessages>
  );
}
