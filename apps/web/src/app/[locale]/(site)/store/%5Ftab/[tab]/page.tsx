import { isStoreTab } from '@carabala/contracts/catalogue';
import { notFound } from 'next/navigation';
import { MessagesPage, translatedTitle } from '@/components/layout/messages-page';
import { getStorePacks } from '@/features/store/api/server';
import { StorePage } from '@/features/store/store-page';
import { pageLocale } from '@/i18n/routing';
import { dataOf } from '@/lib/server-api';

export const generateMetadata = translatedTitle('store', 'title');

/**
 * Rebuilt when staff publish a pack and at every window or sale boundary (POST /_internal/revalidate
 * from the API and its schedule, decision record 034); this period is only a backstop.
 */
export const revalidate = 300;

/**
 * /store?tab=T, rewritten here (next.config.ts) so that each tab is a cached page whose grid is in
 * the HTML: nothing moves when the browser takes over. The packs come from the catalogue's cached
 * read at render time. /store without a known tab is sent to the first tab by the proxy; the
 * purchase dialog reads its parameters in the browser.
 */
type Props = { params: Promise<{ locale: string; tab: string }> };

export function generateStaticParams() {
  return [];
}

export default async function Page({ params }: Props) {
  await pageLocale(params);
  const { tab } = await params;
  if (!isStoreTab(tab)) notFound();
  const { packs, at } = dataOf(await getStorePacks());
  return (
    <MessagesPage namespace="store" title="title" subtitle="subtitle">
      <StorePage tab={tab} packs={packs} renderedAt={Date.parse(at)} />
    </MessagesPage>
  );
}
