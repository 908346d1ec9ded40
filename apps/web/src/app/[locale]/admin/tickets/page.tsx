import { Suspense } from 'react';
import { TicketsInboxPage } from '@/features/tickets/admin/tickets-inbox-page';

export default function Page() {
  return (
    <Suspense>
      <TicketsInboxPage />
    </Suspense>
  );
}
