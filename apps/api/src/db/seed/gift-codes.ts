import { eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { giftCodeClaims, giftCodes, users } from '../schema';

const DAY = 86_400_000;
const rewards = (diamonds: number) => [
  { itemId: 'diamond', quantity: diamonds },
  { itemId: 'gold', quantity: diamonds * 100 },
];

/**
 * Demo codes, one per outcome of the claim (listed in the README). player1 is a new account;
 * player2 is backdated to a veteran so that TANTHU shows the new-players-only refusal.
 */
export const demoGiftCodes = {
  working: 'CHAOMUNG2026',
  expired: 'TET2025',
  usedUp: 'HETLUOT',
  newPlayers: 'TANTHU',
  restricted: 'VIPRIENG',
  inactive: 'TAMNGUNG',
  notStarted: 'SAPRAMAT',
} as const;

export async function seedGiftCodes(tx: Tx) {
  const now = Date.now();
  const byShortId = async (shortId: string) => {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.shortId, shortId)).limit(1);
    return row!.id;
  };
  const player2 = await byShortId('8805678');
  const admin = await byShortId('8800001');
  await tx
    .update(users)
    .set({ createdAt: new Date(now - 400 * DAY) })
    .where(eq(users.id, player2));

  const inserted = await tx
    .insert(giftCodes)
    .values([
      { code: demoGiftCodes.working, name: 'Chào mừng ra mắt', rewards: rewards(100), maxUses: null },
      {
        code: demoGiftCodes.expired,
        name: 'Lì xì Tết 2025',
        rewards: rewards(200),
        maxUses: 10_000,
        startsAt: new Date(now - 300 * DAY),
        expiresAt: new Date(now - 200 * DAY),
      },
      { code: demoGiftCodes.usedUp, name: 'Quà giới hạn', rewards: rewards(500), maxUses: 1, usesCount: 1 },
      { code: demoGiftCodes.newPlayers, name: 'Quà tân thủ', rewards: rewards(50), maxUses: null, newPlayerOnly: true },
      {
        code: demoGiftCodes.restricted,
        name: 'Tri ân khách hàng VIP',
        rewards: rewards(1000),
        maxUses: 10,
        allowedShortIds: ['8805678'],
      },
      { code: demoGiftCodes.inactive, name: 'Sự kiện tạm ngưng', rewards: rewards(10), maxUses: null, active: false },
      {
        code: demoGiftCodes.notStarted,
        name: 'Sự kiện sắp ra mắt',
        rewards: rewards(10),
        maxUses: null,
        startsAt: new Date(now + 30 * DAY),
      },
    ])
    .returning({ id: giftCodes.id, code: giftCodes.code });
  const usedUp = inserted.find((row) => row.code === demoGiftCodes.usedUp)!;
  await tx.insert(giftCodeClaims).values({ giftCodeId: usedUp.id, userId: admin });
}
