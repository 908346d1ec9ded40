import { codes, storeCodes, storeMessages } from '@carabala/contracts';
import type { Config, FailureCounter } from '../../lib/deps';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { Words } from '../../lib/sentences';
import { addressKey } from '../../plugins/rate-limit';

type Budget = [key: string, limit: number];

/**
 * What one address and one signed-in player may learn of receivers, and how many orders a guest may
 * leave unpaid from one address. Counted by the failure counter: in Redis when REDIS_URL is set, so
 * every API process shares the counts, in memory otherwise.
 */
export function createReceiverBudget(failures: FailureCounter, config: Config) {
  const window = config.USER_LOOKUP_WINDOW_SECONDS;
  const budgetsOf = (ip: string, player: AuthUser | null): Budget[] => [
    [`lookup:ip:${addressKey(ip)}`, config.USER_LOOKUPS_PER_IP],
    ...(player ? [[`lookup:player:${player.id}`, config.USER_LOOKUPS_PER_PLAYER] as Budget] : []),
  ];
  /** Marks a User ID as named to a budget in this window; true the first time. */
  const firstSight = async ([key]: Budget, shortId: string) =>
    (await failures.hit(`${key}:seen:${shortId}`, window)) === 1;

  /** Spends one of each budget; past any limit gives them all back and refuses (429). */
  async function spend(budgets: Budget[], message: Words) {
    const counts = await Promise.all(budgets.map(([key]) => failures.hit(key, window)));
    if (counts.some((count, index) => count > budgets[index]![1])) {
      // A refused call read nothing: it does not use up the window any further.
      await Promise.all(budgets.map(([key]) => failures.release(key)));
      throw new AppError(429, codes.rateLimited, message);
    }
  }

  return {
    /**
     * A look-up of a receiver (or a read that tells something of one): spends one of the address's and
     * the player's budget, found or not, since a found name is what a lister wants; refused past
     * either without reading. `shortId`, when given, is remembered as named, so ordering for it next
     * costs nothing more.
     */
    async lookUp(ip: string, player: AuthUser | null, shortId?: string) {
      const budgets = budgetsOf(ip, player);
      await spend(budgets, storeMessages.tooManyLookups);
      if (shortId) await Promise.all(budgets.map((budget) => firstSight(budget, shortId)));
    },

    /**
     * An order names its receiver to anyone holding its id (GET /transactions/bank/{id}), so an order
     * for a User ID new to the address or the player spends that budget as a look-up does; one already
     * looked up or ordered for in the window is free. A player's order for themselves names no one.
     */
    async order(ip: string, player: AuthUser | null, shortId: string) {
      if (player?.shortId === shortId) return;
      const budgets = budgetsOf(ip, player);
      const first = await Promise.all(budgets.map((budget) => firstSight(budget, shortId)));
      const fresh = budgets.filter((_, index) => first[index]);
      try {
        await spend(fresh, storeMessages.tooManyReceivers);
      } catch (error) {
        await Promise.all(fresh.map(([key]) => failures.release(`${key}:seen:${shortId}`)));
        throw error;
      }
    },

    /**
     * An order look-up by code and receiver's User ID: one of the address's ORDER_LOOKUPS_PER_IP in the
     * window, found or not (a guesser pays for every try); refused past it (429, its own code).
     */
    async orderLookup(ip: string) {
      const key = `order-lookup:ip:${addressKey(ip)}`;
      if ((await failures.hit(key, window)) > config.ORDER_LOOKUPS_PER_IP) {
        await failures.release(key);
        throw new AppError(429, storeCodes.orderLookupsFromAddress, storeMessages.orderLookupsFromAddress);
      }
    },

    /**
     * Reserves one of the address's guest orders (GUEST_ORDERS_PER_IP within ORDER_PAYMENT_MINUTES: every
     * guest order still unpaid is among them), refused past it (429). Answers how to give it back when no
     * order is made after all.
     */
    async guestOrder(ip: string): Promise<() => Promise<void>> {
      const key = `guest-orders:ip:${addressKey(ip)}`;
      const count = await failures.hit(key, Math.ceil(config.ORDER_PAYMENT_MINUTES * 60));
      const release = () => failures.release(key);
      if (count > config.GUEST_ORDERS_PER_IP) {
        await release();
        throw new AppError(429, storeCodes.guestOrdersFromAddress, storeMessages.guestOrdersFromAddress);
      }
      return release;
    },
  };
}

export type ReceiverBudget = ReturnType<typeof createReceiverBudget>;
