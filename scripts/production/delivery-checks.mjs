// The production smoke suite's checks of what players get: a paid order and a gift-code claim, each
// delivered to the game server exactly once, over both API processes. Each takes the suite
// (production-smoke.mjs).
import assert from 'node:assert/strict';
import { call, waitUntil } from './clients.mjs';
import { readAccessLog } from './topology.mjs';

/** How many mails the mailbox worker has not delivered yet. */
export const undeliveredMails = async (sql) =>
  Number((await sql.query(`SELECT count(*) FROM mails WHERE status <> 'delivered'`)).rows[0].count);

/**
 * Opens an order's live stream (server-sent events) through nginx; `next(type)` reads up to the next
 * event of that type, so an event that nginx held back in a buffer fails the check by its timeout.
 */
async function openOrderStream(url) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /text\/event-stream/);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const next = async (type) => {
    const timer = setTimeout(() => controller.abort(), 5_000);
    while (!text.includes(`"type":"${type}"`)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the order stream ended before its ${type} event`);
      text += value;
    }
    clearTimeout(timer);
    text = text.slice(text.indexOf(`"type":"${type}"`) + type.length + 9);
  };
  return { next, close: () => controller.abort() };
}

/** Purchase → SePay webhook (sent twice, as SePay may) → delivered to the game server exactly once. */
export async function purchaseDeliveredOnce({ site, sql, feed, game, createPlayers, productId }) {
  const [receiver] = await createPlayers(1);
  const placed = await call('POST', `${site}/api/transactions/bank`, {
    body: { shortId: receiver.shortId, productId },
  });
  assert.equal(placed.status, 200, placed.text);
  const order = (await call('GET', `${site}/api/transactions/bank/${placed.json.data.id}`)).json.data;
  assert.equal(order.status, 'initial');
  const stream = await openOrderStream(`${site}/api/transactions/bank/${order.id}/events`);
  await stream.next('ready');
  const event = await feed.transfer(order.code, order.totalPrice);
  // The webhook reached one API process; the stream, on either, hears of it through Redis.
  await stream.next('changed');
  stream.close();
  await feed.resend(event); // SePay repeats a call: recorded once, credited once
  await waitUntil('the delivery', async () => {
    const now = (await call('GET', `${site}/api/transactions/bank/${order.id}`)).json.data;
    return now.delivery === 'delivered';
  });
  const paid = (await call('GET', `${site}/api/transactions/bank/${order.id}`)).json.data;
  assert.equal(paid.status, 'done');
  assert.equal(paid.accumulatedAmount, order.totalPrice);
  const mails = [...game.applied.values()].filter((mail) => mail.source === 'order' && mail.sourceId === order.id);
  assert.equal(mails.length, 1);
  assert.deepEqual([mails[0].userId, mails[0].playerId], [receiver.shortId, `made-${receiver.shortId}`]);
  // Taken at the first call: signed with the right key and accepted, never refused and retried.
  const { rows } = await sql.query(`SELECT attempts, last_error FROM mails WHERE source = 'order' AND source_id = $1`, [
    order.id,
  ]);
  assert.deepEqual(rows, [{ attempts: 1, last_error: null }]);
}

/** 1,000 concurrent claims of a 100-use gift code, spread by nginx over both API processes: exactly 100 succeed. */
export async function concurrentClaimsExact({ site, topology, sql, stepUp, adminToken, createPlayers }) {
  await stepUp(adminToken, 'operator.admin');
  const created = await call('POST', `${site}/api/internal/gift-codes/create-one`, {
    token: adminToken,
    body: { code: 'SMOKE100', name: 'Smoke 100', rewards: [{ itemId: 'gold', quantity: 100 }], maxUses: 100 },
  });
  assert.equal(created.status, 200, created.text);
  const players = await createPlayers(1000);
  const logStart = readAccessLog(topology.dir).length;
  const answers = await Promise.all(
    players.map((player) =>
      call('POST', `${site}/api/gift-codes/claim`, { token: player.token, body: { code: 'smoke100' } }),
    ),
  );
  const byCode = {};
  for (const answer of answers)
    byCode[answer.json?.code ?? answer.status] = (byCode[answer.json?.code ?? answer.status] ?? 0) + 1;
  assert.deepEqual(byCode, { 'api.success': 100, 'api.gift_code.none_remaining': 900 });
  const served = readAccessLog(topology.dir)
    .slice(logStart)
    .filter((entry) => entry.uri === '/api/gift-codes/claim');
  const perProcess = topology.apis.map(
    (api) => served.filter((entry) => entry.upstream === `127.0.0.1:${api.port}`).length,
  );
  assert.ok(
    perProcess.every((count) => count >= 300),
    `claims per API process: ${perProcess}`,
  );
  const detail = await call('GET', `${site}/api/internal/gift-codes/${created.json.data.id}`, {
    token: adminToken,
  });
  assert.equal(detail.json.data.usesCount, 100);
  await waitUntil('the 100 gift mails', async () => (await undeliveredMails(sql)) === 0);
  return `answers ${JSON.stringify(byCode)}; claims per API process ${perProcess.join(' / ')}`;
}
