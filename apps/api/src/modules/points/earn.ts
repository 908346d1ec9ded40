import type { Db, Tx } from '../../db/client';
import { publishedSettings, writeEntry } from './repository';

/** A paid order as the payments' credit hands it: its receiver, its code and the bank money it credited. */
export interface CreditedOrder {
  orderId: string;
  receiverId: string;
  code: string;
  /** The credited money (the revenue report's definition): only bank money earns points. */
  credited: number;
}

/** The points `credited` đồng earn at `rate` points per 1,000đ (rounded down). */
export const pointsFor = (credited: number, rate: number) => Math.floor((Math.max(credited, 0) * rate) / 1000);

/**
 * Writes an order's earned points, in the transaction that marks it paid (payments' credit): at the
 * published rate, expiring as published; once per order (the ledger's (kind, source) is unique, so
 * the second of two concurrent webhooks writes nothing). Answers the points written (0: none).
 */
export async function earnOrderPoints(tx: Tx, order: CreditedOrder): Promise<number> {
  const settings = await publishedSettings(tx);
  if (!settings || settings.rate <= 0) return 0;
  const points = pointsFor(order.credited, settings.rate);
  if (points <= 0) return 0;
  const written = await writeEntry(tx, {
    userId: order.receiverId,
    kind: 'earn',
    sourceId: order.orderId,
    points,
    about: order.code,
    expiryMonths: settings.expiryMonths,
  });
  return written ? points : 0;
}

/** The published rate (points per 1,000đ; null: none published, or 0): what the quote's standing shows. */
export async function publishedPointsRate(db: Db | Tx): Promise<number | null> {
  const settings = await publishedSettings(db);
  return settings && settings.rate > 0 ? settings.rate : null;
}
