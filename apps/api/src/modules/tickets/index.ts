// Support tickets. Uploads asks whether a ticket uses an image with `ticketUsesImage` (a SQL fragment of
// its own statement) or `ticketListsImage`.
export { ticketRoutes } from './routes';
export { createTicketService, type TicketsDeps } from './service';
export {
  answeredTicketsSince,
  countOpenTickets,
  openedTicketLines,
  recentTicketsOf,
  ticketListsImage,
  ticketUsesImage,
} from './repository';
