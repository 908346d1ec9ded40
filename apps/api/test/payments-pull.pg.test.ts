import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, TEST_SEPAY_API_KEY, useTestApp } from './helpers';
import { startSepayApiStandIn } from './stand-ins/sepay-api';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';

// Real connections and a real process to kill: PostgreSQL only.
const TOKEN = 'sepay-api-token-for-pg-tests';
const ACCOUNT = '0123456789';
const apiDir = fileURLToPath(new URL('..', import.meta.url));
const sepay = await startSepayApiStandIn({ token: TOKEN });
const ctx = useTestApp({ SEPAY_API_TOKEN: TOKEN, SEPAY_API_URL: sepay.url });
let child: ChildProcess | null = null;
afterAll(async () => {
  child?.kill('SIGKILL');
  await sepay.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx, query);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the bank-feed pull on PostgreSQL', () => {
  it('credits a transfer once when the pull and the webhook bring it at the same moment', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { id, code } = await order(ctx.app, '8801234', 603);
      const reference = `FTSAME${round}`;
      sepay.addTransfer({ account: ACCOUNT, amount: 50_000, content: `MBVCB.${round}.${code}`, reference });
      const [, answer] = await Promise.all([
        ctx.app.bankFeed.runOnce(),
        postWebhook(ctx.app, sepayEvent(code, 50_000, { referenceCode: reference })),
      ]);
      expect(answer.statusCode).toBe(200);
      expect(await transaction(ctx.app, id)).toMatchObject({ accumulatedAmount: 50_000 });
      const events = await rows(sql`select id from bank_events where reference_code = ${reference}`);
      expect(events).toHaveLength(1);
    }
  });

  it('loses and duplicates nothing when the worker is SIGKILLed in the middle of a pull', async () => {
    const paid = [];
    for (let index = 0; index < 20; index += 1) paid.push(await order(ctx.app, '8805678', 601));
    const references: string[] = [];
    for (let index = 0; index < 260; index += 1) {
      const target = paid[index % 13 === 0 ? index / 13 : -1];
      const reference = `FTKILL${index}`;
      references.push(reference);
      sepay.addTransfer({
        account: ACCOUNT,
        amount: target ? target.totalPrice : 1000,
        content: target ? `MBVCB.${index}.${target.code}` : 'chuyen tien',
        reference,
      });
    }
    // Each page takes a while, so the kill lands between pages or in the middle of one.
    sepay.state.delayMs = 400;
    const before = sepay.state.requests;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATABASE_URL: ctx.url,
        // The database holds the demo accounts: outside demo mode the API refuses to start on it.
        DEMO_MODE: 'true',
        SEPAY_API_KEY: TEST_SEPAY_API_KEY,
        SEPAY_API_TOKEN: TOKEN,
        SEPAY_API_URL: sepay.url,
        SEPAY_PULL_MINUTES: '60',
      },
    });
    const deadline = Date.now() + 30_000;
    while (sepay.state.requests < before + 2 && Date.now() < deadline) await sleep(50);
    await sleep(150);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = null;
    const stored = await rows<{ n: number }>(
      sql`select count(*)::int as n from bank_events where reference_code like 'FTKILL%'`,
    );
    expect(stored[0]!.n).toBeGreaterThan(0);
    expect(stored[0]!.n).toBeLessThan(260);

    // The killed run's lease is left behind; once it runs out, the next run carries on.
    await ctx.database.db.execute(sql`update bank_feed_state set lease_until = now() - interval '1 second'`);
    sepay.state.delayMs = 0;
    const result = await ctx.app.bankFeed.runOnce();
    expect(result).toMatchObject({ ran: true, error: null });

    const events = await rows<{ reference_code: string; n: number }>(
      sql`select reference_code, count(*)::int as n from bank_events where reference_code like 'FTKILL%'
        group by reference_code`,
    );
    expect(events).toHaveLength(260);
    expect(events.every((event) => event.n === 1)).toBe(true);
    for (const { id, totalPrice } of paid) {
      expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', accumulatedAmount: totalPrice });
    }
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from mails where source_id = any(${`{${paid.map((o) => o.id).join(',')}}`}::text[])`,
    );
    expect(mails[0]!.n).toBe(20);
  }, 90_000);
});
