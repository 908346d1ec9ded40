import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from './helpers';
import { promotionCalls } from './promotion-helpers';
import { createTestPack } from './store-helpers';
import { vipCalls } from './vip-helpers';

// Races need real connections: PostgreSQL only. A tier's threshold crossed by two orders paid at the
// same moment (each webhook sent three times at once) gives one tier gift (decision record 059).

const ctx = useTestApp();
const { freshReceiver } = promotionCalls(ctx);
const { createTier, payAtOnce, giftsOf } = vipCalls(ctx);
let pack: number;

beforeAll(async () => {
  const admin = await signIn(ctx.app, 'admin1', 'admin123');
  const content = await signIn(ctx.app, 'content1', 'staff123');
  pack = await createTestPack(ctx.app, content, { price: 100_000 });
  await createTier(admin, { title: 'Vàng', threshold: 200_000, giftItems: [{ itemId: 'gold', quantity: 50 }] });
});

describe('VIP gifts under concurrent payments', () => {
  it('give one tier gift when two orders paid at the same moment cross the threshold', async () => {
    for (let round = 0; round < 6; round += 1) {
      const receiver = await freshReceiver();
      await payAtOnce(receiver, pack, 2);
      const gifts = await giftsOf(receiver);
      expect(gifts.map((gift) => gift.items)).toEqual([[{ itemId: 'gold', quantity: 50 }]]);
    }
  });

  it('give none when concurrent payments stay below the threshold, and one when more cross it at once', async () => {
    const receiver = await freshReceiver();
    await payAtOnce(receiver, pack, 1);
    expect(await giftsOf(receiver)).toEqual([]);
    await payAtOnce(receiver, pack, 4);
    expect(await giftsOf(receiver)).toHaveLength(1);
  });
});
