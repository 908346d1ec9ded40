import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../src/lib/deps';
import { createEventBus, NUDGE_MS, type DomainEvents } from '../src/lib/events';
import { createSharedRedis } from '../src/lib/shared-redis';
import { enqueueMail } from '../src/modules/mailbox/repository';
import { queryRows, useTestApp } from './helpers';

// The domain events (docs/decisions/051): in one process, and across processes through a real Redis.

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the event bus in one process (no Redis)', () => {
  it('runs every subscriber before publish resolves; a failing one is logged, not thrown; an unsubscribed one no more', async () => {
    const warnings: string[] = [];
    const warn = (_detail: object, message: string) => void warnings.push(message);
    const bus = createEventBus({ redis: null, log: { ...quiet, warn: warn as Logger['warn'] } });
    await bus.start();
    const seen: string[] = [];
    bus.on('order.changed', async ({ orderId }) => {
      await sleep(20);
      seen.push(orderId);
    });
    bus.on('order.changed', () => {
      throw new Error('a broken subscriber');
    });
    const off = bus.on('content.published', ({ kind }) => void seen.push(kind));

    await bus.publish('order.changed', { orderId: 'order-1' });
    expect(seen).toEqual(['order-1']);
    expect(warnings).toEqual(['event subscriber failed']);
    await bus.publish('content.published', { kind: 'news' });
    off();
    await bus.publish('content.published', { kind: 'home' });
    expect(seen).toEqual(['order-1', 'news']);
  });
});

describe('nudges', () => {
  it('sends one nudge for a burst, NUDGE_MS after its first, and another for a nudge made after it went', async () => {
    const bus = createEventBus({ redis: null, log: quiet });
    await bus.start();
    const heard: number[] = [];
    const started = performance.now();
    bus.on('mail.queued', () => void heard.push(performance.now() - started));
    for (let claim = 0; claim < 50; claim += 1) bus.nudge('mail.queued');
    expect(heard).toEqual([]);
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 1000, interval: 5 });
    expect(heard[0]).toBeGreaterThanOrEqual(NUDGE_MS - 1);
    await sleep(3 * NUDGE_MS);
    expect(heard).toHaveLength(1);
    bus.nudge('mail.queued');
    bus.nudge('email.queued');
    await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: 1000, interval: 5 });
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.runIf(REDIS_URL)('the event bus across processes (Redis)', () => {
  it("reaches the other connection's subscribers once, its own once, and ignores what is not an event", async () => {
    const [redisA, redisB] = [createSharedRedis(REDIS_URL!, quiet), createSharedRedis(REDIS_URL!, quiet)];
    try {
      await Promise.all([redisA.started(), redisB.started()]);
      const [busA, busB] = [
        createEventBus({ redis: redisA, log: quiet }),
        createEventBus({ redis: redisB, log: quiet }),
      ];
      const orderId = randomUUID();
      const heard = { a: [] as DomainEvents['order.changed'][], b: [] as DomainEvents['order.changed'][] };
      busA.on('order.changed', (event) => void (event.orderId.startsWith(orderId) && heard.a.push(event)));
      busB.on('order.changed', (event) => void (event.orderId.startsWith(orderId) && heard.b.push(event)));
      await Promise.all([busA.start(), busB.start()]);

      await busA.publish('order.changed', { orderId });
      // This process's subscribers have run when publish resolves; the other's as the message arrives.
      expect(heard.a).toEqual([{ orderId }]);
      await vi.waitFor(() => expect(heard.b).toEqual([{ orderId }]), { timeout: 2000, interval: 10 });

      // A stray message, or an event of another shape (a process of another version), is dropped.
      await redisA.client.publish('domain-events:order.changed', 'not json');
      await redisA.client.publish(
        'domain-events:order.changed',
        JSON.stringify({ from: 'elsewhere', name: 'order.changed', payload: { orderId: 42 } }),
      );
      await busB.publish('order.changed', { orderId: `${orderId}-b` });
      await vi.waitFor(() => expect(heard.a).toHaveLength(2), { timeout: 2000, interval: 10 });
      await sleep(100);
      // A's own event came back from Redis too, and was not run again.
      expect(heard.a).toEqual([{ orderId }, { orderId: `${orderId}-b` }]);
      expect(heard.b).toEqual([{ orderId }, { orderId: `${orderId}-b` }]);
    } finally {
      redisA.close();
      redisB.close();
    }
  });

  describe('the mailbox worker', () => {
    // The worker polls once a minute here: only the event can make it deliver within the test.
    const ctx = useTestApp({ REDIS_URL: REDIS_URL!, MAILBOX_POLL_MS: '60000' });

    it('delivers at once on a mail.queued published by another process, not at its next poll', async () => {
      const worker = ctx.app.mailbox;
      worker.start();
      try {
        await vi.waitFor(() => expect(worker.lastRoundAt()).not.toBeNull(), { timeout: 5000, interval: 20 });
        const [player] = await queryRows<{ id: string }>(ctx, sql`select id from users where short_id = '8801234'`);
        const mailId = await ctx.database.db.transaction((tx) =>
          enqueueMail(tx, {
            receiverId: player!.id,
            receiverShortId: '8801234',
            title: 'Quà',
            items: [{ itemId: 'gold', quantity: 1 }],
            source: 'test',
            sourceId: randomUUID(),
          }),
        );
        const status = async () =>
          (await queryRows<{ status: string }>(ctx, sql`select status from mails where id = ${mailId}`))[0]!.status;
        expect(await status()).toBe('pending');

        await publishFromAnotherProcess(REDIS_URL!);
        await vi.waitFor(async () => expect(await status()).toBe('delivered'), { timeout: 5000, interval: 50 });
      } finally {
        await worker.stop();
      }
    });
  });
});

/** Another node process publishes `mail.queued` through the bus and exits. */
function publishFromAnotherProcess(redisUrl: string) {
  const script = `
    import { createEventBus } from './src/lib/events.ts';
    import { createSharedRedis } from './src/lib/shared-redis.ts';
    const log = { info() {}, warn: console.warn, error: console.error };
    const redis = createSharedRedis(process.env.EVENTS_REDIS_URL, log);
    await redis.started();
    await createEventBus({ redis, log }).publish('mail.queued', {});
    redis.close();
  `;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, EVENTS_REDIS_URL: redisUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the publisher exited with ${code}`))));
  });
}
