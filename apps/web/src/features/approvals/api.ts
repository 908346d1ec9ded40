'use client';

import { approvalPageSchema, approvalSchema, type ApprovalStatus } from '@carabala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, sentenceText } from '@/lib/api-client';
import { approvalsKey } from '@/lib/staff-query';

export interface ApprovalFilter {
  status?: ApprovalStatus;
  q?: string;
  page: number;
  pageSize: number;
}

export const approvalKeys = {
  all: approvalsKey,
  list: (filter: ApprovalFilter) => [...approvalsKey, 'list', filter] as const,
};

/** The requests of the filter, newest first. */
export function useApprovals(filter: ApprovalFilter) {
  const params = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  return useQuery({
    queryKey: approvalKeys.list(filter),
    queryFn: () => api.get(`/internal/approvals?${params}`, approvalPageSchema),
  });
}

type Decision = { id: string } & ({ verdict: 'approve' } | { verdict: 'reject' | 'withdraw'; reason: string });

/**
 * Approves, rejects or (its requester) withdraws a request; answers the request as it now is and the
 * API's sentence. The list is read again whatever the answer: a refusal (decided meanwhile, expired)
 * means the row shown is out of date too.
 */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: Decision) => {
      const envelope = await api.request(
        'POST',
        `/internal/approvals/${decision.id}/${decision.verdict}`,
        decision.verdict === 'approve' ? {} : { reason: decision.reason },
      );
      const message = envelope.message && sentenceText(envelope.key ?? '', undefined, envelope.message);
      return { approval: approvalSchema.parse(envelope.data), message };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}
