import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { bearer, signIn, testConfig, useTestApp } from './helpers';
import { startSepayApiStandIn } from './stand-ins/sepay-api';
import { order, postWebhook, sepayEvent, transaction } from './store-helpers';

const TOKEN = 'sepay-api-token-for-tests';
const sepay = await startSepayApiStandIn({ token: TOKEN });
const ctx = useTestApp({ SEPAY_API_TOKEN: TOKEN, SEPAY_API_URL: sepay.url });
afterAll(() => sepay.close());

const ACCOUNT = '0123456789';

async function runPull() {
  const staff = bearer(await signIn(ctx.app, 'admin1', 'admin123'));
  const response = await ctx.app.inject({ method: 'POST', url: '/api/internal/bank-feed/run', headers: staff });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function pulledEvents(reference: string) {
  const result = await ctx.database.db.execute(
    sql`select provider, match from bank_events where reference_code = ${reference}`,
  );
  return ((result as { rows?: unknown[] }).rows ?? result) as { provider: string; match: string }[];
}

describe('pulling the bank feed (SePay API v2 stand-in on 127.0.0.1)', () => {
  it('credits a transfer whose webhook never came, and says what it found', async () => {
    const { id, code, totalPrice } = await order(ctx.app, '8801234', 601);
    sepay.addTransfer({
      account: ACCOUNT,
      amount: totalPrice,
      content: `MBVCB.1.${code}.CT tu A`,
      reference: 'FTPULL1',
    });
    const status = await runPull();
    expect(status).toMatchObject({ enabled: true, running: false, lastSeen: 1, lastRecorded: 1, lastError: null });
    expect(status.lastFinishedAt).not.toBeNull();
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', accumulatedAmount: totalPrice });
    expect(await pulledEvents('FTPULL1')).toEqual([{ provider: 'sepay-api', match: 'credited' }]);
  });

  it('does not credit again a transfer the webhook already delivered', async () => {
    const { id, code } = await order(ctx.app, '8805678', 603);
    await postWebhook(ctx.app, sepayEvent(code, 60_000, { referenceCode: 'FTPULL2' }));
    sepay.addTransfer({ account: ACCOUNT, amount: 60_000, content: `${code}`, reference: 'FTPULL2' });
    const status = await runPull();
    expect(status).toMatchObject({ lastSeen: 1, lastRecorded: 0 });
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'initial', accumulatedAmount: 60_000 });
    expect(await pulledEvents('FTPULL2')).toEqual([{ provider: 'sepay', match: 'credited' }]);
  });

  it('waits out a 429, reads every page, and starts after the last transfer read next time', async () => {
    for (let index = 0; index < 150; index += 1) {
      sepay.addTransfer({
        account: ACCOUNT,
        amount: 1000 + index,
        content: 'chuyen tien',
        reference: `FTPAGE${index}`,
      });
    }
    sepay.state.limitNext = 1;
    const status = await runPull();
    expect(status).toMatchObject({ lastSeen: 150, lastRecorded: 150, lastError: null });
    expect(sepay.state.rateLimited).toBe(1);
    expect(await runPull()).toMatchObject({ lastSeen: 0, lastRecorded: 0 });
  });

  it('is off without a token: the console says so and cannot start it', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database, ownsDatabase: false });
    const staff = bearer(await signIn(app, 'admin1', 'admin123'));
    const status = await app.inject({ method: 'GET', url: '/api/internal/bank-feed', headers: staff });
    expect(status.json().data).toMatchObject({ enabled: false });
    expect((await app.inject({ method: 'POST', url: '/api/internal/bank-feed/run', headers: staff })).statusCode).toBe(
      409,
    );
    const player = bearer(await signIn(app, 'player1', 'player123'));
    expect((await app.inject({ method: 'POST', url: '/api/internal/bank-feed/run', headers: player })).statusCode).toBe(
      403,
    );
    await app.close();
  });
});
