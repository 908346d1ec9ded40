#!/usr/bin/env node
// The production smoke suite: the topology of deploy/ (nginx, two API processes, one mailbox worker,
// two web processes; NODE_ENV=production, generated secrets, a fresh PostgreSQL database and Redis),
// driven through nginx as players, staff, the bank feed and the game server would.
//
//   TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379/4 \
//     npm run test:production
//
// Needs Debian's nginx (/usr/sbin/nginx or NGINX_PATH). Without TEST_DATABASE_URL and TEST_REDIS_URL
// it says so and does nothing: the topology is PostgreSQL and Redis by definition.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import pg from 'pg';
import sharp from 'sharp';
import { buildWebIfStale, run } from './processes.mjs';
import { call, sleep, topologyClients, waitUntil } from './production/clients.mjs';
import { approvalAcrossProcesses, roleChangeAcrossProcesses } from './production/staff-checks.mjs';
import { createBankFeed, startGameMailbox } from './production/stand-ins.mjs';
import { nginxBinary, readAccessLog, startTopology, topologySecrets } from './production/topology.mjs';

const adminDatabaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!adminDatabaseUrl || !redisUrl) {
  console.log('Production smoke suite not run: it needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).');
  process.exit(0);
}
if (!existsSync(nginxBinary)) {
  console.error(`nginx was not found at ${nginxBinary}.
Install Debian's nginx (sudo apt-get install -y nginx) or set NGINX_PATH to an nginx binary.`);
  process.exit(1);
}

const began = Date.now();
const BANK_ACCOUNT = '0123456789';
const PRODUCT_ID = 44; // a pack without a purchase limit
await run('npm', ['run', 'build', '--silent', '-w', 'apps/api']);
await buildWebIfStale();

const secrets = topologySecrets();
const game = await startGameMailbox(secrets.mailbox);
const topology = await startTopology({
  adminDatabaseUrl,
  redisUrl,
  gameMailboxUrl: game.url,
  secrets,
  // Every request of this suite comes from one address; a real site sees many.
  apiEnv: { RATE_LIMIT_PER_MINUTE: '1000000', BANK_ACCOUNT_NUMBER: BANK_ACCOUNT },
});
const site = topology.siteUrl;
const [api1, api2] = topology.apis;
const sql = new pg.Pool({ connectionString: topology.databaseUrl, max: 4 });
const feed = createBankFeed({
  webhookUrl: `${site}/api/webhooks/sepay`,
  apiKey: secrets.sepay,
  accountNumber: BANK_ACCOUNT,
});

const { cli, signIn, stepUp, createPlayers } = topologyClients({ topology, sql, jwtSecret: secrets.jwt });

const undeliveredMails = async () =>
  Number((await sql.query(`SELECT count(*) FROM mails WHERE status <> 'delivered'`)).rows[0].count);

/**
 * Purchases paid through the bank feed, gift-code claims by new players, and page and /api/me reads,
 * through nginx, until `finish()`. Every request is recorded with its kind, times, status and a
 * request id that nginx's log and the API keep.
 */
function startLoad({ code, claimers, reader, receivers }) {
  const requests = []; // every request the load made: kind, start, end, status
  const paidOrders = [];
  const claimed = [];
  let stop = false;
  let sequence = 0;
  const timed = async (kind, method, url, options = {}) => {
    // The API and nginx's log both keep this id, so a failure can be traced to the process that had it.
    const entry = { kind, method, start: Date.now(), id: `smoke-load-${(sequence += 1)}` };
    const answer = await call(method, url, { ...options, headers: { 'x-request-id': entry.id } });
    Object.assign(entry, { end: Date.now(), status: answer.status });
    requests.push(entry);
    return answer;
  };
  const purchaseLoop = async (index) => {
    while (!stop) {
      const receiver = receivers[index % receivers.length];
      const placed = await timed('purchase', 'POST', `${site}/api/transactions/bank`, {
        body: { shortId: receiver.shortId, productId: PRODUCT_ID },
      });
      if (placed.status !== 200) continue;
      const order = await timed('order', 'GET', `${site}/api/transactions/bank/${placed.json.data.id}`);
      if (order.status !== 200) continue;
      const webhookStart = Date.now();
      const event = await feed.transfer(order.json.data.code, order.json.data.totalPrice);
      requests.push({
        kind: 'webhook',
        method: 'POST',
        start: webhookStart,
        end: Date.now(),
        status: 200,
        attempts: event.attempts,
      });
      paidOrders.push(order.json.data);
    }
  };
  let nextClaimer = 0;
  const claimLoop = async () => {
    while (!stop) {
      const player = claimers[nextClaimer++];
      if (!player) return; // every new player has claimed
      const answer = await timed('claim', 'POST', `${site}/api/gift-codes/claim`, {
        token: player.token,
        body: { code },
      });
      if (answer.status === 200) claimed.push(player.id);
    }
  };
  const readLoop = async () => {
    while (!stop) {
      await timed('me', 'GET', `${site}/api/me`, { token: reader.token });
      await timed('home', 'GET', `${site}/`);
    }
  };
  const running = Promise.all([
    ...Array.from({ length: 6 }, (_, index) => purchaseLoop(index)),
    ...Array.from({ length: 6 }, () => claimLoop()),
    readLoop(),
    readLoop(),
  ]);
  // A failed loop is reported by finish(); until then it must not end the process unhandled.
  running.catch(() => undefined);
  return {
    requests,
    paidOrders,
    claimed,
    async finish() {
      stop = true;
      await running;
    },
  };
}

/** A new unlimited gift code, fresh claimers and receivers, and the load of startLoad on them. */
async function loadWithNewPlayers(code) {
  await stepUp(adminToken, 'operator.admin');
  const created = await call('POST', `${site}/api/internal/gift-codes/create-one`, {
    token: adminToken,
    body: { code, name: code, rewards: [{ itemId: 'gem', quantity: 5 }], maxUses: null },
  });
  assert.equal(created.status, 200, created.text);
  const claimers = await createPlayers(5000);
  const [reader] = await createPlayers(1);
  const receivers = await createPlayers(20);
  return startLoad({ code, claimers, reader, receivers });
}

/**
 * Nothing lost: every order the feed paid is paid once and delivered to the game once, every answered
 * claim is recorded, every bank transfer is credited once, and the game applied every mail once.
 */
async function assertNothingLost({ paidOrders, claimed }) {
  assert.ok(
    paidOrders.length >= 20 && claimed.length >= 50,
    `${paidOrders.length} orders paid, ${claimed.length} claims`,
  );
  await waitUntil('every mail delivered', async () => (await undeliveredMails()) === 0);
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
  assert.equal(game.refused.length, 0);
  const recorded = (
    await sql.query(`SELECT count(*)::int AS n FROM gift_code_claims WHERE user_id = ANY($1::uuid[])`, [claimed])
  ).rows[0].n;
  assert.equal(recorded, claimed.length, 'every answered claim is recorded');
  const credited = (await sql.query(`SELECT count(*)::int AS n FROM bank_events WHERE match = 'credited'`)).rows[0].n;
  assert.equal(credited, feed.ledger.length, 'every transfer of the bank feed is credited once');
}

const describeLoad = ({ requests, paidOrders, claimed }) =>
  `${requests.length} requests; ${paidOrders.length} orders paid and delivered once, ${claimed.length} claims; ` +
  `${requests.filter((entry) => entry.kind === 'webhook' && entry.attempts > 1).length} webhooks retried by the feed; ` +
  `the game got ${game.requests} calls for ${game.applied.size} mails so far`;

const results = [];
async function check(name, body) {
  const started = Date.now();
  try {
    const note = await body();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? `\n      ${note}` : ''}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(
      `  ✗ ${name}\n      ${String(error.stack ?? error)
        .split('\n')
        .join('\n      ')}`,
    );
  }
}

console.log(
  `Production smoke suite: nginx ${site}, API ${api1.url} and ${api2.url}, web ${topology.webs.map((web) => web.url).join(' and ')}`,
);

// The operator's first steps: an admin from the command line, then everything else through the site.
const adminPassword = randomBytes(18).toString('base64');
const staffPassword = randomBytes(18).toString('base64');
await cli(
  ['create-account', '--username', 'operator.admin', '--role', 'admin', '--display-name', 'Quản trị'],
  adminPassword,
);
const staffMember = await cli(['create-account', '--username', 'support.one', '--role', 'support'], staffPassword);
const adminToken = await signIn('operator.admin', adminPassword);

try {
  await check('nginx sends /api/* to the API processes and the rest to the web processes', async () => {
    const health = await call('GET', `${site}/api/health`);
    assert.equal(health.status, 200);
    assert.equal(health.json.code, 'api.success');
    assert.ok(health.headers.get('x-request-id'), 'the API sets x-request-id');
    const home = await call('GET', `${site}/`);
    assert.equal(home.status, 200);
    assert.match(home.headers.get('content-type'), /text\/html/);
    assert.match(home.text, /<html/);
    const served = new Set(
      readAccessLog(topology.dir)
        .filter((entry) => entry.uri === '/api/health')
        .map((entry) => entry.upstream),
    );
    assert.ok([...served].every((upstream) => topology.apis.some((api) => upstream === `127.0.0.1:${api.port}`)));
  });

  await check('/api/metrics and the web revalidation call are not reachable through nginx', async () => {
    assert.equal(
      (await call('GET', `${api1.url}/api/metrics`, { token: secrets.metrics })).status,
      200,
      'metrics exist on the API itself, with the bearer token',
    );
    for (const path of ['/api/metrics', '/api/metrics/', '/api//metrics', '/api/%6Detrics', '/api/./metrics']) {
      assert.equal((await call('GET', `${site}${path}`, { token: secrets.metrics })).status, 404, path);
    }
    assert.equal((await call('GET', `${topology.internalUrl}/api/metrics`)).status, 404, 'internal listener');
    assert.equal((await call('GET', `${topology.internalUrl}/`)).status, 404, 'the internal listener is API only');
    assert.equal((await call('GET', `${topology.internalUrl}/api/health`)).status, 200);
    for (const method of ['POST', 'GET']) {
      assert.equal(
        (await call(method, `${site}/_internal/revalidate`, { body: method === 'POST' ? {} : undefined })).status,
        404,
      );
    }
    const blocked = readAccessLog(topology.dir).filter((entry) => /metrics|etrics|_internal/.test(entry.uri));
    assert.ok(blocked.length >= 8 && blocked.every((entry) => entry.upstream === '-'), JSON.stringify(blocked));
  });

  await check('/_next/static is cached for a year and kept in nginx; text is compressed', async () => {
    const home = await call('GET', `${site}/`);
    const asset = /\/_next\/static\/[^"']+\.js/.exec(home.text)?.[0];
    assert.ok(asset, 'the home page links a script under /_next/static');
    const first = await call('GET', `${site}${asset}`);
    const second = await call('GET', `${site}${asset}`);
    assert.equal(second.status, 200);
    assert.match(second.headers.get('cache-control'), /max-age=31536000/);
    assert.match(second.headers.get('cache-control'), /immutable/);
    assert.equal(second.headers.get('x-cache-status'), 'HIT', `first ${first.headers.get('x-cache-status')}`);
    // The API does not compress; through nginx its JSON arrives gzipped.
    const direct = await fetch(`${api1.url}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
    const proxied = await fetch(`${site}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
    await Promise.all([direct.arrayBuffer(), proxied.arrayBuffer()]);
    assert.equal(direct.headers.get('content-encoding'), null);
    assert.equal(proxied.headers.get('content-encoding'), 'gzip');
  });

  await check("a client's own X-Forwarded-For is replaced, not believed", async () => {
    const remaining = async (headers) =>
      Number((await call('GET', `${site}/api/news`, { headers })).headers.get('x-ratelimit-remaining'));
    const a = await remaining({});
    const b = await remaining({ 'x-forwarded-for': '203.0.113.7' });
    const c = await remaining({ 'x-forwarded-for': '198.51.100.9, 203.0.113.8' });
    assert.ok(Number.isFinite(a) && a > 0, 'the API answers with its rate-limit headers');
    assert.deepEqual([b, c], [a - 1, a - 2], 'every request is counted against the one real client address');
  });

  await check('a ticket upload of 3 images of 10 MB passes nginx; a 40 MB body is refused by nginx', async () => {
    const [player] = await createPlayers(1);
    const form = new FormData();
    form.append('folder', 'supports');
    for (let i = 0; i < 3; i += 1) {
      const noise = randomBytes(1780 * 1780 * 3);
      const png = await sharp(noise, { raw: { width: 1780, height: 1780, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      assert.ok(png.length > 9_000_000 && png.length < 10_000_000, `image of ${png.length} bytes`);
      form.append('files', new Blob([png], { type: 'image/png' }), `anh-${i}.png`);
    }
    const upload = await call('POST', `${site}/api/upload/${player.id}/public-images`, {
      token: player.token,
      body: form,
    });
    assert.equal(upload.status, 200, upload.text.slice(0, 300));
    assert.equal(upload.json.data.length, 3);
    const tooBig = await call('POST', `${site}/api/upload/${player.id}/public-images`, {
      token: player.token,
      body: 'x'.repeat(40 * 1024 * 1024),
      headers: { 'content-type': 'application/octet-stream' },
    });
    assert.equal(tooBig.status, 413);
  });

  await check('purchase → SePay webhook → delivered to the game server exactly once', async () => {
    const [receiver] = await createPlayers(1);
    const placed = await call('POST', `${site}/api/transactions/bank`, {
      body: { shortId: receiver.shortId, productId: PRODUCT_ID },
    });
    assert.equal(placed.status, 200, placed.text);
    const order = (await call('GET', `${site}/api/transactions/bank/${placed.json.data.id}`)).json.data;
    assert.equal(order.status, 'initial');
    const event = await feed.transfer(order.code, order.totalPrice);
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
    assert.equal(mails[0].receiverShortId, receiver.shortId);
    assert.equal(game.refused.length, 0, 'every call to the game carried a valid signature and key');
  });

  await check(
    '1,000 concurrent claims of a 100-use gift code over both API processes: exactly 100 succeed',
    async () => {
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
      await waitUntil('the 100 gift mails', async () => (await undeliveredMails()) === 0);
      return `answers ${JSON.stringify(byCode)}; claims per API process ${perProcess.join(' / ')}`;
    },
  );

  await check("a staff member's role changed on one API process is refused at once on the other", () =>
    roleChangeAcrossProcesses({
      api1,
      api2,
      site,
      signIn,
      stepUp,
      adminToken,
      staff: { ...staffMember, username: 'support.one', password: staffPassword },
    }),
  );

  await check('a grant asked on one API process waits for a second admin, who approves it on the other', async () => {
    const [receiver] = await createPlayers(1);
    return approvalAcrossProcesses({
      api1,
      api2,
      cli,
      signIn,
      stepUp,
      adminToken,
      receiver,
      productId: PRODUCT_ID,
      sql,
      game,
    });
  });

  await check(
    'one API process SIGKILLed under purchases, webhooks and claims: nothing lost, delivered once, it rejoins',
    async () => {
      const load = await loadWithNewPlayers('SMOKEKILL');
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
        assert.ok(
          entry.start <= diedAt + 100 && entry.end >= killedAt,
          `a ${entry.kind} request failed outside the kill`,
        );
      }
      assert.ok(failed.length <= 12, `${failed.length} requests failed`);
      await assertNothingLost(load);

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
      return `${describeLoad(load)}; failed in flight on the killed process: ${failed.map((entry) => entry.kind).join(', ') || 'none'}`;
    },
  );

  await check(
    'a rolling restart of every process (SIGTERM, one at a time, as the README does it) under load: no request fails',
    async () => {
      const load = await loadWithNewPlayers('SMOKEROLL');
      await sleep(1500);
      // As the README's loop: restart, wait until ready, then let nginx's fail_timeout (5 s) pass so it
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
      await assertNothingLost(load);
      assert.deepEqual(
        failed.map((entry) => `${entry.kind} ${entry.status}`),
        [],
        'no request fails during a rolling restart',
      );
      return `${describeLoad(load)}; ${phases.join(', ')}`;
    },
  );
} finally {
  const failed = results.filter((result) => !result.ok);
  if (failed.length > 0) console.log(`${topology.logTails()}\nLogs and nginx's files: ${topology.dir}`);
  await sql.end();
  await topology.stop({ keepLogs: failed.length > 0 });
  await game.close();
  console.log(
    `\n${results.length - failed.length} passed, ${failed.length} failed in ${((Date.now() - began) / 1000).toFixed(0)} s`,
  );
  process.exitCode = failed.length > 0 ? 1 : 0;
}
