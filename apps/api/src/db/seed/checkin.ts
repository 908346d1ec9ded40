import type { CheckinCalendarContent, PromotionContent } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { checkinCalendars, promotions } from '../schema';

const DAY_MS = 86_400_000;

/** The demo's 7-day check-in calendar: a small gift a day, a bigger one on day 7. */
export const demoCheckinCalendar: CheckinCalendarContent = {
  title: 'Điểm danh 7 ngày',
  days: [
    [{ itemId: 'gold', quantity: 5000 }],
    [{ itemId: 'stamina', quantity: 2 }],
    [{ itemId: 'enhance_stone', quantity: 5 }],
    [{ itemId: 'diamond', quantity: 20 }],
    [{ itemId: 'lucky_ticket', quantity: 1 }],
    [{ itemId: 'hero_chest', quantity: 1 }],
    [
      { itemId: 'diamond', quantity: 100 },
      { itemId: 'legend_hero_shard', quantity: 1 },
    ],
  ].map((items) => ({ items })),
};

/**
 * The demo's loyalty content (issue 41), on a fresh demo database only (server.ts, DEMO_MODE): the
 * published check-in calendar, a running spend-milestones promotion for a month on a few packs the
 * browser suite does not buy, and the festival's home banner ("Lễ hội Trứng Vàng") linking to its event
 * page. Not in seedDemoData: the test suites' payments would otherwise pass its milestones.
 */
export async function seedLoyaltyDemo(db: Db, now = new Date()) {
  await db.transaction(async (tx) => {
    await tx
      .insert(checkinCalendars)
      .values({ id: 1, draft: demoCheckinCalendar, published: demoCheckinCalendar, publishedAt: now });
    const event: PromotionContent = {
      kind: 'spend_milestones',
      title: 'Nạp tích lũy Lễ hội Trứng Vàng',
      startsAt: new Date(now.getTime() - DAY_MS).toISOString(),
      endsAt: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      packIds: [105, 303, 304, 608],
      tabs: [],
      perPlayerCap: 1,
      double: false,
      items: [],
      percent: null,
      milestones: [
        { threshold: 100_000, items: [{ itemId: 'gold', quantity: 20_000 }] },
        { threshold: 500_000, items: [{ itemId: 'hero_chest', quantity: 3 }] },
        { threshold: 2_000_000, items: [{ itemId: 'skin_ao_dai', quantity: 1 }] },
      ],
    };
    const [row] = await tx
      .insert(promotions)
      .values({ draft: event, published: event, publishedAt: now })
      .returning({ id: promotions.id });
    const link = JSON.stringify(`/events/${row!.id}`);
    await tx.execute(sql`update home_slides
      set draft = jsonb_set(draft, '{link}', ${link}::jsonb), published = jsonb_set(published, '{link}', ${link}::jsonb)
      where published->>'title' = 'Lễ hội Trứng Vàng' and published->>'section' = 'banner'`);
  });
}
