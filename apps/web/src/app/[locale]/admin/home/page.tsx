import { Suspense } from 'react';
import { HomeAdminPage } from '@/features/home/admin/home-admin-page';
import { pageLocale, type LocaleProps } from '@/i18n/routing';

/** The home page's carousels for staff (content and admin). */
export default async function Page({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <Suspense>
      <HomeAdminPage />
    </Suspense>
  );
}
