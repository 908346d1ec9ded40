import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { createBackground } from '../src/background';
import { bearer, signIn, useTestApp } from './helpers';
import { startSepayApiStandIn } from './stand-ins/sepay-api';
import { order, postWebhook, sepayEvent } from './store-helpers';

// Each alert rule starting and ending on PostgreSQL, from the real signals: orders, bank events, mails,
// the pull, the worker's heartbeat and the answers counted by the API processes. Time passing is the
// rows' timestamps moved back.
const sepay = await startSepayApiStandIn({ token: 'sepay-token-for-alert-rules' });
const ctx = useTestApp({
  SEPAY_API_TOKEN: 'sepay-token-for-alert-rules',
  SEPAY_API_URL: sepay.url,
  ALERT_FEED_SILENT_MINUTES: '30',
  ALERT_MAIL_STUCK_MINUTES: '15',
  ALERT_MONEY_WAITING_HOURS: '24',
  ALERT_ERROR_PERCENT: '5',
  ALERT_HEARTBEAT_MINUTES: '10',
});
afterAll(() => sepay.close());

const run = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

/** One evaluation: the rules that started and ended. */
async function evaluate() {
  const { started, ended } = await ctx.app.services.alerts.evaluate();
  return { started: [...started].sort(), ended: [...ended].sort() };
}

/** The sentence the rule's last alert carried. */
async function lastDetail(rule: string) {
  const rows = rowsOf<{ detail: string }>(
    await run(sql`SELECT detail FROM alert_events WHERE rule = ${rule} ORDER BY at DESC LIMIT 1`),
  );
  return rows[0]?.detail;
}

const waitFor = async (what: string, check: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

beforeAll(async () => {
  // The demo data leaves an order waiting without a payment window and money held for review: the
  // shop starts here with nothing waiting.
  await run(sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE status = 'initial'`);
  await run(sql`UPDATE bank_events SET reviewed_at = now() WHERE match <> 'credited'`);
});

describe('the alert rules', () => {
  it('worker or pull not running: no heartbeat, no successful pull; both end when they run again', async () => {
    // Nothing has run yet: no heartbeat, no pull.
    expect(await evaluate()).toEqual({ started: ['pull_silent', 'worker_silent'], ended: [] });
    expect(await lastDetail('worker_silent')).toBe('Worker gửi thư chưa từng báo còn chạy.');

    ctx.app.mailbox.start();
    await waitFor("the mailbox worker's first round", () => ctx.app.mailbox.lastRoundAt() !== null);
    await ctx.app.mailbox.stop();
    await ctx.app.services.alerts.beatWorker();
    expect((await ctx.app.bankFeed.runOnce()).error).toBeNull();
    expect(await evaluate()).toEqual({ started: [], ended: ['pull_silent', 'worker_silent'] });
    expect(await lastDetail('pull_silent')).toMatch(/^Lần đối soát thành công gần nhất cách đây \d+ giây\./);

    await run(sql`UPDATE heartbeats SET beat_at = now() - interval '11 minutes'`);
    await run(sql`UPDATE bank_feed_state SET last_succeeded_at = now() - interval '11 minutes'`);
    expect(await evaluate()).toEqual({ started: ['pull_silent', 'worker_silent'], ended: [] });
    expect(await lastDetail('worker_silent')).toBe('Worker gửi thư báo còn chạy cách đây 11 phút.');
    // A beat writes the worker's last round, which is newer than the beat moved back.
    await ctx.app.services.alerts.beatWorker();
    expect((await ctx.app.bankFeed.runOnce()).error).toBeNull();
    expect(await evaluate()).toEqual({ started: [], ended: ['pull_silent', 'worker_silent'] });
  });

  it('bank feed silent: no bank event for N minutes while orders wait; ends with a bank event or no order waiting', async () => {
    const waiting = await order(ctx.app, '8801234', 603);
    expect(await evaluate()).toEqual({ started: [], ended: [] });
    await run(sql`UPDATE bank_events SET received_at = received_at - interval '31 minutes'`);
    expect(await evaluate()).toEqual({ started: ['bank_feed_silent'], ended: [] });
    expect(await lastDetail('bank_feed_silent')).toBe(
      '1 đơn đang chờ thanh toán; giao dịch ngân hàng gần nhất cách đây 31 phút.',
    );

    // A transfer nobody ordered still shows the feed is alive.
    expect((await postWebhook(ctx.app, sepayEvent('CRBZZZZZZZ', 12_345))).statusCode).toBe(200);
    expect(await evaluate()).toEqual({ started: [], ended: ['bank_feed_silent'] });

    await run(sql`UPDATE bank_events SET received_at = received_at - interval '31 minutes'`);
    expect(await evaluate()).toEqual({ started: ['bank_feed_silent'], ended: [] });
    expect((await postWebhook(ctx.app, sepayEvent(waiting.code, waiting.totalPrice))).statusCode).toBe(200);
    expect(await evaluate()).toEqual({ started: [], ended: ['bank_feed_silent'] });
    expect(await lastDetail('bank_feed_silent')).toMatch(
      /^Không có đơn nào chờ thanh toán; giao dịch ngân hàng gần nhất cách đây \d+ giây\. Cảnh báo kéo dài \d+ giây\.$/,
    );

    // Silent, but no order waits: no alert.
    await run(sql`UPDATE bank_events SET received_at = received_at - interval '2 hours'`);
    expect(await evaluate()).toEqual({ started: [], ended: [] });
  });

  it('mails stuck: a mail undelivered for N minutes, or failing three times; ends once delivered', async () => {
    // The order paid above wrote a mail; the worker is stopped, so it waits.
    await run(sql`UPDATE mails SET created_at = now() - interval '16 minutes'`);
    expect(await evaluate()).toEqual({ started: ['mail_stuck'], ended: [] });
    expect(await lastDetail('mail_stuck')).toBe('1 thư đang chờ gửi; 0 thư gửi thất bại; thư lâu nhất đã chờ 16 phút.');
    expect(await ctx.app.mailbox.runOnce()).toBe(1);
    expect(await evaluate()).toEqual({ started: [], ended: ['mail_stuck'] });
    expect(await lastDetail('mail_stuck')).toMatch(/^Mọi thư đã được giao tới game\./);

    const fresh = await order(ctx.app, '8801234', 603);
    expect((await postWebhook(ctx.app, sepayEvent(fresh.code, fresh.totalPrice))).statusCode).toBe(200);
    expect(await evaluate()).toEqual({ started: [], ended: [] });
    await run(sql`UPDATE mails SET attempts = 3, last_error = 'game server answered 503' WHERE status = 'pending'`);
    expect(await evaluate()).toEqual({ started: ['mail_stuck'], ended: [] });
    expect(await lastDetail('mail_stuck')).toMatch(/; 1 thư lỗi từ 3 lần trở lên\.$/);
    expect(await ctx.app.mailbox.runOnce()).toBe(1);
    expect(await evaluate()).toEqual({ started: [], ended: ['mail_stuck'] });
  });

  it('money waiting: bank money held for review over N hours; ends once staff handled it', async () => {
    // The unordered transfer above is held for review ("unmatched").
    await run(sql`UPDATE bank_events SET received_at = now() - interval '23 hours' WHERE match = 'unmatched'`);
    expect(await evaluate()).toEqual({ started: [], ended: [] });
    await run(sql`UPDATE bank_events SET received_at = now() - interval '25 hours' WHERE match = 'unmatched'`);
    expect(await evaluate()).toEqual({ started: ['money_waiting'], ended: [] });
    expect(await lastDetail('money_waiting')).toBe(
      '1 khoản tiền chờ nhân viên xử lý; khoản lâu nhất đã chờ 1 ngày 1 giờ.',
    );
    await run(sql`UPDATE bank_events SET reviewed_at = now() WHERE match = 'unmatched'`);
    expect(await evaluate()).toEqual({ started: [], ended: ['money_waiting'] });
  });

  it('errors: over N% of the answers of every API process are 5xx in 5 minutes (from 20 answers); ends as they age', async () => {
    // A second API process's counts go to the same rows.
    const other = { answers: 0, serverErrors: 0 };
    const second = createBackground({
      db: ctx.database.db,
      config: ctx.config,
      log: ctx.app.log,
      events: ctx.app.events,
      runsBackground: false,
      answerTotals: other,
    }).alerts;
    const flush = () => Promise.all([ctx.app.services.alerts.flushActivity(), second.flushActivity()]);
    await flush();
    await run(sql`DELETE FROM activity_counts`);

    // Under 20 answers the share says nothing: 3 errors of 3 answers.
    Object.assign(other, { answers: 3, serverErrors: 3 });
    await flush();
    expect(await evaluate()).toEqual({ started: [], ended: [] });

    // Real answers of this process (GET /api/health: 200), counted by the metrics plugin…
    for (let index = 0; index < 17; index += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    // …and 5xx answers of the other process: 3 + 2 of 22 answers, 22.7 %.
    Object.assign(other, { answers: 5, serverErrors: 5 });
    await flush();
    expect(await evaluate()).toEqual({ started: ['server_errors'], ended: [] });
    expect(await lastDetail('server_errors')).toBe('5 lỗi 5xx trên 22 câu trả lời trong 5 phút qua (22,7%).');

    await run(sql`UPDATE activity_counts SET minute = minute - interval '5 minutes'`);
    expect(await evaluate()).toEqual({ started: [], ended: ['server_errors'] });
  });

  it('shows every rule, the recent alerts and the probes on the health board; for the staff it names', async () => {
    const support = await signIn(ctx.app, 'support1', 'staff123');
    const board = await ctx.app.inject({ method: 'GET', url: '/api/internal/health-board', headers: bearer(support) });
    expect(board.statusCode).toBe(200);
    const data = board.json().data;
    expect(data.rules.map((rule: { rule: string }) => rule.rule)).toEqual([
      'bank_feed_silent',
      'webhook_refused',
      'mail_stuck',
      'money_waiting',
      'server_errors',
      'worker_silent',
      'pull_silent',
    ]);
    expect(data.rules.every((rule: { firing: boolean; enabled: boolean }) => !rule.firing && rule.enabled)).toBe(true);
    expect(data.rules.find((rule: { rule: string }) => rule.rule === 'money_waiting')).toMatchObject({
      link: '/admin/bank-payments',
      threshold: 'Cảnh báo khi một khoản tiền chờ xử lý quá 1 ngày.',
      detail: 'Không có khoản tiền nào chờ xử lý.',
    });
    expect(data.history[0]).toMatchObject({ rule: 'server_errors', kind: 'ended', sendError: null });
    // No channel configured: an alert counts as sent as soon as it is written.
    expect(data.history.every((event: { sentAt: string | null }) => event.sentAt === null)).toBe(true);
    await ctx.app.services.alerts.sendPending(await ctx.app.services.alerts.readSignals());
    const sent = (
      await ctx.app.inject({ method: 'GET', url: '/api/internal/health-board', headers: bearer(support) })
    ).json().data;
    expect(sent.history.every((event: { sentAt: string | null }) => event.sentAt !== null)).toBe(true);
    expect(sent.channels).toEqual([]);
    expect(sent.database).toMatchObject({ state: 'ok' });
    expect(sent.redis).toEqual({ state: 'off', latencyMs: null });
    expect(sent.pull).toMatchObject({ enabled: true, everyMinutes: 5, lastError: null });
    expect(sent.mailbox).toEqual({ pending: 0, dead: 0, failing: 0, oldestUndeliveredAt: null });

    const content = await signIn(ctx.app, 'content1', 'staff123');
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/internal/health-board',
      headers: bearer(content),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'api.forbidden']);
  });
});
