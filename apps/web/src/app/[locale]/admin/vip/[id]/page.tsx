import { notFound } from 'next/navigation';
import { VipTierEditPage } from '@/features/store/vip-tiers/tier-pages';

/** One VIP tier: its draft, its state, its players and its publication. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return <VipTierEditPage id={id} />;
}
