import type { Db, Logger, Tx } from '../../lib/deps';
import { text } from '../../lib/sentences';
import { enqueueMail } from '../mailbox';
import {
  claimGift,
  findPublishedTiers,
  giftAddress,
  lockReceiverVip,
  receiverOfOrder,
  setGiftMail,
  tierSums,
  type PublishedTier,
} from './repository';
import { tierOf, vietnamMonthOf } from './standing';

/**
 * Gives the receiver this Vietnam month's gift of the tier they hold at `at`, once (decision record
 * 059): under the receiver's lock, the money is read after any payment committed before, and the gift
 * is a claimed row (player, month, tier) written with its mail. Answers whether a mail was written.
 */
async function giveGift(tx: Tx, tiers: PublishedTier[], receiverId: string, at: Date): Promise<boolean> {
  await lockReceiverVip(tx, receiverId);
  const { month, start } = vietnamMonthOf(at);
  const [sums] = await tierSums(tx, tiers, at, start, { receiverId });
  const { index } = tierOf(tiers, sums);
  const tier = tiers[index];
  if (!tier || tier.giftItems.length === 0) return false;
  const gift = { userId: receiverId, month, tierId: tier.id };
  if (!(await claimGift(tx, gift))) return false;
  const address = await giftAddress(tx, receiverId);
  if (!address) return false;
  const mailId = await enqueueMail(tx, {
    receiverId,
    receiverShortId: address.shortId,
    title: text('server.vip.giftTitle', { tier: tier.title, month: `${month.slice(5)}/${month.slice(0, 4)}` }).slice(
      0,
      200,
    ),
    items: tier.giftItems,
    source: 'vip_gift',
    sourceId: `${receiverId}:${month}:${tier.id}`,
    character: address.character,
  });
  await setGiftMail(tx, gift, mailId);
  return true;
}

/**
 * In the transaction that pays an order (payments' credit, after the promotions): when the payment
 * lifts its receiver into a tier, or the month's gift of their tier is not given yet, it is given now.
 */
export async function giftAfterPayment(tx: Tx, orderId: string, at = new Date()): Promise<boolean> {
  const tiers = await findPublishedTiers(tx);
  if (!tiers.some((tier) => tier.giftItems.length > 0)) return false;
  const receiverId = await receiverOfOrder(tx, orderId);
  return receiverId ? giveGift(tx, tiers, receiverId, at) : false;
}

/** One round of the monthly gifts: every player holding a tier with a gift gets this month's, once. */
export async function sendMonthlyGifts(db: Db, at = new Date()): Promise<number> {
  const tiers = await findPublishedTiers(db);
  if (!tiers.some((tier) => tier.giftItems.length > 0)) return 0;
  const { start } = vietnamMonthOf(at);
  let sent = 0;
  for (const sums of await tierSums(db, tiers, at, start)) {
    const tier = tiers[tierOf(tiers, sums).index];
    if (!tier || tier.giftItems.length === 0) continue;
    if (await db.transaction((tx) => giveGift(tx, tiers, sums.receiverId, at))) sent += 1;
  }
  return sent;
}

/** The worker of the monthly gifts: a round at start, then every `everyMs`. */
export function createVipGifts({ db, log, everyMs }: { db: Db; log: Logger; everyMs: number }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  const round = () => {
    running ??= sendMonthlyGifts(db)
      .then((sent) => {
        if (sent > 0) log.info({ sent }, 'vip monthly gifts sent');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'vip monthly gifts not sent; the next round retries'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const plan = () => {
    if (started) timer = setTimeout(() => void round().then(plan), everyMs);
  };
  return {
    round,
    start() {
      if (started) return;
      started = true;
      void round().then(plan);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}
export type VipGifts = ReturnType<typeof createVipGifts>;
