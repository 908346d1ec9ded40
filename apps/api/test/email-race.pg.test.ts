import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEmail } from '../src/modules/email';
import { smtpTransport } from '../src/modules/email/transport';
import { createEmailWorker } from '../src/modules/email/worker';
import { queryRows, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent } from './store-helpers';
import { startSmtpStandIn, type SmtpStandIn } from './stand-ins/smtp-server';

// Races need real connections: PostgreSQL only.
const ctx = useTestApp();
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await smtp.close();
});

describe('on PostgreSQL, concurrently', () => {
  it('queues one receipt for an order that 32 webhooks pay at once, with a sweep running too', async () => {
    const { id, code, totalPrice } = await order(ctx.app, '8807890', 605);
    const webhooks = Array.from({ length: 32 }, () => postWebhook(ctx.app, sepayEvent(code, totalPrice)));
    const sweeps = Array.from({ length: 4 }, () => ctx.app.services.emails.receipts.sweep());
    const answers = await Promise.all(webhooks);
    await Promise.all(sweeps);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const receipts = await queryRows<{ toAddress: string }>(
      ctx,
      sql`select to_address as "toAddress" from emails where dedupe_key like ${`receipt:${id}:%`}`,
    );
    expect(receipts).toEqual([{ toAddress: 'player5@example.com' }]);
  });

  it('sends each e-mail once when two workers take the outbox at the same time', async () => {
    await ctx.database.db.execute(sql`update emails set status = 'sent' where status = 'pending'`);
    const ids: string[] = [];
    for (let index = 0; index < 40; index += 1) {
      ids.push(
        (await queueEmail(ctx.database.db, {
          to: `race${index}@example.com`,
          kind: 'verify_email',
          dedupeKey: `race:${index}`,
          params: { name: `Người chơi ${index}`, link: `https://carabala.test/xac-minh?t=${index}`, hours: 24 },
        }))!,
      );
    }
    const worker = () =>
      createEmailWorker({
        db: ctx.database.db,
        log: silent,
        transport: smtpTransport(smtp.url),
        from: 'no-reply@carabala.test',
        host: 'carabala.test',
        site: { name: 'Carabala' },
        pollMs: 60_000,
        maxAttempts: 3,
      });
    const workers = [worker(), worker()];
    const rounds = await Promise.all(
      workers.map(async (each) => {
        let taken = 0;
        for (let handled = -1; handled !== 0;) taken += handled = await each.runOnce();
        return taken;
      }),
    );
    expect(rounds[0]! + rounds[1]!).toBe(40);
    expect(rounds.every((taken) => taken > 0)).toBe(true);
    await smtp.waitFor(40);
    const messageIds = smtp.received.map((mail) => mail.parsed.messageId);
    expect(new Set(messageIds).size).toBe(40);
    expect(messageIds.sort()).toEqual(ids.map((id) => `<${id}@carabala.test>`).sort());
    const states = await queryRows<{ status: string; attempts: number }>(
      ctx,
      sql`select status, attempts from emails where dedupe_key like 'race:%'`,
    );
    expect(states.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    await Promise.all(workers.map((each) => each.stop()));
  });
});
