import { formatVnd } from '@carabala/contracts/labels';
import { promotionTargets, sumItems } from '@carabala/contracts';
import {
  quote,
  unknownStanding,
  type QuoteMoment,
  type QuotePromotion,
  type QuoteTier,
} from '@carabala/contracts/quote';
import type { Tx } from '../../db/client';
import type { MailItem } from '../../db/schema';
import { addItemsToPendingMail, enqueueMail } from '../mailbox';
import { setOrderBonus } from '../orders';
import { claimSlot, findPaidOrder, lockReceiverPromotions, paidTotalBetween } from './repository';
import { promotionStandingOf, quoteMomentAt } from './standing';
import { text } from '../../lib/sentences';
import { quoteTierAt } from '../vip';

type PaidOrder = NonNullable<Awaited<ReturnType<typeof findPaidOrder>>>;

/**
 * The order's bonus as the quote decides it now, under the receiver's lock, from the receiver's counts read
 * after it: each promotion's bonus is given only once its slot is claimed (a first top-up slot 0, a
 * bonus window the next of its cap), so none is given twice, also to payments at the same moment.
 */
async function claimedBonus(tx: Tx, order: PaidOrder, moment: QuoteMoment, tier: QuoteTier | null) {
  const standing = { ...(await promotionStandingOf(tx, order.receiverId, moment, order.id)), tier };
  const offer = quote(
    {
      productId: order.productId,
      packId: order.packId,
      tab: order.packTab,
      title: '',
      price: Number(order.totalPrice),
      sale: null,
      items: order.items,
      limit: null,
      stock: null,
    },
    { ...unknownStanding, ...standing },
    moment,
  );
  const given: MailItem[][] = [];
  for (const bonus of offer.bonuses) {
    const slot = bonus.kind === 'first_topup' ? 0 : (standing.claims[bonus.promotionId] ?? 0);
    const claim = { promotionId: bonus.promotionId, receiverId: order.receiverId, slot, orderId: order.id };
    if (await claimSlot(tx, { ...claim, items: bonus.items })) given.push(bonus.items);
  }
  return sumItems(...given, offer.tierBonus);
}

async function milestoneRewards(tx: Tx, order: PaidOrder, promotion: { id: number; content: QuotePromotion }) {
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
  const moment = await quoteMomentAt(tx, at);
  const running = moment.promotions.filter((promotion) =>
    promotionTargets(promotion, { packId: order.packId, productId: order.productId, tab: order.packTab }),
  );
  // The receiver's VIP tier before this order (decision record 059): its bonus is the quote's tier bonus.
  const tier = await quoteTierAt(tx, order.receiverId, at, order.id);
  if (running.length === 0 && !tier?.bonusPercent) return { bonus: [] as MailItem[], mails: 0 };
  await lockReceiverPromotions(tx, order.receiverId);
  let mails = 0;
  for (const promotion of running.filter((candidate) => candidate.kind === 'spend_milestones')) {
    mails += await milestoneRewards(tx, order, { id: promotion.id, content: promotion });
  }
  const orderPromotions = running.filter((promotion) => promotion.kind !== 'spend_milestones');
  const bonus = await claimedBonus(tx, order, { ...moment, promotions: orderPromotions }, tier);
  if (bonus.length > 0) {
    await setOrderBonus(tx, order.id, bonus);
    await addItemsToPendingMail(tx, 'order', order.id, bonus);
  }
  return { bonus, mails };
}
