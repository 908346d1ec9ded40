import { Suspense } from 'react';
import { NewsListPage } from '@/features/news/admin/news-list-page';

export default function Page() {
  return (
    <Suspense>
      <NewsListPage />
    </Suspense>
  );
}
