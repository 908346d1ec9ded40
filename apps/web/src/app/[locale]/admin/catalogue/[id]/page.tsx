import { notFound } from 'next/navigation';
import { PackEditPage } from '@/features/store/admin/pack-edit-page';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale } from '@/i18n/routing';

/** One pack: its draft, its state and its publication; its preview is the store's card. */
export default async function Page({ params }: { params: Promise<{ locale: string; id: string }> }) {
  await pageLocale(params);
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return (
    <PageMessages namespaces={['store']}>
      <PackEditPage id={id} />
    </PageMessages>
  );
}
