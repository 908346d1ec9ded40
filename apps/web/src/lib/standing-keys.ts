/**
 * The query-key prefix of a player's standing: what a payment changes (the VIP tier, the points, an
 * event's progress). Each feature's per-player reads live under it; the transfer panel invalidates it
 * once the order is paid, so those pages update with no reload. No feature imports another: they share this.
 */
export const standingKey = ['standing'] as const;
