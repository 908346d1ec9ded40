import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, queryRows, signIn, useTestApp } from './helpers';

// Races need real connections: PostgreSQL only (decision record 030).
const ctx = useTestApp();

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

describe('on PostgreSQL, approvals', () => {
  it('apply once when two admins approve the same request at the same moment, 20 times over', async () => {
    await ctx.database.db.execute(sql`update users set role = 'admin' where username = 'player2'`);
    const admin1 = await signIn(ctx.app, 'admin1', 'admin123');
    const approvers = [await signIn(ctx.app, 'admin2', 'admin123'), await signIn(ctx.app, 'player2', 'player123')];

    for (let round = 0; round < 20; round += 1) {
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/internal/transactions/create-manual',
        headers: bearer(admin1),
        payload: { shortId: '8801234', productId: 101, reason: `Đền bù lượt ${round}` },
      });
      expect(asked.statusCode).toBe(202);
      const { approvalId } = asked.json().data;
      const answers = await Promise.all(
        [...approvers, ...approvers].map((token) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/internal/approvals/${approvalId}/approve`,
            headers: bearer(token),
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().code)).toEqual(
        Array(3).fill('api.approval.decided'),
      );
      const granted = await rows<{ id: string }>(
        sql`select id from orders where kind = 'manual' and note = ${`Đền bù lượt ${round}`}`,
      );
      expect(granted).toHaveLength(1);
      expect(await rows(sql`select id from mails where source_id = ${granted[0]!.id}`)).toHaveLength(1);
      const approvals = await rows(
        sql`select id from audit_log where action = 'approval.approve' and target_id = ${approvalId}`,
      );
      expect(approvals).toHaveLength(1);
    }
  });
});
