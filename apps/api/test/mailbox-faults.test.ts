import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { enqueueMail } from '../src/modules/mailbox/repository';
import { createMailboxWorker, type MailboxWorkerOptions } from '../src/modules/mailbox/worker';
import { MAIL_TAKEN, remoteGame } from './game-backend';
import { useTestApp } from './helpers';

/**
 * The worker across faults (decision 025): an acknowledgement is recorded through a database blip
 * (the recording is retried, never the send), and once the game answers again the mails waiting for
 * their back-off go at once, a batch at a time.
 */
const ctx = useTestApp();
const SECRET = 'game-mailbox-secret-for-tests';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A stand-in game: counts posts by idempotency key, answers with `status()`, after `delayMs`. */
let server: Server;
let url: string;
const posts = new Map<string, number>();
let inFlight = 0;
let mostInFlight = 0;
let onPost: () => Promise<void> = async () => undefined;
let status = () => 200;
const delayMs = 20;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const key = String(request.headers['idempotency-key']);
      posts.set(key, (posts.get(key) ?? 0) + 1);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      void onPost().then(() =>
        setTimeout(() => {
          inFlight -= 1;
          response.statusCode = status();
          response.end(MAIL_TAKEN);
        }, delayMs),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mailbox`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const worker = (overrides: Partial<MailboxWorkerOptions> = {}) =>
  createMailboxWorker({
    db: ctx.database.db,
    log: silent,
    game: remoteGame(url, SECRET),
    batchSize: 50,
    pollMs: 50,
    maxAttempts: 10,
    backoffBaseMs: 1,
    backoffMaxMs: 5,
    leaseSeconds: 30,
    events: ctx.app.events,
    ...overrides,
  });

let made = 0;
async function newMails(count: number): Promise<string[]> {
  const [player] = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`select id from users where short_id = '8801234'`),
  );
  return ctx.database.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.push(
        await enqueueMail(tx, {
          receiverId: player!.id,
          receiverShortId: '8801234',
          title: 'Quà nạp',
          items: [{ itemId: 'diamond', quantity: 120 }],
          source: 'fault-test',
          sourceId: `fault-${made++}`,
        }),
      );
    }
    return ids;
  });
}

const statuses = async (ids: string[]) => {
  const result = await ctx.database.db.execute(sql`select id, status from mails where source = 'fault-test'`);
  const byId = new Map(rowsOf<{ id: string; status: string }>(result).map((row) => [row.id, row.status]));
  return ids.map((id) => byId.get(id));
};
const postsOf = (ids: string[]) => ids.map((id) => posts.get(id) ?? 0);
const run = async (...statements: ReturnType<typeof sql>[]) => {
  for (const statement of statements) await ctx.database.db.execute(statement);
};
const makeAllDue = () =>
  ctx.database.db.execute(sql`update mails set next_attempt_at = now() where status = 'pending'`);

describe('mailbox worker across faults', () => {
  it('records what the game acknowledged through a database blip, posting each mail exactly once', async () => {
    // The blip: for 600 ms from the game's first answer, the database refuses to record a delivery
    // with the error PostgreSQL gives while it shuts down.
    await run(
      sql`CREATE TABLE recording_fault (until timestamptz NOT NULL)`,
      sql`INSERT INTO recording_fault VALUES ('-infinity')`,
      sql`CREATE FUNCTION refuse_recording() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'delivered' AND (SELECT until FROM recording_fault) > clock_timestamp() THEN
          RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01';
        END IF;
        RETURN NEW;
      END $$`,
      sql`CREATE TRIGGER refuse_recording BEFORE UPDATE ON mails FOR EACH ROW EXECUTE FUNCTION refuse_recording()`,
    );
    let blipped = false;
    onPost = async () => {
      if (blipped) return;
      blipped = true;
      await ctx.database.db.execute(
        sql`update recording_fault set until = clock_timestamp() + interval '600 milliseconds'`,
      );
    };
    try {
      const ids = await newMails(5);
      const mailbox = worker();
      expect(await mailbox.runOnce()).toBe(5);
      expect(blipped).toBe(true);
      expect(await statuses(ids)).toEqual(ids.map(() => 'delivered'));
      await makeAllDue();
      expect(await mailbox.runOnce()).toBe(0);
      expect(postsOf(ids)).toEqual(ids.map(() => 1));
    } finally {
      onPost = async () => undefined;
      await run(
        sql`DROP TRIGGER refuse_recording ON mails`,
        sql`DROP FUNCTION refuse_recording()`,
        sql`DROP TABLE recording_fault`,
      );
    }
  });

  it('sends the mails waiting for back-off at once when the game answers again, a batch at a time', async () => {
    // Back-off of 10-20 s: without the drain, nothing would go again within the test's 2 s.
    const mailbox = worker({ batchSize: 4, backoffBaseMs: 20_000, backoffMaxMs: 20_000 });
    status = () => 503;
    const waiting = await newMails(10);
    while ((await mailbox.runOnce()) > 0);
    expect(postsOf(waiting)).toEqual(waiting.map(() => 1));
    expect(await statuses(waiting)).toEqual(waiting.map(() => 'pending'));

    status = () => 200;
    mostInFlight = 0;
    const started = performance.now();
    const [fresh] = await newMails(1);
    mailbox.start();
    try {
      await expect
        .poll(() => statuses([...waiting, fresh!]), { timeout: 2000, interval: 20 })
        .toEqual([...waiting, fresh].map(() => 'delivered'));
    } finally {
      await mailbox.stop();
    }
    expect(performance.now() - started).toBeLessThan(2000);
    // Each waiting mail went once more, the new one once; never more than a batch at a time.
    expect(postsOf(waiting)).toEqual(waiting.map(() => 2));
    expect(postsOf([fresh!])).toEqual([1]);
    expect(mostInFlight).toBeLessThanOrEqual(4);
  });
});
