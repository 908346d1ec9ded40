/**
 * The query-key prefix of everything that follows the signed-in player's standing (VIP tier, points,
 * check-ins, top-up events): the store's transfer panel invalidates it once an order is paid, so those
 * pages update with no reload. Each feature's per-player queries live under it (`[...standingKey, …]`).
 */
export const standingKey = ['standing'] as const;
