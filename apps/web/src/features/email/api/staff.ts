'use client';

import {
  internalEmailContentSchema,
  internalEmailPageSchema,
  internalEmailSchema,
  type EmailKindName,
  type EmailStatusName,
} from '@carabala/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { recordKeys, useFindMany, useWrite } from '@/lib/staff-query';

export interface EmailFilter {
  search?: string;
  kind?: EmailKindName;
  status?: EmailStatusName;
  page: number;
  pageSize: number;
}

const emailKeys = recordKeys<EmailFilter, string>('emails');

/** The outbox's e-mails, newest first, by address words, kind and state. */
export const useEmails = (filter: EmailFilter) =>
  useFindMany(emailKeys.list(filter), '/internal/emails/find-many', filter, internalEmailPageSchema);

/** An e-mail's content as it is sent (demo mode), read when it is opened. */
export const useEmailContent = (id: string | null) =>
  useQuery({
    queryKey: emailKeys.detail(id ?? ''),
    queryFn: () => api.get(`/internal/emails/${id}/content`, internalEmailContentSchema),
    enabled: id !== null,
  });

/** Sends a dead e-mail again (the same message, fresh attempts); the list is read again. */
export const useRetryEmail = () =>
  useWrite((id: string) => api.post(`/internal/emails/${id}/retry`, {}, internalEmailSchema), emailKeys.all);
