import { Suspense } from 'react';
import { ApprovalsPage } from '@/features/approvals/approvals-page';

export default function Page() {
  return (
    <Suspense>
      <ApprovalsPage />
    </Suspense>
  );
}
