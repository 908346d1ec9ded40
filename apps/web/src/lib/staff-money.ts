'use client';

import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/staff-query';

/**
 * The query keys of the staff's money reads: orders and bank payments (the API's payments module)
 * and deliveries (its mailbox module). They share one root because a money action changes them
 * together: a paid order mails its pack, a retried mail shows on its order.
 */
export const staffMoneyKeys = {
  all: ['staff-money'] as const,
  transactions: (filter: object) => [...staffMoneyKeys.all, 'transactions', filter] as const,
  transactionDetail: (id: string) => [...staffMoneyKeys.all, 'transactions', 'detail', id] as const,
  bankEvents: (filter: object) => [...staffMoneyKeys.all, 'bank-events', filter] as const,
  bankFeed: () => [...staffMoneyKeys.all, 'bank-feed'] as const,
  mails: (filter: object) => [...staffMoneyKeys.all, 'mails', filter] as const,
  dailyReport: (date: string) => [...staffMoneyKeys.all, 'daily-report', date] as const,
};

/**
 * A staff money action: one POST, its answer parsed, then every staff money read (orders, bank
 * events, deliveries, the report) fetched again.
 */
export function useMoneyAction<Input, S extends z.ZodType>(
  path: (input: Input) => string,
  body: (input: Input) => unknown,
  schema: S,
) {
  return useWrite((input: Input) => api.post(path(input), body(input), schema), staffMoneyKeys.all);
}

/**
 * A money action large enough to wait for another admin's approval (decision record 030): its
 * answer, or `AwaitingApproval` when the API made it a request (HTTP 202).
 */
export function useApprovedMoneyAction<Input, S extends z.ZodType>(
  path: (input: Input) => string,
  body: (input: Input) => unknown,
  schema: S,
) {
  return useWrite((input: Input) => api.action('POST', path(input), body(input), schema), staffMoneyKeys.all);
}
