import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/modules/mailbox/repository';
import { createMailboxWorker } from '../src/modules/mailbox/worker';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';
import { MAIL_TAKEN, remoteGame } from './game-backend';

// Races need real connections: PostgreSQL only.
const ctx = useTestApp();

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

const mailsOf = (orderId: string) => rows<{ id: string }>(sql`select id from mails where source_id = ${orderId}`);

describe('on PostgreSQL, concurrently', () => {
  it('credits the same webhook event sent 10 times once', async () => {
    const { id, code } = await order(ctx.app, '8801234', 605);
    const event = sepayEvent(code, 200_000);
    const responses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(ctx.app, event)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await transaction(ctx.app, id)).toMatchObject({ accumulatedAmount: 200_000, status: 'initial' });
    const events = await rows(sql`select id from bank_events where provider_id = ${String(event.id)}`);
    expect(events).toHaveLength(1);
  });

  it('adds up two partial payments that arrive together, and delivers once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { id, code } = await order(ctx.app, '8805678', 603);
      await Promise.all([
        postWebhook(ctx.app, sepayEvent(code, 60_000)),
        postWebhook(ctx.app, sepayEvent(code, 69_000)),
      ]);
      expect(await transaction(ctx.app, id)).toMatchObject({ accumulatedAmount: 129_000, status: 'done' });
      expect(await mailsOf(id)).toHaveLength(1);
    }
  });

  it('delivers once when two staff mark the same order at once', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const { id } = await order(ctx.app, '8809012', 502);
    const mark = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/internal/transactions/${id}/mark`,
        headers: bearer(admin),
        payload: { note: 'Đối soát sao kê' },
      });
    const statuses = (await Promise.all([mark(), mark(), mark()])).map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(await mailsOf(id)).toHaveLength(1);
    const audits = await rows(sql`select id from audit_log where target_id = ${id}`);
    expect(audits).toHaveLength(1);
  });
});

describe('two mailbox workers', () => {
  let server: Server;
  let url: string;
  const seen = new Map<string, number>();
  let inFlight = 0;
  let maxInFlightPerKey = 0;
  const active = new Map<string, number>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const key = String(request.headers['idempotency-key']);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      active.set(key, (active.get(key) ?? 0) + 1);
      maxInFlightPerKey = Math.max(maxInFlightPerKey, active.get(key)!);
      inFlight += 1;
      request.resume();
      // A little latency so that the two workers overlap.
      setTimeout(() => {
        inFlight -= 1;
        active.set(key, active.get(key)! - 1);
        response.end(MAIL_TAKEN);
      }, 5);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mailbox`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('deliver each mail exactly once', async () => {
    await ctx.database.db.execute(sql`update mails set status = 'delivered' where status = 'pending'`);
    const [player] = await rows<{ id: string }>(sql`select id from users where short_id = '8801234'`);
    const ids: string[] = [];
    for (let i = 0; i < 120; i += 1) {
      ids.push(
        await ctx.database.db.transaction((tx) =>
          enqueueMail(tx, {
            receiverId: player!.id,
            receiverShortId: '8801234',
            title: 'Quà',
            items: [{ itemId: 'gold', quantity: i + 1 }],
            source: 'race',
            sourceId: String(i),
          }),
        ),
      );
    }
    const options = {
      db: ctx.database.db,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      game: remoteGame(url, 'game-mailbox-secret-for-tests'),
      batchSize: 7,
      pollMs: 10,
      maxAttempts: 5,
      backoffBaseMs: 10,
      backoffMaxMs: 50,
      leaseSeconds: 30,
      events: ctx.app.events,
    };
    const workers = [createMailboxWorker(options), createMailboxWorker(options)];
    const drain = async (worker: (typeof workers)[number]) => {
      while ((await worker.runOnce()) > 0);
    };
    await Promise.all(workers.map(drain));
    expect(ids.every((id) => seen.get(id) === 1)).toBe(true);
    expect(maxInFlightPerKey).toBe(1);
    const pending = await rows(sql`select id from mails where source = 'race' and status <> 'delivered'`);
    expect(pending).toHaveLength(0);
    expect(inFlight).toBe(0);
  });
});
