import type { Config, Db } from '../../lib/deps';
import type { EventPublisher } from '../../lib/events';
import type { GamePlayers } from '../game';

/** What the payments services that put money on orders need (ingest, review, the staff's money actions). */
export interface MoneyDeps {
  db: Db;
  config: Config;
  /** Where `order.changed` and `mail.queued` go once a change of money is committed. */
  events: EventPublisher;
  /** Who a User ID names, with their servers and characters (a grant's receiver). */
  players: GamePlayers;
}

/**
 * After a committed change of money: the order's open transfer panels read it again (`order.changed`),
 * and a mail it wrote is sent now (`mail.queued`), by whichever process runs the worker.
 */
export async function afterMoney(
  events: EventPublisher,
  change: { orderId?: string | null; mailQueued: boolean },
): Promise<void> {
  if (change.mailQueued) events.nudge('mail.queued');
  if (change.orderId) await events.publish('order.changed', { orderId: change.orderId });
}
