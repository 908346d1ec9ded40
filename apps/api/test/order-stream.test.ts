import { orderStreamEventSchema } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedDemoData } from '../src/db/seed';
import { bearer, createTestDatabase, signIn, testConfig } from './helpers';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';

/**
 * GET /api/transactions/bank/{id}/events over real HTTP on 127.0.0.1: a stream hears of money recorded
 * on its order and of its delivery, from this process or (through Redis) from another; without Redis it
 * still opens.
 */

/** An open stream: `next` resolves with the next event, or fails after `ms`. */
async function openStream(base: string, id: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/transactions/bank/${id}/events`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  async function next(ms = 2000) {
    const timer = setTimeout(() => controller.abort(), ms);
    try {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) return orderStreamEventSchema.parse(JSON.parse(data.slice(6)));
          continue;
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += value;
      }
    } finally {
      clearTimeout(timer);
    }
  }
  /** Reads on until a comment line has come (a heartbeat), or fails after `ms`. */
  async function comment(ms = 2000) {
    const timer = setTimeout(() => controller.abort(), ms);
    try {
      while (!/(^|\n\n): /.test(buffer)) buffer += (await reader.read()).value ?? '';
      return true;
    } finally {
      clearTimeout(timer);
    }
  }
  return { response, next, comment, close: () => controller.abort() };
}

async function listening(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

function useApps(count: number, overrides: Record<string, string>) {
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    const config = testConfig(overrides);
    await seedDemoData(created.database.db, config.JWT_SECRET);
    for (let index = 0; index < count; index += 1) {
      const app = await buildApp({ config, database: created.database, ownsDatabase: false });
      apps.push(app);
      bases.push(await listening(app));
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
  });
  return { apps, bases };
}

describe('one API process, no Redis', () => {
  // An idle timeout of 2 s makes the heartbeat come every second.
  const { apps, bases } = useApps(1, { ORDER_STREAMS_MAX: '2', HTTP_IDLE_TIMEOUT_SECONDS: '2' });

  it('says when money is recorded on the order, with no request from the page', async () => {
    const [app, base] = [apps[0]!, bases[0]!];
    const { id, code, totalPrice } = await order(app, '8805678', 601);
    const stream = await openStream(base, id);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(await stream.next()).toEqual({ type: 'ready', id });

    const started = Date.now();
    await postWebhook(app, sepayEvent(code, 20_000));
    expect(await stream.next()).toEqual({ type: 'changed', id });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await transaction(app, id)).toMatchObject({ accumulatedAmount: 20_000, status: 'initial' });

    await postWebhook(app, sepayEvent(code, totalPrice - 20_000));
    expect(await stream.next()).toEqual({ type: 'changed', id });
    expect(await transaction(app, id)).toMatchObject({ status: 'done', delivery: 'pending' });
    // Paid is not the end: the stream says when the game took the pack's mail too.
    await app.mailbox.runOnce();
    expect(await stream.next()).toEqual({ type: 'changed', id });
    expect((await transaction(app, id)).delivery).toBe('delivered');

    // A quiet stream gets a heartbeat comment, so that proxies keep it.
    expect(await stream.comment(1500)).toBe(true);
    stream.close();
    await expect.poll(() => app.orderStreams.size).toBe(0);
  });

  it("says when a mark-paid is applied on a second admin's approval", async () => {
    const [app, base] = [apps[0]!, bases[0]!];
    const [admin1, admin2] = [await signIn(app, 'admin1', 'admin123'), await signIn(app, 'admin2', 'admin123')];
    const dear = await order(app, '8801234', 606);
    const stream = await openStream(base, dear.id);
    expect(await stream.next()).toEqual({ type: 'ready', id: dear.id });
    const asked = await app.inject({
      method: 'POST',
      url: `/api/internal/transactions/${dear.id}/mark`,
      headers: bearer(admin1),
      payload: { note: 'Sao kê 799k' },
    });
    expect(asked.statusCode).toBe(202);
    const approved = await app.inject({
      method: 'POST',
      url: `/api/internal/approvals/${asked.json().data.approvalId}/approve`,
      headers: bearer(admin2),
    });
    expect(approved.statusCode).toBe(200);
    expect(await stream.next()).toEqual({ type: 'changed', id: dear.id });
    expect((await transaction(app, dear.id)).status).toBe('done');
    stream.close();
  });

  it('answers 404 for an unknown order and 503 past the streams one process holds', async () => {
    const [app, base] = [apps[0]!, bases[0]!];
    const unknown = await fetch(`${base}/api/transactions/bank/00000000-0000-4000-8000-000000000000/events`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('api.error');

    await expect.poll(() => app.orderStreams.size).toBe(0);
    const { id } = await order(app, '8805678', 601);
    const held = [await openStream(base, id), await openStream(base, id)];
    for (const stream of held) expect((await stream.next())?.type).toBe('ready');
    const refused = await fetch(`${base}/api/transactions/bank/${id}/events`);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { code: string }).code).toBe('api.unavailable');

    // Closing the app ends its streams (the drain on SIGTERM does not wait for them).
    await app.close();
    for (const stream of held) expect(await stream.next()).toBeNull();
  });
});

/** GET the order's stream from the local address `from` (any of 127.0.0.0/8): its answer, left open. */
function streamFrom(base: string, id: string, from: string) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    get(`${base}/api/transactions/bank/${id}/events`, { localAddress: from }, resolve).on('error', reject);
  });
}

describe('streams per client address and per order', () => {
  const { apps, bases } = useApps(1, { ORDER_STREAMS_PER_ADDRESS: '2', ORDER_STREAMS_PER_ORDER: '2' });

  it('refuses an address past its streams with the polling answer, while another address still gets one', async () => {
    const [app, base] = [apps[0]!, bases[0]!];
    const orders = [await order(app, '8805678', 601), await order(app, '8801234', 601)];
    const mine = [
      await streamFrom(base, orders[0]!.id, '127.0.0.2'),
      await streamFrom(base, orders[1]!.id, '127.0.0.2'),
    ];
    expect(mine.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const third = await streamFrom(base, orders[0]!.id, '127.0.0.2');
    expect(third.statusCode).toBe(503);
    expect(JSON.parse(await new Response(third as unknown as ReadableStream).text())).toMatchObject({
      code: 'api.unavailable',
    });
    const other = await streamFrom(base, orders[0]!.id, '127.0.0.3');
    expect(other.statusCode).toBe(200);

    // The first order now has 2 streams, its maximum: a fourth address is refused for it, not for another order.
    expect((await streamFrom(base, orders[0]!.id, '127.0.0.4')).statusCode).toBe(503);
    const elsewhere = await streamFrom(base, orders[1]!.id, '127.0.0.4');
    expect(elsewhere.statusCode).toBe(200);

    // A closed stream gives its place back.
    mine[0]!.destroy();
    await expect.poll(() => app.orderStreams.size).toBe(3);
    const again = await streamFrom(base, orders[0]!.id, '127.0.0.2');
    expect(again.statusCode).toBe(200);
    for (const answer of [mine[1]!, other, elsewhere, again]) answer.destroy();
    await expect.poll(() => app.orderStreams.size).toBe(0);
  });
});

describe('Redis away: the stream still opens and hears of this process own credits', () => {
  const { apps, bases } = useApps(1, { REDIS_URL: 'redis://127.0.0.1:1' });

  it('streams without Redis', async () => {
    const { id, code } = await order(apps[0]!, '8805678', 601);
    const stream = await openStream(bases[0]!, id);
    expect(await stream.next()).toEqual({ type: 'ready', id });
    await postWebhook(apps[0]!, sepayEvent(code, 5_000));
    expect(await stream.next()).toEqual({ type: 'changed', id });
    stream.close();
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.runIf(REDIS_URL)('two API processes sharing Redis', () => {
  const { apps, bases } = useApps(2, { REDIS_URL: REDIS_URL! });

  it('a webhook taken by one process reaches a stream held by the other', async () => {
    const { id, code, totalPrice } = await order(apps[0]!, '8805678', 601);
    const stream = await openStream(bases[1]!, id);
    expect(await stream.next()).toEqual({ type: 'ready', id });
    await postWebhook(apps[0]!, sepayEvent(code, 7_000));
    expect(await stream.next()).toEqual({ type: 'changed', id });
    expect(await transaction(apps[1]!, id)).toMatchObject({ accumulatedAmount: 7_000 });
    // Paid on one process, delivered by the worker of the other: the stream hears of both.
    await postWebhook(apps[1]!, sepayEvent(code, totalPrice - 7_000));
    expect(await stream.next()).toEqual({ type: 'changed', id });
    await apps[0]!.mailbox.runOnce();
    expect(await stream.next()).toEqual({ type: 'changed', id });
    expect((await transaction(apps[1]!, id)).delivery).toBe('delivered');
    stream.close();
  });
});
