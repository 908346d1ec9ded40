import type { PointsRedemption } from '@carabala/contracts';
import type { Db } from '../../db/client';
import { text } from '../../lib/sentences';
import { AppError } from '../../plugins/errors';
import { enqueueMail } from '../mailbox';
import { pointsModuleMessages as m } from './messages';
import { countRedemptions, findPublishedItem, insertRedemption, lockBalance, writeEntry } from './repository';

/** The player who redeems: their account id and game id (the mail's receiver). */
export interface Redeemer {
  id: string;
  shortId: string;
}

/**
 * "Đổi điểm": redeems a published shop item for its price, in one transaction: the item is locked when
 * it has a stock (its redemptions wait for each other), then the player's balance (their spendings
 * wait for each other); the refusals are read under those locks; then the redemption, its ledger row
 * and its in-game mail (source `points_redeem`, the redemption's id) are written together, or nothing.
 */
export async function redeemItem(db: Db, player: Redeemer, itemId: number): Promise<PointsRedemption> {
  const outcome = await db.transaction(async (tx) => {
    const unlocked = await findPublishedItem(tx, itemId, false);
    if (!unlocked) throw new AppError(404, m.itemNotFound);
    const item = unlocked.content.stock !== null ? await findPublishedItem(tx, itemId, true) : unlocked;
    if (!item) throw new AppError(404, m.itemNotFound);
    const { content } = item;
    const balance = await lockBalance(tx, player.id);
    const taken = await countRedemptions(tx, item.id, player.id);
    if (content.stock !== null && taken.all >= content.stock) throw new AppError(409, m.outOfStock);
    if (content.perPlayerLimit !== null && taken.mine >= content.perPlayerLimit) {
      throw new AppError(409, m.limitReached);
    }
    if (balance < content.price) throw new AppError(409, m.notEnough, m.notEnoughWith(balance));
    const redemptionId = await insertRedemption(tx, {
      userId: player.id,
      shopItemId: item.id,
      title: content.title,
      price: content.price,
      items: content.items,
    });
    const entry = await writeEntry(tx, {
      userId: player.id,
      kind: 'redeem',
      sourceId: redemptionId,
      points: -content.price,
      about: content.title,
    });
    const mailId = await enqueueMail(tx, {
      receiverId: player.id,
      receiverShortId: player.shortId,
      title: text('server.points.redeemTitle', { title: content.title }).slice(0, 200),
      items: content.items,
      source: 'points_redeem',
      sourceId: redemptionId,
      character: null,
    });
    return { id: redemptionId, title: content.title, price: content.price, balance: entry!.balance, mailId };
  });
  return outcome;
}
