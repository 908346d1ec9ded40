import { Suspense } from 'react';
import { NewsListPage } from '@/features/admin/pages/news-pages';

export default function Page() {
  return (
    <Suspense>
      <NewsListPage />
    </Suspense>
  );
}
