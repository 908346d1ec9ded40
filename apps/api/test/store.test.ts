import { verifyVietQrCrc } from '../src/modules/payments/vietqr';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DEMO_SEPAY_API_KEY, loadConfig } from '../src/config';
import { bearer, signIn, testConfig, useTestApp } from './helpers';
import { buy, order, postWebhook, sepayEvent, transaction } from './store-helpers';

// Demo mode on: these tests use the demo transfer button.
const ctx = useTestApp({ DEMO_MODE: 'true' });

describe('POST /api/transactions/bank', () => {
  it('creates an unpaid order for a guest with an unguessable id, priced by the server', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/transactions/bank',
      payload: { shortId: 'ID: 8801234', productId: 601, totalPrice: 1 },
    });
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe('api.success');
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);

    const detail = await transaction(ctx.app, data.id);
    expect(detail).toMatchObject({
      productId: 601,
      productTitle: '120 Kim Cương',
      totalPrice: 49_000,
      accumulatedAmount: 0,
      status: 'initial',
      receiver: { shortId: '8801234', displayName: 'Nguyễn Minh Anh', avatar: '9001' },
      bank: { name: 'MB Bank', bin: '970422', accountNumber: '0123456789' },
      delivery: null,
      simulateAvailable: true,
    });
    expect(detail.code).toMatch(/^CRB[2-9A-HJ-NP-Z]{8}$/);
    expect(verifyVietQrCrc(detail.qr.payload)).toBe(true);
    expect(detail.qr.payload).toContain(`08${String(detail.code.length).padStart(2, '0')}${detail.code}`);
    expect(detail.qr.payload).toContain('540549000');
  });

  it('buys the option of a selectable pack, including the combined packs', async () => {
    const { id } = await order(ctx.app, '8805678', 4647);
    expect(await transaction(ctx.app, id)).toMatchObject({
      productTitle: 'Combo Trang Phục Biển Xanh + Thú Cưỡi Cá Heo',
      totalPrice: 299_000,
    });
  });

  it('gives the messages of the description for a missing or long User ID', async () => {
    const empty = await buy(ctx.app, '', 601);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'api.validation', errors: { shortId: ['Vui lòng nhập User ID.'] } });
    const long = await buy(ctx.app, '12345678901', 601);
    expect(long.json().errors.shortId).toEqual(['Vui lòng nhập trong khoảng 0-10 kí tự.']);
    const noProduct = await buy(ctx.app, '8801234', 0);
    expect(noProduct.json()).toMatchObject({ code: 'api.validation' });
  });

  it('refuses an unknown User ID and an unknown pack on the shortId field', async () => {
    const unknown = await buy(ctx.app, '9999999', 601);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'api.user.not_found',
      errors: { shortId: ['User ID không tồn tại.'] },
    });
    const product = await buy(ctx.app, '8801234', 12345);
    expect(product.json().code).toBe('api.transaction.product.not_found');
    expect(product.json().errors.shortId).toHaveLength(1);
  });
});

describe('GET /api/transactions/bank/:id', () => {
  it('answers api.error for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'or'1"]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/transactions/bank/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('api.error');
    }
  });
});

describe('POST /api/webhooks/sepay', () => {
  it('refuses a missing or wrong key', async () => {
    const body = sepayEvent('CRBAAAA2222', 1000);
    expect((await postWebhook(ctx.app, body, {} as never)).statusCode).toBe(401);
    expect((await postWebhook(ctx.app, body, { authorization: 'Apikey wrong-key-1234567' })).statusCode).toBe(401);
    expect((await postWebhook(ctx.app, body, { authorization: 'Bearer demo-sepay-key-change-me' })).statusCode).toBe(
      401,
    );
  });

  it('accumulates partial payments, then marks the order done and writes its mail once', async () => {
    const { id, code } = await order(ctx.app, '8801234', 603);
    const first = await postWebhook(ctx.app, sepayEvent(code, 29_000));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'initial', accumulatedAmount: 29_000 });

    const second = sepayEvent(code.toLowerCase(), 100_000);
    expect((await postWebhook(ctx.app, second)).statusCode).toBe(200);
    // SePay retries the same event: acknowledged, not credited again.
    expect((await postWebhook(ctx.app, second)).json()).toEqual({ success: true });
    const paid = await transaction(ctx.app, id);
    expect(paid).toMatchObject({ status: 'done', accumulatedAmount: 129_000, delivery: 'pending' });
    expect(paid.paidAt).not.toBeNull();

    expect(await ctx.app.mailbox.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await transaction(ctx.app, id)).delivery).toBe('delivered');
    const mails = await ctx.database.db.execute(sql`select items from mails where source_id = ${id}`);
    const rows = ((mails as { rows?: unknown[] }).rows ?? mails) as { items: unknown }[];
    expect(rows).toEqual([{ items: [{ itemId: 'diamond', quantity: 330 }] }]);
  });

  it('keeps overpaid, late, unmatched, outgoing and foreign-account money for staff review', async () => {
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const { id, code } = await order(ctx.app, '8805678', 601);
    await postWebhook(ctx.app, sepayEvent(code, 60_000));
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'done', accumulatedAmount: 60_000 });
    await postWebhook(ctx.app, sepayEvent(code, 5_000));
    expect((await transaction(ctx.app, id)).accumulatedAmount).toBe(65_000);
    await postWebhook(ctx.app, sepayEvent('CRBZZZZZZZZ', 7_000, { content: 'chuyen tien CRBZZZZZZZZ' }));
    await postWebhook(ctx.app, sepayEvent(code, 8_000, { transferType: 'out' }));
    await postWebhook(ctx.app, sepayEvent(code, 9_000, { accountNumber: '999' }));
    await postWebhook(ctx.app, sepayEvent(code, 10_000, { transferAmount: '' }));

    const review = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/bank-events/find-many',
      headers: bearer(admin),
      payload: {},
    });
    expect(review.statusCode).toBe(200);
    const matches = review.json().data.items.map((event: { match: string; amount: number }) => event.match);
    expect(matches).toEqual(expect.arrayContaining(['overpaid', 'late', 'unmatched', 'wrong_account', 'invalid']));
    expect(matches).not.toContain('outgoing');
    const unmatched = review.json().data.items.find((event: { match: string }) => event.match === 'unmatched');
    expect(unmatched.payload.content).toBe('chuyen tien CRBZZZZZZZZ');

    const resolved = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/bank-events/${unmatched.id}/resolve`,
      headers: bearer(admin),
      payload: { note: 'Đã hoàn tiền cho khách' },
    });
    expect(resolved.json().data.reviewNote).toBe('Đã hoàn tiền cho khách');
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/bank-events/${unmatched.id}/resolve`,
      headers: bearer(admin),
      payload: { note: 'lần hai' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers a body without an id with 400, not 500', async () => {
    const response = await postWebhook(ctx.app, { transferAmount: 1000 });
    expect(response.statusCode).toBe(400);
  });
});

describe('purchase limits', () => {
  it('sells a flash-sale pack once a day per receiving player', async () => {
    const { code } = await order(ctx.app, '8809012', 201);
    // An unpaid order does not use the limit.
    expect((await buy(ctx.app, '8809012', 201)).statusCode).toBe(200);
    await postWebhook(ctx.app, sepayEvent(code, 49_000));
    const limited = await buy(ctx.app, '8809012', 201);
    expect(limited.statusCode).toBe(400);
    expect(limited.json()).toMatchObject({
      code: 'api.transaction.product.limited',
      errors: {
        shortId: [expect.stringMatching(/^User ID 8809012 đã đạt giới hạn mua gói này; giới hạn được đặt lại/)],
      },
    });
    expect((await buy(ctx.app, '8809012', 202)).statusCode).toBe(200);
    expect((await buy(ctx.app, '8805678', 201)).statusCode).toBe(200);
  });

  it('sells a gold pack once a month, until an admin resets it', async () => {
    const { code } = await order(ctx.app, '8809012', 105);
    await postWebhook(ctx.app, sepayEvent(code, 249_000));
    expect((await buy(ctx.app, '8809012', 105)).json().code).toBe('api.transaction.product.limited');

    const player = await signIn(ctx.app, 'player1', 'player123');
    const forbidden = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/transactions/reset-gold-packages',
      headers: bearer(player),
      payload: {},
    });
    expect(forbidden.statusCode).toBe(403);

    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/transactions/reset-gold-packages',
      headers: bearer(admin),
      payload: { shortId: '8809012' },
    });
    expect(reset.json().data).toEqual({ released: 1 });
    expect((await buy(ctx.app, '8809012', 105)).statusCode).toBe(200);
  });
});

describe('order history', () => {
  const history = async (token: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/transactions/me', headers: bearer(token) });
    return response.json().data.items as { id: string; role: string; receiverShortId: string }[];
  };

  it('lists the orders a player bought, and those bought for them once paid, and only theirs', async () => {
    const buyer = await signIn(ctx.app, 'player2', 'player123');
    const receiver = await signIn(ctx.app, 'player1', 'player123');
    const created = await buy(ctx.app, '8801234', 602, bearer(buyer));
    const id = created.json().data.id;
    expect((await history(buyer)).find((item) => item.id === id)).toMatchObject({
      role: 'bought',
      receiverShortId: '8801234',
      receiverName: 'Nguyễn Minh Anh',
    });
    // Unpaid, it is not the receiver's yet: anyone can start an order for any User ID.
    expect((await history(receiver)).find((item) => item.id === id)).toBeUndefined();
    const { totalPrice, code } = await transaction(ctx.app, id);
    await postWebhook(ctx.app, sepayEvent(code, totalPrice));
    expect((await transaction(ctx.app, id)).status).toBe('done');
    expect((await history(receiver)).find((item) => item.id === id)?.role).toBe('received');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/transactions/me' })).statusCode).toBe(401);
  });

  it("keeps a guest's unpaid orders for a player out of that player's history", async () => {
    const player = await signIn(ctx.app, 'player1', 'player123');
    const before = (await history(player)).length;
    const unpaid = await Promise.all(
      [602, 603, 601].map(async (productId) => (await order(ctx.app, '8801234', productId)).id),
    );
    const after = await history(player);
    expect(after.filter((item) => unpaid.includes(item.id))).toEqual([]);
    expect(after).toHaveLength(before);
  });
});

describe('staff calls', () => {
  it('need staff, find by code, show events and delivery, mark once, audit', async () => {
    const { id, code } = await order(ctx.app, '8805678', 104);
    await postWebhook(ctx.app, sepayEvent(code, 100_000));
    const player = await signIn(ctx.app, 'player1', 'player123');
    const admin = await signIn(ctx.app, 'admin1', 'admin123');

    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/transactions/${id}/mark`,
      headers: bearer(player),
      payload: { note: 'x' },
    });
    expect(refused.statusCode).toBe(403);

    const found = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/transactions/find-many',
      headers: bearer(admin),
      payload: { code: code.toLowerCase(), status: 'initial' },
    });
    expect(found.json().data).toMatchObject({ total: 1, items: [{ id, accumulatedAmount: 100_000 }] });

    const noNote = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/transactions/${id}/mark`,
      headers: bearer(admin),
      payload: { note: ' ' },
    });
    expect(noNote.json().errors.note).toEqual(['Vui lòng nhập ghi chú.']);

    const marked = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/transactions/${id}/mark`,
      headers: bearer(admin),
      payload: { note: 'Khách chuyển thiếu 29.000đ, đã bù' },
    });
    expect(marked.json().data).toMatchObject({ status: 'done', paidBy: 'staff', delivery: 'pending' });
    const twice = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/transactions/${id}/mark`,
      headers: bearer(admin),
      payload: { note: 'lần hai' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('api.transaction.already_done');

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/internal/transactions/${id}`,
      headers: bearer(admin),
    });
    expect(detail.json().data.bankEvents).toHaveLength(1);
    expect(detail.json().data.mail).toMatchObject({
      status: 'pending',
      items: [
        { itemId: 'legend_hero_shard', quantity: 30 },
        { itemId: 'diamond', quantity: 200 },
      ],
    });

    const audit = await ctx.database.db.execute(
      sql`select action from audit_log where target_id = ${id} order by created_at`,
    );
    const actions = (((audit as { rows?: unknown[] }).rows ?? audit) as { action: string }[]).map((r) => r.action);
    expect(actions).toEqual(['transaction.mark_paid']);
  });

  it('lets only an admin grant a pack by hand, with a reason', async () => {
    const staffless = await signIn(ctx.app, 'player1', 'player123');
    const payload = { shortId: '8809012', productId: 4445, reason: 'Đền bù sự cố bảo trì' };
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/transactions/create-manual',
      headers: bearer(staffless),
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/transactions/create-manual',
      headers: bearer(admin),
      payload,
    });
    // Every grant waits for a second admin (decision record 030).
    expect(asked.statusCode).toBe(202);
    const second = await signIn(ctx.app, 'admin2', 'admin123');
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/internal/approvals/${asked.json().data.approvalId}/approve`,
      headers: bearer(second),
    });
    expect(approved.statusCode).toBe(200);
    const found = await ctx.database.db.execute(
      sql`select id from orders where kind = 'manual' and note = ${payload.reason}`,
    );
    const [order] = ((found as { rows?: unknown[] }).rows ?? found) as { id: string }[];
    const granted = await ctx.app.inject({
      method: 'GET',
      url: `/api/internal/transactions/${order!.id}`,
      headers: bearer(admin),
    });
    expect(granted.json().data).toMatchObject({
      kind: 'manual',
      status: 'done',
      paidBy: 'grant',
      note: 'Đền bù sự cố bảo trì',
      receiver: { shortId: '8809012' },
    });
  });
});

describe('demo transfer simulation', () => {
  it('sends a real authenticated webhook over HTTP to this API', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { id, totalPrice } = await order(ctx.app, '8801234', 602);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/transactions/bank/${id}/simulate-transfer`,
      payload: { amount: totalPrice - 1000 },
    });
    expect(response.json().data).toEqual({ success: true });
    expect(await transaction(ctx.app, id)).toMatchObject({ status: 'initial', accumulatedAmount: totalPrice - 1000 });
  });

  it('does not exist without demo mode, where the demo key opens nothing', async () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://u@h/db' };
    expect(() => loadConfig(production)).toThrow(/SEPAY_API_KEY/);
    expect(() => loadConfig({ ...production, SEPAY_API_KEY: 'a-real-sepay-key-123456', DEMO_MODE: 'true' })).toThrow(
      /DEMO_MODE/,
    );
    // The API's own default is off, and the documented demo key is refused without demo mode.
    const config = testConfig({ SEPAY_API_KEY: DEMO_SEPAY_API_KEY });
    expect(config.DEMO_MODE).toBe(false);
    const app = await buildApp({ config, database: ctx.database, ownsDatabase: false });
    const { code } = await order(ctx.app, '8801234', 602);
    const demoKeyed = await postWebhook(app, sepayEvent(code, 1000), {
      authorization: `Apikey ${DEMO_SEPAY_API_KEY}`,
    });
    expect(demoKeyed.statusCode).toBe(401);
    const { id } = await order(ctx.app, '8801234', 602);
    const response = await app.inject({
      method: 'POST',
      url: `/api/transactions/bank/${id}/simulate-transfer`,
      payload: { amount: 1000 },
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/transactions/bank/${id}` })).json().data.simulateAvailable,
    ).toBe(false);
    await app.close();
  });
});
