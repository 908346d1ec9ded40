import { isStoreTab } from '@carabala/contracts/catalogue';
import { notFound } from 'next/navigation';
import { MessagesPage } from '@/components/layout/messages-page';
import { StorePage } from '@/features/store/store-page';
import { pageLocale } from '@/i18n/routing';

export const metadata = { title: 'Cửa hàng' };

/**
 * /store?tab=T, rewritten here (next.config.ts) so that each tab is a cached page whose grid is in
 * the HTML: nothing moves when the browser takes over. /store without a known tab is sent to the
 * first tab by the proxy; the purchase dialog reads its parameters in the browser.
 */
type Props = { params: Promise<{ locale: string; tab: string }> };

export function generateStaticParams() {
  return [];
}

export default async function Page({ params }: Props) {
  await pageLocale(params);
  const { tab } = await params;
  if (!isStoreTab(tab)) notFound();
  return (
    <MessagesPage namespace="store" title="title" subtitle="subtitle">
      <StorePage tab={tab} />
    </MessagesPage>
  );
}
