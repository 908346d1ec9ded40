'use client';

import { internalMailPageSchema } from '@carabala/contracts';
import { staffMoneyKeys } from '@/lib/staff-money';
import { useFindMany } from '@/lib/staff-query';

type Page = { page: number; pageSize: number };

/** The game mails of one delivery state, a page at a time (a mail is retried with `RetryMailButton`). */
export const useMails = (filter: { status: 'dead' | 'pending' | 'delivered' } & Page) =>
  useFindMany(staffMoneyKeys.mails(filter), '/internal/mails/find-many', filter, internalMailPageSchema);
