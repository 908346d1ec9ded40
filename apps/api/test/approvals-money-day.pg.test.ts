import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { postWebhook, sepayEvent } from './store-helpers';

// Races need real connections: PostgreSQL only (decision record 030). Two refunds by one member at
// the same moment, each under the threshold alone but not together: one applies, the other waits.
const ctx = useTestApp();

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

describe("on PostgreSQL, a member's rolling total", () => {
  it('lets only one of two concurrent 300,000đ refunds through alone, 10 times over', async () => {
    const admin1 = await signIn(ctx.app, 'admin1', 'admin123');
    for (let round = 0; round < 10; round += 1) {
      // Yesterday's refunds leave the rolling day: each round starts from nothing.
      await ctx.database.db.execute(sql`update audit_log set created_at = now() - interval '25 hours'`);
      const events: string[] = [];
      for (const part of [1, 2]) {
        const event = sepayEvent('KHONGMA', 300_000, { content: `chuyen nham ${round}-${part}` });
        await postWebhook(ctx.app, event);
        const [stored] = await rows<{ id: string }>(
          sql`select id from bank_events where provider_id = ${String(event.id)}`,
        );
        events.push(stored!.id);
      }
      const answers = await Promise.all(
        events.map((id, part) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/internal/bank-events/${id}/refund`,
            headers: bearer(admin1),
            payload: { amount: 300_000, bankReference: `FT-RACE-${round}-${part}`, reason: 'Khách chuyển nhầm' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 202]);
      const refunds = await rows(sql`select id from refunds where bank_reference like ${`FT-RACE-${round}-%`}`);
      expect(refunds).toHaveLength(1);
    }
  });
});
