'use client';

import {
  ticketLimits,
  type CreateTicketBody,
  type Ticket,
  type TicketFilter,
  type TicketForm,
  type TicketPage,
  type UploadedFile,
} from '@carabala/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const TICKETS_KEY = ['tickets'] as const;
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
    queryKey: [...TICKETS_KEY, 'list', params],
    queryFn: () => api.get<TicketPage>(`/tickets/me/find-many?${search}`),
    placeholderData: keepPreviousData,
  });
}

export function useMyTicket(id: string) {
  return useQuery({
    queryKey: [...TICKETS_KEY, 'detail', id],
    queryFn: () => api.get<Ticket>(`/tickets/me/${encodeURIComponent(id)}`),
  });
}

/** Point 4: files first (folder `supports`), then the ticket with their URLs; without files, directly. */
export function useCreateTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ attachments, ...fields }: TicketForm<File>) => {
      let filesUrl: { url: string }[] | undefined;
      if (attachments.length > 0) {
        const form = new FormData();
        form.append('folder', ticketLimits.uploadFolder);
        for (const file of attachments) form.append('files', file, `${Date.now()}-${file.name}`);
        const uploaded = await api.post<UploadedFile[]>(`/upload/${encodeURIComponent(userId)}/public-images`, form);
        filesUrl = uploaded.map(({ url }) => ({ url }));
      }
      const body: CreateTicketBody = { ...fields, status: 'PROCESSING', ...(filesUrl ? { filesUrl } : {}) };
      return api.post<Ticket>('/tickets', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
