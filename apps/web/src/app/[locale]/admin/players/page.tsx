import { Suspense } from 'react';
import { PlayersPage } from '@/features/staff/players-page';

export default function Page() {
  return (
    <Suspense>
      <PlayersPage />
    </Suspense>
  );
}
