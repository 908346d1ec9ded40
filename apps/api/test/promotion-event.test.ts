import { beforeAll, describe, expect, it } from 'vitest';
import { seedLoyaltyDemo } from '../src/db/seed';
import { signIn, useTestApp } from './helpers';
import { promotionCalls } from './promotion-helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';

// The top-up event page "Sự kiện nạp tích lũy" (issue 41): a published spend-milestones promotion as everyone
// reads it, and the signed-in player's progress in it by the promotion's own rule.

const ctx = useTestApp();
const { call, createPromotion } = promotionCalls(ctx);
let admin: string;

beforeAll(async () => {
  admin = await signIn(ctx.app, 'admin1', 'admin123');
});

async function pay(shortId: string, productId: number) {
  const placed = await order(ctx.app, shortId, productId);
  expect((await postWebhook(ctx.app, sepayEvent(placed.code, placed.totalPrice))).statusCode).toBe(200);
  return placed;
}

const milestones = [
  { threshold: 500_000, items: [{ itemId: 'hero_chest', quantity: 2 }] },
  { threshold: 200_000, items: [{ itemId: 'gold', quantity: 1000 }] },
];

describe('a spend-milestones event page', () => {
  it('shows the window and milestones to everyone; anything but a published spend-milestones promotion is not found', async () => {
    const id = await createPromotion(admin, {
      kind: 'spend_milestones',
      title: 'Nạp tích lũy',
      packIds: [604],
      milestones,
    });
    const answer = await call('GET', `/api/events/${id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ id, title: 'Nạp tích lũy', packIds: [604], milestones });
    expect(Date.parse(answer.json().data.endsAt)).toBeGreaterThan(Date.parse(answer.json().data.startsAt));

    const draft = await createPromotion(admin, { kind: 'spend_milestones', milestones }, false);
    const bonus = await createPromotion(admin, { kind: 'bonus_window', percent: 5, packIds: [999_991] });
    for (const other of [draft, bonus, 999_999]) {
      const refused = await call('GET', `/api/events/${other}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('api.error');
    }
    expect((await call('GET', '/api/events/abc')).statusCode).toBe(400);
    expect((await call('GET', `/api/events/${id}/progress`)).statusCode).toBe(401);
  });

  it("follows the player's paid total in the window, the next threshold and the milestones received", async () => {
    const id = await createPromotion(admin, {
      kind: 'spend_milestones',
      title: 'Nạp tích lũy 2',
      packIds: [604],
      milestones,
    });
    const token = await signIn(ctx.app, 'player6', 'player123');
    const me = (await call('GET', '/api/me', token)).json().data.shortId as string;
    const progress = async () => (await call('GET', `/api/events/${id}/progress`, token)).json().data;
    expect(await progress()).toEqual({ spent: 0, next: 200_000, received: [] });

    const first = await pay(me, 604); // 249,000đ: passes 200,000
    expect(await progress()).toMatchObject({
      spent: first.totalPrice,
      next: 500_000,
      received: [{ threshold: 200_000, items: [{ itemId: 'gold', quantity: 1000 }] }],
    });
    const second = await pay(me, 604);
    const after = await progress();
    expect(after).toMatchObject({
      spent: first.totalPrice + second.totalPrice,
      next: 500_000,
      received: [{ threshold: 200_000, items: [{ itemId: 'gold', quantity: 1000 }] }],
    });
    await pay(me, 604); // 747,000đ: passes 500,000
    const last = await progress();
    expect(last.next).toBeNull();
    expect(last.received.map((entry: { threshold: number }) => entry.threshold)).toEqual([200_000, 500_000]);
  });
});

describe('the demo', () => {
  it('seeds a running event, a home banner linking to its page and a published 7-day check-in calendar', async () => {
    await seedLoyaltyDemo(ctx.database.db);
    const banners = (await call('GET', '/api/home')).json().data;
    const link = JSON.stringify(banners).match(/"\/events\/(\d+)"/);
    expect(link).not.toBeNull();
    const event = await call('GET', `/api/events/${link![1]}`);
    expect(event.json().data).toMatchObject({ title: 'Nạp tích lũy Lễ hội Trứng Vàng', packIds: [105, 303, 304, 608] });
    expect(JSON.stringify(banners)).toContain(`"title":"Lễ hội Trứng Vàng"`);
    expect((await call('GET', '/api/checkin')).json().data.calendar.days).toHaveLength(7);
  });
});
