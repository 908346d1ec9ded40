import { Suspense } from 'react';
import { MessagesPage } from '@/components/layout/messages-page';
import { StorePage } from '@/features/store/store-page';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

export const metadata = { title: 'Cửa hàng' };

/** Static: the tab and the dialog are read in the browser; /store without a valid tab is redirected by the proxy. */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <MessagesPage namespace="store" title="title" subtitle="subtitle">
      <Suspense>
        <StorePage />
      </Suspense>
    </MessagesPage>
  );
}
