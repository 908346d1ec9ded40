'use client';

import { approvalStatusSchema } from '@carabala/contracts';
import { useTranslations } from 'next-intl';
import { FilterTabs } from '@/components/filter-tabs';
import { ListFrame } from '@/components/list-frame';
import { SearchBar } from '@/components/search-bar';
import { useUrlState } from '@/components/use-url-state';
import { useCan } from '@/lib/permissions';
import { ApprovalActions } from './approval-actions';
import { ApprovalCard } from './approval-card';
import { useApprovals } from './api';

const PAGE_SIZE = 20;
const FILTERS = ['status', 'q'] as const;
/** The tabs: waiting requests first (the default, no `status` in the URL), then the decided ones, then all. */
const TABS = ['pending', 'approved', 'rejected', 'expired', 'all'] as const;

/**
 * "Chờ duyệt": the money and power actions waiting for a second admin (decision record 030). Finance
 * follows its requests here and withdraws its own; only an admin approves or rejects.
 */
export function ApprovalsPage() {
  const t = useTranslations('admin.approvals');
  const allowed = useCan();
  const { values, page, update } = useUrlState(FILTERS);
  const tab = TABS.find((value) => value === values.status) ?? 'pending';
  const query = useApprovals({
    status: approvalStatusSchema.safeParse(tab).data,
    q: values.q || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const decides = allowed('approvals.decide');
  const withdraws = allowed('approvals.withdraw');

  return (
    <ListFrame
      title={t('title')}
      intro={<p className="mt-1 max-w-3xl text-sm text-ink/70">{t(decides ? 'intro' : 'introReadOnly')}</p>}
      filters={
        <>
          <FilterTabs
            label={t('statusLabel')}
            value={tab}
            options={TABS.map((value) => ({ value, label: t(`status.${value}`) }))}
            onChange={(value) => update({ status: value === 'pending' ? '' : value })}
          />
          <SearchBar value={values.q} placeholder={t('searchPlaceholder')} onSearch={(q) => update({ q })} />
        </>
      }
      query={query}
      empty={t(tab === 'pending' && !values.q ? 'emptyPending' : 'empty')}
      testId="approvals"
      row={(approval) => (
        <ApprovalCard
          approval={approval}
          actions={
            approval.status === 'pending' && (decides || (withdraws && approval.mine)) ? (
              <ApprovalActions approval={approval} />
            ) : undefined
          }
        />
      )}
    />
  );
}
