/** The support tickets' refusals: catalogue keys. */
export const ticketsMessages = {
  notFound: 'tickets.notFound',
  tooMany: 'tickets.tooMany',
  badImages: 'tickets.badImages',
};
