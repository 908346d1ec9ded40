import { formatVnd } from '@carabala/contracts/labels';
import { promotionBonus, promotionTargets, sumItems, type PromotionContent } from '@carabala/contracts';
import type { Tx } from '../../db/client';
import type { MailItem } from '../../db/schema';
import { addItemsToPendingMail, enqueueMail } from '../mailbox';
import { setOrderBonus } from '../orders';
import {
  claimSlot,
  countClaims,
  findPaidOrder,
  findRunningPromotions,
  hasOtherPaidOrder,
  lockReceiverPromotions,
  paidTotalBetween,
} from './repository';
import { text } from '../../lib/sentences';

type PaidOrder = NonNullable<Awaited<ReturnType<typeof findPaidOrder>>>;

async function orderBonus(tx: Tx, order: PaidOrder, promotion: { id: number; content: PromotionContent }) {
  const { content } = promotion;
  let slot = 0;
  if (content.kind === 'first_topup') {
    if (await hasOtherPaidOrder(tx, order.receiverId, order.id)) return [];
  } else {
    slot = await countClaims(tx, promotion.id, order.receiverId);
    if (slot >= content.perPlayerCap) return [];
  }
  const items = promotionBonus(content, order.items);
  if (items.length === 0) return [];
  const claimed = await claimSlot(tx, {
    promotionId: promotion.id,
    receiverId: order.receiverId,
    slot,
    orderId: order.id,
    items,
  });
  return claimed ? items : [];
}

async function milestoneRewards(tx: Tx, order: PaidOrder, promotion: { id: number; content: PromotionContent }) {
  const { content } = promotion;
  const total = await paidTotalBetween(tx, order.receiverId, content.startsAt, content.endsAt);
  let sent = 0;
  for (const milestone of content.milestones.filter((entry) => entry.threshold <= total)) {
    const claim = {
      promotionId: promotion.id,
      receiverId: order.receiverId,
      slot: milestone.threshold,
      orderId: order.id,
    };
    if (!(await claimSlot(tx, { ...claim, items: milestone.items }))) continue;
    await enqueueMail(tx, {
      receiverId: order.receiverId,
      receiverShortId: order.shortId,
      title: text('server.mail.milestoneTitle', {
        threshold: formatVnd(milestone.threshold),
        title: content.title,
      }).slice(0, 200),
      items: milestone.items,
      source: 'promotion',
      sourceId: `${promotion.id}:${order.receiverId}:${milestone.threshold}`,
      // To the character of the order that passed the milestone.
      character: order.character,
    });
    sent += 1;
  }
  return sent;
}

/**
 * Decides the promotions of an order the credit has just marked paid, in its transaction: the
 * bonus goes into the order (`bonus_items`) and its mail; each milestone passed sends its own mail.
 * Every gift is a claimed row (promotion, receiver, slot), so none is given twice. Answers how many
 * mails it added (milestones) and the bonus given.
 */
export async function rewardPaidOrder(tx: Tx, orderId: string, at = new Date()) {
  const order = await findPaidOrder(tx, orderId);
  if (!order) return { bonus: [] as MailItem[], mails: 0 };
  const running = (await findRunningPromotions(tx, at)).filter((promotion) =>
    promotionTargets(promotion.content, { packId: order.packId, productId: order.productId, tab: order.packTab }),
  );
  if (running.length === 0) return { bonus: [] as MailItem[], mails: 0 };
  await lockReceiverPromotions(tx, order.receiverId);
  const bonuses: MailItem[][] = [];
  let mails = 0;
  for (const promotion of running) {
    if (promotion.content.kind === 'spend_milestones') mails += await milestoneRewards(tx, order, promotion);
    else bonuses.push(await orderBonus(tx, order, promotion));
  }
  const bonus = sumItems(...bonuses);
  if (bonus.length > 0) {
    await setOrderBonus(tx, order.id, bonus);
    await addItemsToPendingMail(tx, 'order', order.id, bonus);
  }
  return { bonus, mails };
}
