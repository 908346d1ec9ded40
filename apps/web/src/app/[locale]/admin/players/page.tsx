import { Suspense } from 'react';
import { PlayersPage } from '@/features/admin/pages/players-page';

export default function Page() {
  return (
    <Suspense>
      <PlayersPage />
    </Suspense>
  );
}
