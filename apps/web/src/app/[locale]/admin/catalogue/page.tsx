import { Suspense } from 'react';
import { CatalogueListPage } from '@/features/store/admin/catalogue-list-page';

/** The store's packs for staff (content and admin); the tab names come from the store's messages. */
export default function Page() {
  return (
    <Suspense>
      <CatalogueListPage />
    </Suspense>
  );
}
