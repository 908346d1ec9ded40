// The production smoke suite's check of the operator alerts (issue 27): the bank-feed stand-in stopped
// while orders wait makes a Telegram message arrive within the configured time, and started again sends
// "đã khôi phục". The Telegram stand-in (apps/api/test/stand-ins/chat.ts) checks the Bot API's request.
import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { call, waitUntil } from './clients.mjs';

/** Short times, so the check takes seconds: silent after 6 s, rules evaluated every 2 s. */
const FEED_SILENT_MINUTES = 0.1;
const EVALUATE_SECONDS = 2;
const TITLE = 'Nguồn tiền ngân hàng im lặng';

/** The Telegram stand-in and the settings that send the alerts of every process to it. */
export async function startTelegram() {
  const { startChatStandIns } = await tsImport('../../apps/api/test/stand-ins/chat.ts', import.meta.url);
  const token = `${randomInt(1e9, 9e9)}:${randomBytes(12).toString('hex')}`;
  const chatId = `-100${randomInt(1e9, 9e9)}`;
  const telegram = await startChatStandIns({ telegramToken: token, chatId });
  return {
    telegram,
    apiEnv: {
      ALERT_TELEGRAM_BOT_TOKEN: token,
      ALERT_TELEGRAM_CHAT_ID: chatId,
      ALERT_TELEGRAM_API_URL: telegram.telegramApiUrl,
      ALERT_EVALUATE_SECONDS: String(EVALUATE_SECONDS),
      ALERT_FEED_SILENT_MINUTES: String(FEED_SILENT_MINUTES),
    },
  };
}

/** An order placed through nginx, waiting for its transfer. */
async function placeOrder(site, shortId, productId) {
  const placed = await call('POST', `${site}/api/transactions/bank`, { body: { shortId, productId } });
  assert.equal(placed.status, 200, placed.text);
  return (await call('GET', `${site}/api/transactions/bank/${placed.json.data.id}`)).json.data;
}

/**
 * Orders wait; the feed delivers one transfer, then stops: the worker's rule sends one Telegram message
 * within the configured silence (plus an evaluation), and none more while it lasts. A transfer made while
 * stopped arrives when the feed starts again, and "Đã khôi phục" follows; the health board lists both.
 */
export async function feedSilenceAlertsTelegram({ site, feed, telegram, createPlayers, productId, adminToken }) {
  const [player] = await createPlayers(1);
  const [first, second, third] = [
    await placeOrder(site, player.shortId, productId),
    await placeOrder(site, player.shortId, productId),
    await placeOrder(site, player.shortId, productId),
  ];
  let since = Date.now();
  const ours = (kind) =>
    telegram.messages.filter((message) => message.text.startsWith(`${kind}: ${TITLE}`) && message.at >= since);
  // A transfer arrives: the feed is alive; any earlier alert of the rule has ended by the next evaluation.
  await feed.transfer(first.code, first.totalPrice);
  const aliveAt = Date.now();
  await waitUntil('the feed alert off', async () => {
    const board = await call('GET', `${site}/api/internal/health-board`, { token: adminToken });
    return board.json?.data.rules.find((rule) => rule.rule === 'bank_feed_silent')?.firing === false;
  });
  since = Date.now();

  feed.stop();
  const paidWhileStopped = feed.transfer(second.code, second.totalPrice);
  await waitUntil('the Telegram alert', async () => ours('🔴 Cảnh báo').length > 0, 30_000);
  const [alert] = ours('🔴 Cảnh báo');
  const limitMs = FEED_SILENT_MINUTES * 60_000 + 2 * EVALUATE_SECONDS * 1000 + 2_000;
  assert.ok(alert.at - aliveAt <= limitMs, `alert ${alert.at - aliveAt} ms after the last transfer (limit ${limitMs})`);
  assert.ok(alert.at - aliveAt >= FEED_SILENT_MINUTES * 60_000, 'not before the configured silence');
  assert.match(alert.text, /\d+ đơn đang chờ thanh toán; giao dịch ngân hàng gần nhất cách đây \d+ giây\./);
  assert.match(alert.text, new RegExp(`Xem: ${site}/admin/health$`));
  assert.equal(telegram.refused.length, 0, JSON.stringify(telegram.refused));
  // Still silent: no second message.
  await new Promise((resolve) => setTimeout(resolve, 2 * EVALUATE_SECONDS * 1000 + 500));
  assert.equal(ours('🔴 Cảnh báo').length, 1);

  feed.start();
  await paidWhileStopped;
  const restartedAt = Date.now();
  await waitUntil('"đã khôi phục" on Telegram', async () => ours('✅ Đã khôi phục').length > 0, 30_000);
  const [recovered] = ours('✅ Đã khôi phục');
  assert.ok(recovered.at - restartedAt <= 2 * EVALUATE_SECONDS * 1000 + 2_000, 'recovered at the next evaluation');
  assert.match(recovered.text, /Cảnh báo kéo dài \d+ giây\./);
  // The third order still waits: it is the transfer, not an empty queue, that ended the alert.
  assert.equal((await call('GET', `${site}/api/transactions/bank/${third.id}`)).json.data.status, 'initial');

  const board = (await call('GET', `${site}/api/internal/health-board`, { token: adminToken })).json.data;
  const events = board.history.filter((event) => event.rule === 'bank_feed_silent' && Date.parse(event.at) >= since);
  assert.deepEqual(
    events.map((event) => [event.kind, event.sentAt !== null]),
    [
      ['ended', true],
      ['started', true],
    ],
  );
  assert.equal(ours('🔴 Cảnh báo').length + ours('✅ Đã khôi phục').length, 2, 'one message each');
  await feed.transfer(third.code, third.totalPrice);
  return `alert ${((alert.at - aliveAt) / 1000).toFixed(1)} s after the last transfer (silence ${FEED_SILENT_MINUTES * 60} s); recovered ${((recovered.at - restartedAt) / 1000).toFixed(1)} s after the feed started`;
}
