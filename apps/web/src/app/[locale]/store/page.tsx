import { DEFAULT_STORE_TAB, isStoreTab } from '@carabala/contracts';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { StorePage } from '@/features/store/store-page';

export const metadata = { title: 'Cửa hàng' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const params = await searchParams;
  if (!isStoreTab(params.tab)) {
    // Without a (valid) tab, go to the first tab and keep the other parameters.
    const kept = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (key !== 'tab' && typeof value === 'string') kept.set(key, value);
    }
    const rest = kept.toString();
    redirect(`/store?tab=${DEFAULT_STORE_TAB}${rest ? `&${rest}` : ''}`);
  }
  const t = await getTranslations('store');
  return (
    <PageShell title={t('title')} subtitle={t('subtitle')}>
      <Suspense>
        <StorePage />
      </Suspense>
    </PageShell>
  );
}
