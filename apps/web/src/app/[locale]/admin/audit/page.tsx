import { Suspense } from 'react';
import { AuditPage } from '@/features/admin/pages/audit-page';

export default function Page() {
  return (
    <Suspense>
      <AuditPage />
    </Suspense>
  );
}
