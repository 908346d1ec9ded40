'use client';

import {
  attachCandidateSchema,
  attachSuggestionsSchema,
  bankEventPageSchema,
  bankEventSchema,
  bankFeedStatusSchema,
  dailyReportSchema,
  internalTransactionDetailSchema,
  internalTransactionPageSchema,
  internalTransactionSchema,
  refundSchema,
  resetGoldPackagesResultSchema,
  userLookupSchema,
  type TransactionFilter,
} from '@carabala/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffMoneyKeys, useApprovedMoneyAction, useMoneyAction } from '@/lib/staff-money';
import { useFindMany, useRead } from '@/lib/staff-query';

type Page = { page: number; pageSize: number };

export const useStaffTransactions = (filter: Partial<TransactionFilter> & Page) =>
  useFindMany(
    staffMoneyKeys.transactions(filter),
    '/internal/transactions/find-many',
    filter,
    internalTransactionPageSchema,
  );

export function useStaffTransaction(id: string) {
  return useQuery({
    queryKey: staffMoneyKeys.transactionDetail(id),
    queryFn: () => api.get(`/internal/transactions/${id}`, internalTransactionDetailSchema),
    // A paid order's mail leaves within seconds: keep the delivery state fresh while it is pending.
    refetchInterval: (current) => (current.state.data?.mail?.status === 'pending' ? 2000 : false),
  });
}

/** The orders of the filter as CSV, under the server's file name. */
export function downloadTransactionsCsv(filter: Partial<TransactionFilter>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  return api.download(`/internal/transactions/export.csv?${params}`);
}

export const useBankEvents = (filter: { filter: 'review' | 'all' } & Page) =>
  useFindMany(staffMoneyKeys.bankEvents(filter), '/internal/bank-events/find-many', filter, bankEventPageSchema);

export const useBankFeed = () => useRead(staffMoneyKeys.bankFeed(), '/internal/bank-feed', bankFeedStatusSchema);

export const useDailyReport = (date: string) =>
  useRead(staffMoneyKeys.dailyReport(date), `/internal/reports/daily?date=${date}`, dailyReportSchema);

export const downloadDailyReportCsv = (date: string) => api.download(`/internal/reports/daily.csv?date=${date}`);

/** The orders an unmatched payment was likely meant for; read while its attach dialog is open. */
export const useAttachSuggestions = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...staffMoneyKeys.all, 'attach', id, 'suggestions'],
    queryFn: () => api.get(`/internal/bank-events/${id}/attach-candidates`, attachSuggestionsSchema),
    enabled,
  });

/** The order an attach with `code` would credit; an unknown code is a refusal naming the `code` field. */
export const useAttachPreview = (id: string, code: string) =>
  useQuery({
    queryKey: [...staffMoneyKeys.all, 'attach', id, 'preview', code],
    queryFn: () =>
      api.get(`/internal/bank-events/${id}/attach-preview?code=${encodeURIComponent(code)}`, attachCandidateSchema),
    enabled: code !== '',
  });

type BankAction<B> = { id: string; body: B };

/** Attaching can wait for another admin's approval once it takes the member past their daily threshold. */
export const useAttachBankEvent = () =>
  useApprovedMoneyAction(
    ({ id }: BankAction<{ code: string; note: string }>) => `/internal/bank-events/${id}/attach`,
    ({ body }) => body,
    bankEventSchema,
  );

export const useResolveBankEvent = () =>
  useMoneyAction(
    ({ id }: BankAction<{ note: string }>) => `/internal/bank-events/${id}/resolve`,
    ({ body }) => body,
    bankEventSchema,
  );

export const useRefundBankEvent = () =>
  useApprovedMoneyAction(
    ({ id }: BankAction<{ amount: number; bankReference: string; reason: string }>) =>
      `/internal/bank-events/${id}/refund`,
    ({ body }) => body,
    refundSchema,
  );

export const useRunBankFeed = () =>
  useMoneyAction(
    () => '/internal/bank-feed/run',
    () => ({}),
    bankFeedStatusSchema,
  );

export const useMarkPaid = (id: string) =>
  useApprovedMoneyAction(
    () => `/internal/transactions/${id}/mark`,
    (note: string) => ({ note }),
    internalTransactionSchema,
  );

export const useGrantPack = () =>
  useApprovedMoneyAction(
    () => '/internal/transactions/create-manual',
    (body: { shortId: string; productId: number; reason: string; serverId?: string; characterId?: string }) => body,
    internalTransactionSchema,
  );

export const useResetGold = () =>
  useMoneyAction(
    () => '/internal/transactions/reset-gold-packages',
    (shortId: string) => (shortId.trim() ? { shortId } : {}),
    resetGoldPackagesResultSchema,
  );

/** The grant form's receiver, with the servers and characters to choose from; read as typed and again before confirming. */
export const grantReceiverQuery = (shortId: string) =>
  queryOptions({
    queryKey: [...staffMoneyKeys.all, 'grant-receiver', shortId],
    queryFn: () => api.get(`/internal/transactions/receiver?shortId=${encodeURIComponent(shortId)}`, userLookupSchema),
    retry: 0,
    staleTime: 60_000,
  });

/** The receiver a typed User ID names (null: nothing to look up yet). */
export const useGrantReceiver = (shortId: string | null) =>
  useQuery({ ...grantReceiverQuery(shortId ?? ''), enabled: Boolean(shortId) });
