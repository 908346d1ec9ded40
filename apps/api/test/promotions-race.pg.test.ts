import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { signIn, useTestApp } from './helpers';
import { promotionCalls } from './promotion-helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';

// Races need real connections: PostgreSQL only. Many webhooks at once pay orders of the same receiver:
// the first top-up bonus is given once, and each milestone once.

const ctx = useTestApp();
const { createPromotion, mailsOf, freshReceiver } = promotionCalls(ctx);
let admin: string;

beforeAll(async () => {
  admin = await signIn(ctx.app, 'admin1', 'admin123');
});

const bonusesOf = async (shortId: string) =>
  rowsOf<{ bonus: unknown[] | null }>(
    await ctx.database.db.execute(sql`select o.bonus_items as bonus from orders o join users u on u.id = o.receiver_id
      where u.short_id = ${shortId} and o.status = 'done'`),
  ).map((row) => row.bonus ?? []);

/** Orders `count` packs for the receiver and pays all of them at once, each by several copies of its webhook. */
async function payAtOnce(shortId: string, productId: number, count: number) {
  const placed = [];
  for (let index = 0; index < count; index += 1) placed.push(await order(ctx.app, shortId, productId));
  const events = placed.map((entry) => sepayEvent(entry.code, entry.totalPrice));
  const responses = await Promise.all(
    events.flatMap((event) => [event, event, event].map((copy) => postWebhook(ctx.app, copy))),
  );
  expect(responses.every((response) => response.statusCode === 200)).toBe(true);
}

describe('promotions under concurrent payments', () => {
  it('give the first top-up bonus once when two orders of a receiver are paid at the same moment', async () => {
    await createPromotion(admin, {
      kind: 'first_topup',
      items: [{ itemId: 'hero_chest', quantity: 3 }],
      packIds: [605],
    });
    for (let round = 0; round < 5; round += 1) {
      const receiver = await freshReceiver();
      await payAtOnce(receiver, 605, 2);
      const bonuses = await bonusesOf(receiver);
      expect(bonuses).toHaveLength(2);
      expect(bonuses.filter((bonus) => bonus.length > 0)).toEqual([[{ itemId: 'hero_chest', quantity: 3 }]]);
      const mails = await mailsOf(receiver);
      expect(mails.flatMap((mail) => mail.items).filter((item) => item.itemId === 'hero_chest')).toEqual([
        { itemId: 'hero_chest', quantity: 3 },
      ]);
    }
  });

  it('send each milestone once, and see every payment in the total, when six orders are paid at once', async () => {
    await createPromotion(admin, {
      kind: 'spend_milestones',
      title: 'Mốc nạp đồng thời',
      packIds: [602],
      milestones: [
        { threshold: 200_000, items: [{ itemId: 'gold', quantity: 100 }] },
        { threshold: 400_000, items: [{ itemId: 'gold', quantity: 200 }] },
      ],
    });
    for (let round = 0; round < 3; round += 1) {
      const receiver = await freshReceiver();
      await payAtOnce(receiver, 602, 6); // 6 × 79,000đ = 474,000đ: both thresholds passed
      const milestones = (await mailsOf(receiver)).filter((mail) => mail.source === 'promotion');
      expect(milestones.map((mail) => mail.title).sort()).toEqual([
        'Quà mốc nạp 200,000đ — Mốc nạp đồng thời',
        'Quà mốc nạp 400,000đ — Mốc nạp đồng thời',
      ]);
    }
  });
});
