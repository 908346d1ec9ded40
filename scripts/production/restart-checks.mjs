// The production smoke suite's checks of processes going away under load: one API process SIGKILLed,
// and a rolling restart of every process. Each takes the suite (production-smoke.mjs).
import assert from 'node:assert/strict';
import { call, sleep, waitUntil } from './clients.mjs';
import { undeliveredMails } from './delivery-checks.mjs';
import { startLoad } from './load.mjs';
import { readAccessLog } from './topology.mjs';

/** A new unlimited gift code, fresh claimers and receivers, and the suite's load on them. */
async function loadWithNewPlayers(suite, code) {
  const { site, stepUp, adminToken } = suite;
  await stepUp(adminToken, 'operator.admin');
  const created = await call('POST', `${site}/api/internal/gift-codes/create-one`, {
    token: adminToken,
    body: { code, name: code, rewards: [{ itemId: 'diamond', quantity: 5 }], maxUses: null },
  });
  assert.equal(created.status, 200, created.text);
  return startLoad(suite, { profile: 'smoke', code, productId: suite.productId });
}

/**
 * Nothing lost: every order the feed paid is paid once and delivered to the game once, every answered
 * claim is recorded, every bank transfer is credited once, and the game applied every mail once.
 */
async function assertNothingLost({ sql, game, feed }, { paidOrders, claimed }) {
  assert.ok(
    paidOrders.length >= 20 && claimed.length >= 50,
    `${paidOrders.length} orders paid, ${claimed.length} claims`,
  );
  await waitUntil('every mail delivered', async () => (await undeliveredMails(sql)) === 0);
  const orders = new Map(
    (
      await sql.query(
        `SELECT o.id, o.status, o.accumulated_amount, m.status AS mail FROM orders o
         LEFT JOIN mails m ON m.source = 'order' AND m.source_id = o.id::text WHERE o.id = ANY($1::uuid[])`,
        [paidOrders.map((order) => order.id)],
      )
    ).rows.map((row) => [row.id, row]),
  );
  const delivered = new Map();
  for (const mail of game.applied.values()) {
    if (mail.source === 'order') delivered.set(mail.sourceId, (delivered.get(mail.sourceId) ?? 0) + 1);
  }
  for (const order of paidOrders) {
    const now = orders.get(order.id);
    assert.deepEqual(
      [now?.status, Number(now?.accumulated_amount), now?.mail, delivered.get(order.id)],
      ['done', order.totalPrice, 'delivered', 1],
      `order ${order.code}: paid, credited once, delivered once`,
    );
  }
  const { rows } = await sql.query(
    `SELECT count(*)::int AS mails, count(DISTINCT (source, source_id))::int AS sources FROM mails`,
  );
  assert.equal(rows[0].mails, rows[0].sources);
  assert.equal(game.applied.size, rows[0].mails, 'the game applied every mail once');
  const recorded = (
    await sql.query(`SELECT count(*)::int AS n FROM gift_code_claims WHERE user_id = ANY($1::uuid[])`, [claimed])
  ).rows[0].n;
  assert.equal(recorded, claimed.length, 'every answered claim is recorded');
  const credited = (await sql.query(`SELECT count(*)::int AS n FROM bank_events WHERE match = 'credited'`)).rows[0].n;
  assert.equal(credited, feed.ledger.length, 'every transfer of the bank feed is credited once');
}

const describeLoad = ({ game }, { requests, paidOrders, claimed }) =>
  `${requests.length} requests; ${paidOrders.length} orders paid and delivered once, ${claimed.length} claims; ` +
  `${requests.filter((entry) => entry.kind === 'webhook' && entry.attempts > 1).length} webhooks retried by the feed; ` +
  `the game applied ${game.applied.size} mails so far`;

/** One API process SIGKILLed under purchases, webhooks and claims: nothing lost, delivered once, it rejoins. */
export async function apiKilledUnderLoad(suite) {
  const { site, topology, api1 } = suite;
  const load = await loadWithNewPlayers(suite, 'SMOKEKILL');
  await sleep(2500);
  const killedAt = Date.now();
  await api1.kill();
  const diedAt = Date.now();
  await sleep(2500);
  await api1.start();
  const rejoinedAt = Date.now();
  await sleep(6000);
  await load.finish();

  // Only requests in flight on the killed process failed: nginx's log shows each failure passed to
  // that process alone, and it began before the process died and ended after the kill; nginx
  // retried every idempotent one (GETs never fail); at most one per loop.
  const failed = load.requests.filter((entry) => entry.status !== 200);
  const logged = new Map(readAccessLog(topology.dir).map((entry) => [entry.requestId, entry]));
  for (const entry of failed) {
    assert.ok(entry.method === 'POST', `a ${entry.kind} GET failed (${entry.status})`);
    assert.equal(entry.status, 502, `a ${entry.kind} request answered ${entry.status}`);
    assert.equal(logged.get(entry.id)?.upstream, `127.0.0.1:${api1.port}`, `${entry.kind} ${entry.id}`);
    // nginx may hand a request to a pooled connection of the dead process for a moment after it died.
    assert.ok(entry.start <= diedAt + 100 && entry.end >= killedAt, `a ${entry.kind} request failed outside the kill`);
  }
  assert.ok(failed.length <= 12, `${failed.length} requests failed`);
  await assertNothingLost(suite, load);

  // The restarted process takes requests again.
  await waitUntil(
    'the restarted API process to serve through nginx',
    async () => {
      await Promise.all(Array.from({ length: 8 }, () => call('GET', `${site}/api/health`)));
      return readAccessLog(topology.dir).some(
        (entry) => entry.time > rejoinedAt && entry.upstream === `127.0.0.1:${api1.port}` && entry.status === 200,
      );
    },
    20_000,
  );
  return `${describeLoad(suite, load)}; failed in flight on the killed process: ${failed.map((entry) => entry.kind).join(', ') || 'none'}`;
}

/** A rolling restart of every process (SIGTERM, one at a time, as the operator guide does it) under load: no request fails. */
export async function rollingRestartUnderLoad(suite) {
  const { topology } = suite;
  const load = await loadWithNewPlayers(suite, 'SMOKEROLL');
  await sleep(1500);
  // As the operator guide's loop: restart, wait until ready, then let nginx's fail_timeout (5 s) pass so it
  // sends to the process again before the next one goes.
  const phases = [];
  const timedPhase = async (name, action) => {
    const started = Date.now();
    await action();
    phases.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  for (const member of [...topology.apis, ...topology.webs]) {
    await timedPhase(`${member.name} stop`, () => member.stop());
    await timedPhase('start', () => member.start());
    await sleep(6000);
    if (member === topology.apis.at(-1)) await topology.restartWorker();
  }
  await load.finish();
  const failed = load.requests.filter((entry) => entry.status !== 200);
  await assertNothingLost(suite, load);
  assert.deepEqual(
    failed.map((entry) => `${entry.kind} ${entry.status}`),
    [],
    'no request fails during a rolling restart',
  );
  return `${describeLoad(suite, load)}; ${phases.join(', ')}`;
}
