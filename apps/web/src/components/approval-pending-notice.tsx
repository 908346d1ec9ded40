'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';

/**
 * What a staff form shows when its action now waits for another admin (HTTP 202): the API's sentence
 * and a link to the requests waiting for approval.
 */
export function ApprovalPendingNotice({ message }: { message: string }) {
  const t = useTranslations('admin.approvalPending');
  return (
    <div role="status" data-testid="approval-pending" className="rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <p className="text-sm font-semibold text-amber-900">{message}</p>
      <Link href="/admin/approvals" className="mt-2 inline-block text-sm font-bold text-royal underline">
        {t('link')}
      </Link>
    </div>
  );
}
