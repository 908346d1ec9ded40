/**
 * The query-key prefix of everything a payment changes about a player's standing (VIP tier, points,
 * event progress): the transfer panel invalidates it when an order is paid, and the pages' queries
 * live under it, so they update with no reload.
 */
export const standingKey = ['standing'] as const;
