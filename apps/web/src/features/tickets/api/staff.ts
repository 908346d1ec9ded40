'use client';

import {
  staffTicketPageSchema,
  staffTicketSchema,
  type StaffTicket,
  type StaffTicketsQuery,
  type StaffUpdateTicketBody,
} from '@carabala/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useFindMany, useRead } from '@/lib/staff-query';
import { ticketKeys } from './keys';

export const useStaffTickets = (filter: StaffTicketsQuery) =>
  useFindMany(ticketKeys.staffList(filter), '/tickets/find-many', filter, staffTicketPageSchema);

export const useStaffTicket = (id: string) => useRead(ticketKeys.staffTicket(id), `/tickets/${id}`, staffTicketSchema);

/** A reply or a status change: the answer replaces the ticket in the cache, the inbox is read again. */
export function useUpdateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffUpdateTicketBody | { status: StaffTicket['status'] }) =>
      api.patch(`/tickets/${id}`, body, staffTicketSchema),
    onSuccess: (updated) => {
      queryClient.setQueryData(ticketKeys.staffTicket(id), updated);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.staffLists() });
    },
  });
}

export function useDeleteTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/tickets/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ticketKeys.staffTicket(id) });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.staffLists() });
    },
  });
}
