'use client';

import {
  bankEventPageSchema,
  bankEventSchema,
  bankFeedStatusSchema,
  dailyReportSchema,
  internalMailPageSchema,
  internalMailSchema,
  internalTransactionDetailSchema,
  internalTransactionPageSchema,
  internalTransactionSchema,
  refundSchema,
  resetGoldPackagesResultSchema,
  type TransactionFilter,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useFindMany, useRead, useWrite } from '@/lib/staff-query';
import { storeKeys } from './keys';

type Page = { page: number; pageSize: number };

export const useStaffTransactions = (filter: Partial<TransactionFilter> & Page) =>
  useFindMany(
    storeKeys.transactions(filter),
    '/internal/transactions/find-many',
    filter,
    internalTransactionPageSchema,
  );

export function useStaffTransaction(id: string) {
  return useQuery({
    queryKey: storeKeys.transactionDetail(id),
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
  useFindMany(storeKeys.bankEvents(filter), '/internal/bank-events/find-many', filter, bankEventPageSchema);

export const useBankFeed = () => useRead(storeKeys.bankFeed(), '/internal/bank-feed', bankFeedStatusSchema);

export const useMails = (filter: { status: 'dead' | 'pending' | 'delivered' } & Page) =>
  useFindMany(storeKeys.mails(filter), '/internal/mails/find-many', filter, internalMailPageSchema);

export const useDailyReport = (date: string) =>
  useRead(storeKeys.dailyReport(date), `/internal/reports/daily?date=${date}`, dailyReportSchema);

export const downloadDailyReportCsv = (date: string) => api.download(`/internal/reports/daily.csv?date=${date}`);

/**
 * A staff money action: one POST, its answer parsed, then every staff read of the store (orders,
 * bank events, deliveries, the report) fetched again.
 */
function useMoneyAction<Input, S extends z.ZodType>(
  path: (input: Input) => string,
  body: (input: Input) => unknown,
  schema: S,
) {
  return useWrite((input: Input) => api.post(path(input), body(input), schema), storeKeys.staff);
}

/**
 * A money action large enough to wait for another admin's approval (decision record 030): its
 * answer, or `AwaitingApproval` when the API made it a request (HTTP 202).
 */
function useApprovedMoneyAction<Input, S extends z.ZodType>(
  path: (input: Input) => string,
  body: (input: Input) => unknown,
  schema: S,
) {
  return useWrite((input: Input) => api.action('POST', path(input), body(input), schema), storeKeys.staff);
}

type BankAction<B> = { id: string; body: B };

export const useAttachBankEvent = () =>
  useMoneyAction(
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

export const useRetryMail = () =>
  useMoneyAction(
    (mailId: string) => `/internal/mails/${mailId}/retry`,
    () => ({}),
    internalMailSchema,
  );

export const useGrantPack = () =>
  useApprovedMoneyAction(
    () => '/internal/transactions/create-manual',
    (body: { shortId: string; productId: number; reason: string }) => body,
    internalTransactionSchema,
  );

export const useResetGold = () =>
  useMoneyAction(
    () => '/internal/transactions/reset-gold-packages',
    (shortId: string) => (shortId.trim() ? { shortId } : {}),
    resetGoldPackagesResultSchema,
  );
