import { notFound } from 'next/navigation';
import { PackEditPage } from '@/features/store/admin/pack-edit-page';

/** One pack: its draft, its state and its publication; its preview is the store's card. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return <PackEditPage id={id} />;
}
