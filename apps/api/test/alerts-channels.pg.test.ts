import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { createBackground } from '../src/background';
import { bearer, signIn, useTestApp } from './helpers';
import { startChatStandIns, type ChatChannel } from './stand-ins/chat';
import { postWebhook, sepayEvent } from './store-helpers';

// The alerts' channels against stand-ins that check the documented requests, an alert sent once while it
// lasts and once when it ends, also with two evaluators (two workers) at once. PostgreSQL: real
// concurrent transactions.
const TOKEN = '7000123456:AAtest-bot-token_0123';
const CHAT = '-1001234567890';
const SECRET = 'alert-webhook-secret-0123456789';
const METRICS_TOKEN = 'metrics-token-for-alert-tests';
const chat = await startChatStandIns({ telegramToken: TOKEN, chatId: CHAT, webhookSecret: SECRET });
const ctx = useTestApp({
  PUBLIC_WEB_URL: 'https://carabala.test',
  METRICS_TOKEN,
  ALERT_TELEGRAM_BOT_TOKEN: TOKEN,
  ALERT_TELEGRAM_CHAT_ID: CHAT,
  ALERT_TELEGRAM_API_URL: chat.telegramApiUrl,
  ALERT_SLACK_WEBHOOK_URL: chat.slackUrl,
  ALERT_DISCORD_WEBHOOK_URL: chat.discordUrl,
  ALERT_WEBHOOK_URL: chat.webhookUrl,
  ALERT_WEBHOOK_SECRET: SECRET,
  ALERT_WEBHOOK_REFUSED_COUNT: '2',
  ALERT_HEARTBEAT_MINUTES: '600',
});
afterAll(() => chat.close());

const channels: ChatChannel[] = ['telegram', 'slack', 'discord', 'webhook'];
const title = 'Webhook ngân hàng bị từ chối';
const started = (text: string) => text.startsWith(`🔴 Cảnh báo: ${title}`);
const ended = (text: string) => text.startsWith(`✅ Đã khôi phục: ${title}`);
const sent = (channel: ChatChannel, which: (text: string) => boolean) =>
  chat.messages.filter((message) => message.channel === channel && which(message.text)).length;

/** The second of two evaluators, as two workers would run them: built the same way as the app's. */
let second: ReturnType<typeof createBackground>['alerts'];

/** Both evaluators evaluate, then both send, each pair at the same moment. */
async function evaluateTwice() {
  const signals = await ctx.app.services.alerts.readSignals();
  await Promise.all([ctx.app.services.alerts.evaluate(), second.evaluate()]);
  await Promise.all([ctx.app.services.alerts.sendPending(signals), second.sendPending(signals)]);
}

/** N webhook calls with a wrong key (401), counted, and the count added to the shared rows. */
async function refuseWebhooks(count: number) {
  for (let index = 0; index < count; index += 1) {
    const answer = await postWebhook(ctx.app, sepayEvent('CRBNONE1', 1000), { authorization: 'Apikey wrong-key' });
    expect(answer.statusCode).toBe(401);
  }
  await ctx.app.services.alerts.flushActivity();
}

/** Time passes: the refusals counted so far leave the 5-minute window. */
const ageRefusals = () =>
  ctx.database.db.execute(sql`UPDATE activity_counts SET minute = minute - interval '10 minutes'`);

beforeAll(async () => {
  // The worker is alive (its heartbeat is fresh), so only the rule under test alerts.
  await ctx.database.db.execute(sql`INSERT INTO heartbeats (name, beat_at) VALUES ('mailbox-worker', now())`);
  second = createBackground({
    db: ctx.database.db,
    config: ctx.config,
    log: ctx.app.log,
    events: ctx.app.events,
    runsBackground: false,
  }).alerts;
});

describe('alerts to chat', () => {
  it('sends one alert to every channel in its documented shape when it starts, none while it lasts, one when it ends', async () => {
    await refuseWebhooks(3);
    await evaluateTwice();
    for (const channel of channels) expect([channel, sent(channel, started)]).toEqual([channel, 1]);
    expect(chat.refused).toEqual([]);

    const telegram = chat.messages.find((message) => message.channel === 'telegram')!;
    expect(telegram.body).toMatchObject({ chat_id: CHAT });
    expect(telegram.text).toContain('3 lần gọi webhook ngân hàng sai khóa trong 5 phút qua');
    expect(telegram.text).toContain('Xem: https://carabala.test/admin/health');
    expect(chat.messages.find((message) => message.channel === 'slack')!.body).toEqual({ text: telegram.text });
    expect(chat.messages.find((message) => message.channel === 'discord')!.body).toEqual({ content: telegram.text });
    const hook = chat.messages.find((message) => message.channel === 'webhook')!;
    expect(hook.body).toMatchObject({
      rule: 'webhook_refused',
      state: 'started',
      title,
      link: 'https://carabala.test/admin/health',
      text: telegram.text,
    });
    const expected = createHmac('sha256', SECRET).update(JSON.stringify(hook.body)).digest('hex');
    expect(hook.headers['x-signature']).toBe(`sha256=${expected}`);

    // Still refused, still one alert: evaluations while it lasts send nothing.
    await refuseWebhooks(2);
    for (let round = 0; round < 3; round += 1) await evaluateTwice();
    expect(chat.messages).toHaveLength(4);

    await ageRefusals();
    await evaluateTwice();
    for (const channel of channels) expect([channel, sent(channel, ended)]).toEqual([channel, 1]);
    const recovered = chat.messages.find((message) => message.channel === 'telegram' && ended(message.text))!;
    expect(recovered.text).toContain('Không có lần gọi webhook ngân hàng nào sai khóa');
    expect(recovered.text).toMatch(/Cảnh báo kéo dài \d+ giây\./);
    await evaluateTwice();
    expect(chat.messages).toHaveLength(8);
  });

  it('sends each start and end once over many rounds of two evaluators racing', async () => {
    chat.messages.length = 0;
    for (let round = 0; round < 6; round += 1) {
      await refuseWebhooks(3);
      await evaluateTwice();
      await ageRefusals();
      await evaluateTwice();
    }
    for (const channel of channels) {
      expect([channel, sent(channel, started), sent(channel, ended)]).toEqual([channel, 6, 6]);
    }
    const events = rowsOf<{ kind: string; count: number }>(
      await ctx.database.db.execute(
        sql`SELECT kind::text, count(*)::int FROM alert_events WHERE rule = 'webhook_refused' GROUP BY kind ORDER BY kind`,
      ),
    );
    expect(events).toEqual([
      { kind: 'ended', count: 7 },
      { kind: 'started', count: 7 },
    ]);
  });

  it('retries a channel that failed at the next evaluation, without sending the others twice; logs, never throws', async () => {
    chat.messages.length = 0;
    chat.failNext.telegram = 1;
    chat.failNext.discord = 1;
    await refuseWebhooks(3);
    // One evaluator sends here: the other could otherwise retry at once, before "the next evaluation".
    const alerts = ctx.app.services.alerts;
    await alerts.evaluate();
    await alerts.sendPending(await alerts.readSignals());
    expect(channels.map((channel) => sent(channel, started))).toEqual([0, 1, 0, 1]);

    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const board = await ctx.app.inject({ method: 'GET', url: '/api/internal/health-board', headers: bearer(admin) });
    const [latest] = board.json().data.history;
    expect(latest).toMatchObject({ rule: 'webhook_refused', kind: 'started', sentAt: null });
    expect(latest.sendError).toMatch(/Telegram answered 502.*Discord answered 500|Discord answered 500.*Telegram/);

    await evaluateTwice();
    expect(channels.map((channel) => sent(channel, started))).toEqual([1, 1, 1, 1]);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/internal/health-board', headers: bearer(admin) });
    expect(again.json().data.history[0]).toMatchObject({ sendError: null, sentAt: expect.any(String) });
    await ageRefusals();
    await evaluateTwice();
  });

  it('shows the refused calls and the queue on /api/metrics, read from the database', async () => {
    const metrics = await ctx.app.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics.body)?.[1]);
    // 3 + 2 + 6 × 3 + 3 refused calls made by this process.
    expect(value('carabala_webhook_refused_total')).toBe(26);
    const beat = rowsOf<{ at: number }>(
      await ctx.database.db.execute(sql`SELECT extract(epoch from beat_at)::float8 AS at FROM heartbeats`),
    )[0]!.at;
    expect(value('carabala_worker_heartbeat_timestamp_seconds')).toBeCloseTo(beat, 2);
    expect(value('carabala_bank_pull_enabled')).toBe(0);
    expect(value('carabala_bank_pull_last_success_timestamp_seconds')).toBe(0);
    // The others, as the database has them (the demo data's orders, bank events and mails).
    const [expected] = rowsOf<Record<string, number>>(
      await ctx.database.db.execute(sql`SELECT
        (SELECT count(*) FROM orders WHERE status = 'initial' AND (expires_at IS NULL OR expires_at > now()))::int AS waiting,
        (SELECT extract(epoch from max(received_at)) FROM bank_events)::float8 AS "lastEvent",
        (SELECT coalesce(extract(epoch from now() - min(received_at)), 0) FROM bank_events
          WHERE match <> 'credited' AND reviewed_at IS NULL)::float8 AS "heldAge",
        (SELECT count(*) FROM mails WHERE status <> 'delivered')::int AS undelivered`),
    );
    expect(expected).toMatchObject({ waiting: 1, undelivered: 0 });
    expect(expected!.heldAge).toBeGreaterThan(0);
    expect(value('carabala_orders_awaiting_payment')).toBe(expected!.waiting);
    expect(value('carabala_bank_event_last_received_timestamp_seconds')).toBeCloseTo(expected!.lastEvent!, 2);
    expect(value('carabala_bank_money_held_oldest_age_seconds')).toBeCloseTo(expected!.heldAge!, -1);
    expect(value('carabala_mail_failing')).toBe(0);
    expect(value('carabala_mail_oldest_undelivered_age_seconds')).toBe(0);
  });
});
