import { notFound } from 'next/navigation';
import { PromotionEditPage } from '@/features/store/promotions/promotion-pages';

/** One promotion: its draft, its state, how often it gave and its publication. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return <PromotionEditPage id={id} />;
}
