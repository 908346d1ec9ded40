import type { Config, Db } from '../../lib/deps';
import type { GamePlayers } from '../game';

/** What the payments services that put money on orders need (ingest, review, the staff's money actions). */
export interface MoneyDeps {
  db: Db;
  config: Config;
  /** Asks the outbox worker for a batch now: a paid order's mail was written. */
  onMailQueued: () => void;
  /** Money was put on this order, or its state changed (committed): its open transfer panels read it again. */
  onOrderChanged: (orderId: string) => void;
  /** Who a User ID names, with their servers and characters (a grant's receiver). */
  players: GamePlayers;
}
