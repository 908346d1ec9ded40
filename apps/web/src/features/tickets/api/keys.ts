/** The query keys of the tickets' reads: the player's own and the staff's inbox. */
export const ticketKeys = {
  all: ['tickets'] as const,
  mine: (filter: object) => [...ticketKeys.all, 'mine', filter] as const,
  myTicket: (id: string) => [...ticketKeys.all, 'mine', 'detail', id] as const,
  staffLists: () => [...ticketKeys.all, 'staff', 'list'] as const,
  staffList: (filter: object) => [...ticketKeys.staffLists(), filter] as const,
  staffTicket: (id: string) => [...ticketKeys.all, 'staff', 'detail', id] as const,
};
