import { Suspense } from 'react';
import { AuditPage } from '@/features/staff/audit-page';

export default function Page() {
  return (
    <Suspense>
      <AuditPage />
    </Suspense>
  );
}
