import { TransactionDetailPage } from '@/features/payments/admin/transaction-detail-page';

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TransactionDetailPage id={id} />;
}
