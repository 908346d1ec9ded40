import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queueEmail } from '../src/modules/email';
import { bearer, queryRows, signIn, useTestApp } from './helpers';
import { buy, order, postWebhook, sepayEvent } from './store-helpers';

// The demo mode shows an e-mail's content to staff (a verification link to follow without a mail server).
const ctx = useTestApp({ DEMO_MODE: 'true', MAIL_DIR: '/tmp/carabala-test-mail-unused' });

type EmailLine = { toAddress: string; kind: string; dedupeKey: string; params: Record<string, unknown> };
const emailsLike = (pattern: string) =>
  queryRows<EmailLine>(
    ctx,
    sql`select to_address as "toAddress", kind, dedupe_key as "dedupeKey", params from emails
      where dedupe_key like ${pattern} order by to_address`,
  );
const userId = async (username: string) =>
  (await queryRows<{ id: string }>(ctx, sql`select id from users where username = ${username}`))[0]!.id;

const findMany = (token: string, body: object = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/internal/emails/find-many', headers: bearer(token), payload: body });

describe('receipts of paid orders', () => {
  it('queues one receipt to the buyer of a paid order, with its code, pack, amount and time', async () => {
    const { id, code, totalPrice } = await order(ctx.app, '8801234', 605);
    expect(await emailsLike(`receipt:${id}:%`)).toHaveLength(0);
    await postWebhook(ctx.app, sepayEvent(code, totalPrice));
    const receipts = await emailsLike(`receipt:${id}:%`);
    expect(receipts).toEqual([
      expect.objectContaining({
        toAddress: 'player1@example.com',
        kind: 'receipt',
        dedupeKey: `receipt:${id}:${await userId('player1')}`,
        params: expect.objectContaining({ orderCode: code, amount: totalPrice, name: expect.any(String) }),
      }),
    ]);
    expect(receipts[0]!.params.receiver).toBeUndefined();
  });

  it('sends a gift a receipt to the buyer and one to the receiver, and none before payment', async () => {
    const buyer = await signIn(ctx.app, 'player1', 'player123');
    const created = await buy(ctx.app, '8805678', 605, bearer(buyer));
    expect(created.statusCode).toBe(200);
    const id: string = created.json().data.id;
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/transactions/bank/${id}` })).json().data;
    await postWebhook(ctx.app, sepayEvent(detail.code, detail.totalPrice - 1000));
    expect(await emailsLike(`receipt:${id}:%`)).toHaveLength(0);
    await postWebhook(ctx.app, sepayEvent(detail.code, 1000));
    const receipts = await emailsLike(`receipt:${id}:%`);
    expect(receipts.map((each) => each.toAddress)).toEqual(['player1@example.com', 'player2@example.com']);
    expect(receipts[0]!.params).toMatchObject({ receiver: { shortId: '8805678' } });
    expect(receipts[0]!.params.asReceiver).toBeUndefined();
    expect(receipts[1]!.params).toMatchObject({ asReceiver: true });
  });

  it('sends none to an unverified address', async () => {
    const { id, code, totalPrice } = await order(ctx.app, '8809012', 605);
    await postWebhook(ctx.app, sepayEvent(code, totalPrice));
    expect(await emailsLike(`receipt:${id}:%`)).toHaveLength(0);
  });

  it('queues by its sweep a receipt whose event was lost, and never twice', async () => {
    const { id, code, totalPrice } = await order(ctx.app, '8803456', 605);
    await postWebhook(ctx.app, sepayEvent(code, totalPrice));
    // As if the process had died between the payment's commit and the event.
    await ctx.database.db.execute(sql`delete from emails where dedupe_key like ${`receipt:${id}:%`}`);
    expect(await ctx.app.services.emails.receipts.sweep()).toBeGreaterThanOrEqual(1);
    expect(await emailsLike(`receipt:${id}:%`)).toHaveLength(1);
    await ctx.app.services.emails.receipts.sweep();
    await ctx.app.services.emails.receipts.forOrder(id);
    expect(await emailsLike(`receipt:${id}:%`)).toHaveLength(1);
  });
});

describe('the staff security notice', () => {
  it('queues a new-device e-mail when a staff account signs in from a device it never used', async () => {
    await signIn(ctx.app, 'support2', 'staff123');
    const before = await emailsLike('new_device:%');
    await signIn(ctx.app, 'support2', 'staff123', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    const after = await emailsLike('new_device:%');
    expect(after).toHaveLength(before.length + 1);
    const notice = after.find((each) => !before.some((old) => old.dedupeKey === each.dedupeKey))!;
    expect(notice).toMatchObject({ toAddress: 'support2@example.com', kind: 'new_device' });
    expect(notice.params).toMatchObject({ device: expect.stringContaining('Firefox') });
  });
});

describe('the console list of e-mails', () => {
  it('is read by support and admin, refused to finance and content', async () => {
    expect((await findMany(await signIn(ctx.app, 'support1', 'staff123'))).statusCode).toBe(200);
    expect((await findMany(await signIn(ctx.app, 'admin1', 'admin123'))).statusCode).toBe(200);
    expect((await findMany(await signIn(ctx.app, 'finance1', 'staff123'))).statusCode).toBe(403);
    expect((await findMany(await signIn(ctx.app, 'content1', 'staff123'))).statusCode).toBe(403);
  });

  it('finds by address ignoring case and diacritics, and filters by kind and state', async () => {
    const token = await signIn(ctx.app, 'admin1', 'admin123');
    const found = (await findMany(token, { search: 'PLÀYER2', kind: 'receipt', status: 'pending' })).json().data;
    expect(found.items.length).toBeGreaterThan(0);
    for (const item of found.items) {
      expect(item).toMatchObject({ toAddress: 'player2@example.com', kind: 'receipt', status: 'pending' });
      expect(item.subject).toMatch(/^Biên nhận đơn hàng /);
    }
    expect(found).toMatchObject({ contentShown: true, transport: 'folder' });
    const none = (await findMany(token, { search: 'player2', status: 'sent' })).json().data;
    expect(none.items).toEqual([]);
    const bad = await findMany(token, { kind: 'spam' });
    expect(bad.statusCode).toBe(400);
  });

  it("opens an e-mail's content in demo mode, and answers 404 for an unknown id", async () => {
    const token = await signIn(ctx.app, 'support1', 'staff123');
    const [first] = (await findMany(token, { kind: 'receipt' })).json().data.items;
    const content = await ctx.app.inject({
      method: 'GET',
      url: `/api/internal/emails/${first.id}/content`,
      headers: bearer(token),
    });
    expect(content.statusCode).toBe(200);
    expect(content.json().data.html).toContain('Biên nhận');
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/internal/emails/00000000-0000-4000-8000-000000000000/content',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Không tìm thấy thư điện tử này.');
  });
});

describe('sending a dead e-mail again', () => {
  it('puts it back as the same e-mail with fresh attempts, audited, for support; not twice, not for finance', async () => {
    const id = await queueEmail(ctx.database.db, {
      to: 'het.han@example.com',
      kind: 'password_reset',
      dedupeKey: 'test:dead:1',
      params: { name: 'Hết Hạn', link: 'https://carabala.test/dat-lai#abc', minutes: 30 },
    });
    await ctx.database.db.execute(
      sql`update emails set status = 'dead', attempts = 10, last_error = '451 Try again later' where id = ${id}`,
    );
    const retry = (token: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/internal/emails/${id}/retry`, headers: bearer(token) });
    expect((await retry(await signIn(ctx.app, 'finance1', 'staff123'))).statusCode).toBe(403);
    const support = await signIn(ctx.app, 'support1', 'staff123');
    const answer = await retry(support);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ id, status: 'pending', attempts: 0, lastError: null });
    const again = await retry(support);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Không tìm thấy thư điện tử lỗi cần gửi lại.');
    const audits = await queryRows<{ action: string; detail: { to: string; kind: string } }>(
      ctx,
      sql`select action, detail from audit_log where target_id = ${id}`,
    );
    expect(audits).toEqual([{ action: 'email.retry', detail: { to: 'het.han@example.com', kind: 'password_reset' } }]);
  });
});
