import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';

// Races need real connections: PostgreSQL only.
const ctx = useTestApp();

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

describe('money on PostgreSQL, concurrently', () => {
  it('delivers exactly one of two once-a-day orders paid at the same moment and holds the other', async () => {
    for (const [round, productId] of [201, 202, 203].entries()) {
      const shortId = ['8801234', '8805678', '8809012'][round]!;
      const a = await order(ctx.app, shortId, productId);
      const b = await order(ctx.app, shortId, productId);
      const answers = await Promise.all([
        postWebhook(ctx.app, sepayEvent(a.code, a.totalPrice)),
        postWebhook(ctx.app, sepayEvent(b.code, b.totalPrice)),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const states = [(await transaction(ctx.app, a.id)).status, (await transaction(ctx.app, b.id)).status].sort();
      expect(states).toEqual(['cancelled', 'done']);
      const mails = await rows<{ n: number }>(
        sql`select count(*)::int as n from mails where source = 'order' and source_id in (${a.id}, ${b.id})`,
      );
      expect(mails[0]!.n).toBe(1);
      const held = await rows<{ match: string }>(
        sql`select match from bank_events where order_id in (${a.id}, ${b.id}) and match <> 'credited'`,
      );
      expect(held).toEqual([{ match: 'cancelled' }]);
    }
  });

  it('never refunds more than was received, under concurrent requests', async () => {
    const admin = bearer(await signIn(ctx.app, 'admin1', 'admin123'));
    const event = sepayEvent('CRBQQQQQQQQ', 100_000, { content: 'khong ro', referenceCode: 'FTRACE1' });
    await postWebhook(ctx.app, event);
    const [stored] = await rows<{ id: string }>(
      sql`select id from bank_events where provider_id = ${String(event.id)}`,
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/internal/bank-events/${stored!.id}/refund`,
          headers: admin,
          payload: { amount: 30_000, bankReference: `FT-OUT-${index}`, reason: 'Hoàn tiền' },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
    const [sum] = await rows<{ total: string }>(
      sql`select sum(amount) as total from refunds where bank_event_id = ${stored!.id}`,
    );
    expect(Number(sum!.total)).toBe(90_000);
  });
});
