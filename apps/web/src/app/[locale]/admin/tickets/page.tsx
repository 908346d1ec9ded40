import { Suspense } from 'react';
import { TicketsInboxPage } from '@/features/admin/pages/tickets-inbox-page';

export default function Page() {
  return (
    <Suspense>
      <TicketsInboxPage />
    </Suspense>
  );
}
