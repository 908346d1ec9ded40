import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyGameCall } from '@carabala/contracts/game-signature';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay } from '../src/lib/repeat';
import { createMailboxWorker, type MailboxWorkerOptions } from '../src/modules/mailbox/worker';
import { enqueueMail } from '../src/modules/mailbox/repository';
import { embeddedGame, MAIL_TAKEN, remoteGame } from './game-backend';
import { bearer, queryRows, signIn, useTestApp } from './helpers';

const ctx = useTestApp();
const SECRET = 'game-mailbox-secret-for-tests';

interface Received {
  key: string | undefined;
  signatureOk: boolean;
  body: { id: string; userId: string; items: unknown[] };
}

/** A stand-in game server: checks the signature, answers with the next scripted status. */
let server: Server;
let url: string;
const received: Received[] = [];
const script: number[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      received.push({
        key: request.headers['idempotency-key'] as string | undefined,
        signatureOk: verifyGameCall(SECRET, request.headers, { method: 'POST', path: request.url!, body: raw }).ok,
        body: JSON.parse(raw),
      });
      response.statusCode = script.shift() ?? 200;
      response.end(MAIL_TAKEN);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mailbox`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function worker(overrides: Partial<MailboxWorkerOptions> = {}) {
  return createMailboxWorker({
    db: ctx.database.db,
    log: silent,
    game: remoteGame(url, SECRET),
    batchSize: 50,
    pollMs: 50,
    maxAttempts: 3,
    backoffBaseMs: 1,
    backoffMaxMs: 5,
    leaseSeconds: 30,
    events: ctx.app.events,
    ...overrides,
  });
}

async function newMail(sourceId: string) {
  const [player] = await rows<{ id: string }>(sql`select id from users where short_id = '8801234'`);
  return ctx.database.db.transaction((tx) =>
    enqueueMail(tx, {
      receiverId: player!.id,
      receiverShortId: '8801234',
      title: 'Quà nạp',
      items: [{ itemId: 'diamond', quantity: 120 }],
      source: 'test',
      sourceId,
    }),
  );
}

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

async function mail(id: string) {
  const [row] = await rows<{ status: string; attempts: number; last_error: string | null }>(
    sql`select status, attempts, last_error from mails where id = ${id}`,
  );
  return row!;
}

const makeDue = (id: string) => ctx.database.db.execute(sql`update mails set next_attempt_at = now() where id = ${id}`);

describe('mailbox worker', () => {
  it('sends a signed mail with the mail id as idempotency key, and records the delivery', async () => {
    const id = await newMail('signed');
    expect(await worker().runOnce()).toBe(1);
    const request = received.find((entry) => entry.key === id);
    expect(request).toMatchObject({ signatureOk: true, body: { id, userId: '8801234' } });
    expect(await mail(id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await worker().runOnce()).toBe(0);
  });

  it('retries a failed send later, with the same key, then delivers', async () => {
    const id = await newMail('retry');
    script.push(503);
    await worker().runOnce();
    expect(await mail(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'game server answered 503' });
    await makeDue(id);
    await worker().runOnce();
    expect(await mail(id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(received.filter((entry) => entry.key === id)).toHaveLength(2);
  });

  it('gives up after the maximum attempts and leaves the mail dead for staff', async () => {
    const id = await newMail('dead');
    const failing = worker({ game: remoteGame('http://127.0.0.1:1/unreachable', SECRET) });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await makeDue(id);
      await failing.runOnce();
    }
    expect(await mail(id)).toMatchObject({ status: 'dead', attempts: 3 });
    await makeDue(id);
    expect(await failing.runOnce()).toBe(0);
  });

  it('gives up on a game server that does not answer within the timeout, and records it as a failure', async () => {
    const id = await newMail('hangs');
    const silentGame = createServer(() => undefined);
    await new Promise<void>((resolve) => silentGame.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silentGame.address() as AddressInfo).port;
      const started = Date.now();
      await worker({ game: remoteGame(`http://127.0.0.1:${port}/mailbox`, SECRET, { timeoutMs: 300 }) }).runOnce();
      expect(Date.now() - started).toBeLessThan(2000);
      const row = await mail(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/abort/i);
      await ctx.database.db.execute(sql`update mails set status = 'dead' where id = ${id}`);
    } finally {
      silentGame.closeAllConnections();
      await new Promise((resolve) => silentGame.close(resolve));
    }
  });

  it('sends a batch over kept connections and records every acknowledged mail of it, not the refused one', async () => {
    const ids = [];
    for (let index = 0; index < 5; index += 1) ids.push(await newMail(`batch-${index}`));
    script.push(200, 200, 500);
    expect(await worker().runOnce()).toBe(5);
    const statuses = await Promise.all(ids.map(async (id) => (await mail(id)).status));
    expect(statuses.filter((status) => status === 'delivered')).toHaveLength(4);
    expect(statuses.filter((status) => status === 'pending')).toHaveLength(1);
  });

  it('records deliveries itself when no game server is configured', async () => {
    const id = await newMail('embedded');
    const before = received.length;
    await worker({ game: embeddedGame(ctx.database.db) }).runOnce();
    expect(await mail(id)).toMatchObject({ status: 'delivered' });
    expect(received.length).toBe(before);
  });

  it('runs in the background once started, until stopped', async () => {
    const background = worker();
    background.start();
    const id = await newMail('background');
    for (let i = 0; i < 100 && (await mail(id)).status !== 'delivered'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await background.stop();
    expect((await mail(id)).status).toBe('delivered');
  });

  it('backs off exponentially, capped', () => {
    expect(backoffDelay(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffDelay(4, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffDelay(4, 1000, 60_000, () => 0)).toBe(4000);
    expect(backoffDelay(40, 1000, 60_000, () => 1)).toBe(60_000);
  });
});

describe('dead mails for staff', () => {
  it('are listed, and sent again when staff retry them', async () => {
    const id = await newMail('staff-retry');
    await ctx.database.db.execute(sql`update mails set status = 'dead', attempts = 3 where id = ${id}`);
    const player = await signIn(ctx.app, 'player1', 'player123');
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const list = (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/internal/mails/find-many', headers: bearer(token), payload: {} });
    expect((await list(player)).statusCode).toBe(403);
    const dead = (await list(admin)).json().data.items;
    expect(dead.map((mail: { id: string }) => mail.id)).toContain(id);

    const retry = () =>
      ctx.app.inject({ method: 'POST', url: `/api/internal/mails/${id}/retry`, headers: bearer(admin) });
    expect((await retry()).json().data).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await retry()).statusCode).toBe(404);
    await worker().runOnce();
    expect(await mail(id)).toMatchObject({ status: 'delivered', attempts: 1 });
    const audit = await rows(sql`select id from audit_log where action = 'mail.retry' and target_id = ${id}`);
    expect(audit).toHaveLength(1);
  });
});
