import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { verifyGameCall } from '@carabala/contracts/game-signature';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { seedDemoData } from '../src/db/seed';
import { MAIL_TAKEN } from './game-backend';
import { createTestDatabase, TEST_SEPAY_API_KEY, testConfig } from './helpers';
import { order, sepayEvent, webhookHeaders } from './store-helpers';

const ORDERS = 200;
const SECRET = 'crash-test-mailbox-secret';
const apiDir = fileURLToPath(new URL('..', import.meta.url));

let database: Database;
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let orderApp: FastifyInstance;
let game: Server;
let gameUrl: string;
/** What the stand-in game server applied: by idempotency key, and by the order it pays for. */
const appliedByKey = new Set<string>();
const appliedBySource = new Map<string, number>();
let badSignatures = 0;
let child: ChildProcess | null = null;

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  databaseUrl = created.url!;
  dropDatabase = created.drop;
  await seedDemoData(database.db, testConfig().JWT_SECRET);
  orderApp = await buildApp({ config: testConfig(), database, ownsDatabase: false });

  // A game server that fails about a third of the requests: some before applying the mail,
  // some after (the answer is lost), which is what an idempotency key is for.
  game = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      if (!verifyGameCall(SECRET, request.headers, { method: 'POST', path: request.url!, body: raw }).ok) {
        badSignatures += 1;
        response.statusCode = 401;
        return response.end();
      }
      // Only mails are counted here: the API's other calls (its copy of the items) are not this test's.
      if (!request.url!.endsWith('/mails')) {
        response.statusCode = 404;
        return response.end();
      }
      const roll = Math.random();
      if (roll < 0.2) {
        response.statusCode = 503;
        return response.end();
      }
      const key = String(request.headers['idempotency-key']);
      if (!appliedByKey.has(key)) {
        appliedByKey.add(key);
        const { sourceId } = JSON.parse(raw) as { sourceId: string };
        appliedBySource.set(sourceId, (appliedBySource.get(sourceId) ?? 0) + 1);
      }
      response.statusCode = roll < 0.3 ? 500 : 200;
      response.end(roll < 0.3 ? '' : MAIL_TAKEN);
    });
  });
  await new Promise<void>((resolve) => game.listen(0, '127.0.0.1', resolve));
  gameUrl = `http://127.0.0.1:${(game.address() as AddressInfo).port}/mailbox`;
}, 60_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await orderApp?.close();
  await new Promise((resolve) => game?.close(resolve));
  await dropDatabase?.();
});

function startApi(port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      // The database holds the demo accounts: outside demo mode the API refuses to start on it.
      DEMO_MODE: 'true',
      SEPAY_API_KEY: TEST_SEPAY_API_KEY,
      RATE_LIMIT_PER_MINUTE: '1000000',
      GAME_API_URL: gameUrl,
      GAME_API_SECRET: SECRET,
      // A third of the calls fail on purpose: the breaker would stop the sends for its cool-downs.
      GAME_BREAKER_FAILURES: '1000',
      MAILBOX_POLL_MS: '50',
      MAILBOX_BATCH_SIZE: '10',
      MAILBOX_LEASE_SECONDS: '2',
      MAILBOX_TIMEOUT_MS: '1000',
      MAILBOX_BACKOFF_BASE_MS: '50',
      MAILBOX_BACKOFF_MAX_MS: '400',
      MAILBOX_MAX_ATTEMPTS: '1000',
    },
  });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('delivers every paid order exactly once while the API is killed again and again', async () => {
  const orders = [];
  for (let i = 0; i < ORDERS; i += 1) orders.push(await order(orderApp, i % 2 ? '8801234' : '8805678', 601));

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = startApi(port);

  // The bank feed pays every order through the killed-and-restarted API, retrying as SePay does.
  const pay = async (code: string) => {
    const body = JSON.stringify(sepayEvent(code, 49_000));
    for (;;) {
      try {
        const response = await fetch(`${base}/api/webhooks/sepay`, {
          method: 'POST',
          headers: { ...webhookHeaders, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(3000),
        });
        if (response.ok) return;
      } catch {
        // The API is down: retry.
      }
      await sleep(100);
    }
  };
  const paying = (async () => {
    for (let i = 0; i < orders.length; i += 20) await Promise.all(orders.slice(i, i + 20).map((o) => pay(o.code)));
  })();

  let kills = 0;
  for (; kills < 5; kills += 1) {
    await sleep(2500 + Math.random() * 1000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = startApi(port);
  }
  await paying;

  const deadline = Date.now() + 30_000;
  const ids = `{${orders.map((o) => o.id).join(',')}}`;
  let delivered = 0;
  while (Date.now() < deadline) {
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from mails where source_id = any(${ids}::text[]) and status = 'delivered'`,
    );
    delivered = row!.n;
    if (delivered === ORDERS) break;
    await sleep(250);
  }
  child.kill('SIGKILL');

  expect(kills).toBe(5);
  expect(delivered).toBe(ORDERS);
  const paid = await rows<{ n: number }>(
    sql`select count(*)::int as n from orders where id = any(${ids}::uuid[]) and status = 'done'`,
  );
  expect(paid[0]!.n).toBe(ORDERS);
  // Only these orders' mails, and nothing else was sent: one mail per order.
  const mails = await rows<{ id: string; source_id: string }>(
    sql`select id, source_id from mails where status <> 'delivered' or source_id = any(${ids}::text[])`,
  );
  expect(mails).toHaveLength(ORDERS);
  expect(badSignatures).toBe(0);
  for (const { id, source_id: orderId } of mails) {
    expect(appliedByKey.has(id)).toBe(true);
    expect(appliedBySource.get(orderId)).toBe(1);
  }
  expect(new Set(orders.map((o) => o.id))).toEqual(new Set(mails.map((mail) => mail.source_id)));
  expect(appliedByKey.size).toBe(ORDERS);
}, 240_000);
