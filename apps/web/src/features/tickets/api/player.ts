'use client';

import {
  ticketLimits,
  ticketPageSchema,
  ticketSchema,
  uploadedFileSchema,
  type CreateTicketBody,
  type TicketFilter,
  type TicketFollowUpBody,
  type TicketFollowUpForm,
  type TicketForm,
} from '@carabala/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ticketKeys } from './keys';

export const PAGE_SIZE = 10;

export interface TicketListParams {
  status: TicketFilter;
  q: string;
  page: number;
}

export function useMyTickets(params: TicketListParams) {
  const search = new URLSearchParams({ status: params.status, page: String(params.page), pageSize: String(PAGE_SIZE) });
  if (params.q) search.set('q', params.q);
  return useQuery({
    queryKey: ticketKeys.mine(params),
    queryFn: () => api.get(`/tickets/me/find-many?${search}`, ticketPageSchema),
    placeholderData: keepPreviousData,
  });
}

export function useMyTicket(id: string) {
  return useQuery({
    queryKey: ticketKeys.myTicket(id),
    queryFn: () => api.get(`/tickets/me/${encodeURIComponent(id)}`, ticketSchema),
  });
}

/** Uploads the chosen images (folder `supports`); their addresses, or undefined without images. */
async function uploadImages(userId: string, files: File[]): Promise<{ url: string }[] | undefined> {
  if (files.length === 0) return undefined;
  const form = new FormData();
  form.append('folder', ticketLimits.uploadFolder);
  for (const file of files) form.append('files', file, `${Date.now()}-${file.name}`);
  const uploaded = await api.post(
    `/upload/${encodeURIComponent(userId)}/public-images`,
    form,
    z.array(uploadedFileSchema),
  );
  return uploaded.map(({ url }) => ({ url }));
}

/** Files first, then the ticket with their URLs; without files, directly. */
export function useCreateTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ attachments, ...fields }: TicketForm<File>) => {
      const filesUrl = await uploadImages(userId, attachments);
      const body: CreateTicketBody = { ...fields, status: 'PROCESSING', ...(filesUrl ? { filesUrl } : {}) };
      return api.post('/tickets', body, ticketSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** The owner's follow-up on their ticket: files first, then the text with their URLs. */
export function useFollowUp(userId: string, ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ attachments, content }: TicketFollowUpForm<File>) => {
      const filesUrl = await uploadImages(userId, attachments);
      const body: TicketFollowUpBody = { content, ...(filesUrl ? { filesUrl } : {}) };
      return api.post(`/tickets/me/${encodeURIComponent(ticketId)}/replies`, body, ticketSchema);
    },
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.myTicket(ticketId), ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}
