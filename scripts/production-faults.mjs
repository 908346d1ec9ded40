#!/usr/bin/env node
// The production fault suite (issue 29): the topology of deploy/ (nginx, two API processes, the mailbox
// worker, two web processes) on a PostgreSQL cluster and a Redis server of its own, which it stops and
// starts under steady load through nginx: pages, /api/me, gift-code claims by distinct players, and
// purchases paid through the bank-feed stand-in.
//
//   TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379 \
//     npm run test:faults
//
// Those two variables only say that PostgreSQL and Redis are installed (as for the smoke suite); the
// suite never touches those servers. It needs nginx, PostgreSQL's server binaries and redis-server.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { all, checkRunner } from './production/checks.mjs';
import { call, sleep, topologyClients, waitUntil } from './production/clients.mjs';
import { startLoad } from './production/load.mjs';
import { missingServers, startOwnPostgres, startOwnRedis } from './production/own-services.mjs';
import { startSite } from './production/site.mjs';
import { createBankFeed } from './production/stand-ins.mjs';
import { nginxBinary } from './production/topology.mjs';

if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  console.log('Production fault suite not run: it needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).');
  process.exit(0);
}
const missing = existsSync(nginxBinary) ? missingServers() : `nginx at ${nginxBinary} (sudo apt-get install -y nginx)`;
if (missing) {
  console.error(`The production fault suite needs ${missing}.`);
  process.exit(1);
}

const { check, anyFailed, summarize } = checkRunner();
const BANK_ACCOUNT = '0123456789';
const UPLOADS_PER_WINDOW = 3;
/** A pack without a purchase limit, so the same receivers can buy it again and again. */
const UNLIMITED_PRODUCT_ID = 44;

const postgres = await startOwnPostgres();
const redis = await startOwnRedis();
let started;
try {
  started = await startSite({
    adminDatabaseUrl: postgres.url,
    redisUrl: redis.url,
    apiEnv: {
      RATE_LIMIT_PER_MINUTE: '1000000',
      // The load's buyers are guests at one address, ordering again and again for the same receivers.
      GUEST_ORDERS_PER_IP: '1000000',
      GUEST_OPEN_ORDERS_PER_RECEIVER: '1000000',
      BANK_ACCOUNT_NUMBER: BANK_ACCOUNT,
      UPLOADS_PER_WINDOW: String(UPLOADS_PER_WINDOW),
    },
  });
} catch (error) {
  await Promise.all([postgres.destroy(), redis.destroy()]);
  throw error;
}
const { secrets, game, topology } = started;
const site = topology.siteUrl;
const sql = new pg.Pool({ connectionString: topology.databaseUrl, max: 4 });
// The suite's own reads must not fail the suite while PostgreSQL is away: they are made after it is back.
sql.on('error', () => undefined);
const { cli, createPlayers, signIn } = topologyClients({ topology, sql, jwtSecret: secrets.jwt, game });
const feed = createBankFeed({
  webhookUrl: `${site}/api/webhooks/sepay`,
  apiKey: secrets.sepay,
  accountNumber: BANK_ACCOUNT,
});

const adminPassword = 'faults-admin-password-1';
await cli(
  ['create-account', '--username', 'faults.admin', '--role', 'admin', '--display-name', 'Quản trị'],
  adminPassword,
);
const adminToken = await signIn('faults.admin', adminPassword);

/** A new unlimited gift code, made as staff make it in the console. */
async function newGiftCode(code) {
  const created = await call('POST', `${site}/api/internal/gift-codes/create-one`, {
    token: adminToken,
    body: { code, name: code, rewards: [{ itemId: 'diamond', quantity: 5 }], maxUses: null },
  });
  assert.equal(created.status, 200, created.text);
  return created.json.data.id;
}

/**
 * The fault suite's steady load (production/load.mjs) on a new gift code. `fault` runs 2 s in; the load goes on `settleMs` after it. Returns the finished
 * load, the code's id and what `fault` returned.
 */
async function underLoad(code, fault, settleMs) {
  const codeId = await newGiftCode(code);
  const clients = { site, feed, createPlayers };
  const load = await startLoad(clients, {
    profile: 'faults',
    code: code.toLowerCase(),
    productId: UNLIMITED_PRODUCT_ID,
  });
  await sleep(2000);
  const faulted = await fault();
  await sleep(settleMs);
  await load.finish();
  return { load, codeId, faulted };
}

/** `server` stopped for `ms` and started again; the time it was started. */
async function outage(server, ms) {
  await server.stop();
  await sleep(ms);
  await server.start();
  return Date.now();
}

const tally = (entries) => {
  const counts = {};
  for (const { kind, status } of entries) counts[`${kind} ${status}`] = (counts[`${kind} ${status}`] ?? 0) + 1;
  return JSON.stringify(counts);
};

/**
 * Money and claims exact: every order the feed paid is paid once, credited once and delivered to the
 * game once; every bank transfer is credited once; every answered claim is recorded once, no other claim
 * of these players is, and the code's used count equals its claims.
 */
async function assertExact(load, codeId) {
  assert.ok(
    load.paidOrders.length >= 3 && load.claimed.length >= 20,
    `${load.paidOrders.length} orders, ${load.claimed.length} claims`,
  );
  await waitUntil('every mail delivered', async () => {
    const { rows } = await sql.query(`SELECT count(*)::int AS n FROM mails WHERE status <> 'delivered'`);
    return rows[0].n === 0;
  });
  const { rows: orders } = await sql.query(
    `SELECT o.id, o.status, o.accumulated_amount FROM orders o WHERE o.id = ANY($1::uuid[])`,
    [load.paidOrders.map((order) => order.id)],
  );
  const byId = new Map(orders.map((row) => [row.id, row]));
  const delivered = new Map();
  for (const mail of game.applied.values()) {
    if (mail.source === 'order') delivered.set(mail.sourceId, (delivered.get(mail.sourceId) ?? 0) + 1);
  }
  for (const order of load.paidOrders) {
    const now = byId.get(order.id);
    assert.deepEqual(
      [now?.status, Number(now?.accumulated_amount), delivered.get(order.id)],
      ['done', order.totalPrice, 1],
      `order ${order.code}: paid, credited once, delivered once`,
    );
  }
  const credited = (await sql.query(`SELECT count(*)::int AS n FROM bank_events WHERE match = 'credited'`)).rows[0].n;
  assert.equal(credited, feed.ledger.length, 'every transfer of the bank feed is credited once');
  const mails = (await sql.query(`SELECT count(*)::int AS n FROM mails`)).rows[0].n;
  assert.equal(game.applied.size, mails, 'the game applied every mail once');
  const { rows } = await sql.query(
    `SELECT (SELECT count(*)::int FROM gift_code_claims WHERE user_id = ANY($1::uuid[])) AS recorded,
            (SELECT count(*)::int FROM gift_code_claims WHERE gift_code_id = $2) AS of_code,
            (SELECT uses_count FROM gift_codes WHERE id = $2) AS used`,
    [load.claimers.map((player) => player.id), codeId],
  );
  assert.deepEqual(
    { recorded: rows[0].recorded, used: rows[0].used },
    { recorded: load.claimed.length, used: rows[0].of_code },
    'each answered claim recorded once, nothing else; the used count equals the claims',
  );
}

console.log(`Production fault suite: nginx ${site}, PostgreSQL ${postgres.url}, Redis ${redis.url}`);
try {
  await check('Redis stopped for 10 s under load: no 5xx, /api/me answers 200, claims and money exact', async () => {
    const { load, codeId } = await underLoad('FAULTREDIS', () => outage(redis, 10_000), 3000);
    const failed = load.requests.filter((entry) => entry.status >= 500 || entry.status === 0);
    const me = load.requests.filter((entry) => entry.kind === 'me' && entry.status !== 200);
    await all(
      () => assert.deepEqual(tally(failed), '{}', 'no request failed while Redis was away'),
      () => assert.deepEqual(tally(me), '{}', '/api/me answered 200 throughout'),
      () => assertExact(load, codeId),
    );
    return tally(load.requests);
  });

  await check(
    'PostgreSQL stopped for 5 s under load: no 401, 503 with Retry-After, back within 5 s, exact',
    async () => {
      const { load, codeId, faulted: restarted } = await underLoad('FAULTPG', () => outage(postgres, 5000), 8000);
      const signedOut = load.requests.filter((entry) => entry.status === 401 || entry.status === 403);
      const failed = load.requests.filter((entry) => entry.status !== 200);
      const unexplained = failed.filter((entry) => entry.status !== 503 || !/^\d+$/.test(entry.retryAfter ?? ''));
      const late = failed.filter((entry) => entry.start >= restarted + 5000);
      await all(
        () => assert.deepEqual(tally(signedOut), '{}', 'a valid session is never refused'),
        () =>
          assert.deepEqual(tally(unexplained), '{}', 'a request that needed the database is a 503 with Retry-After'),
        () => assert.deepEqual(tally(late), '{}', 'everything answers again within 5 s of the restart'),
        () => assertExact(load, codeId),
      );
      return `${tally(load.requests)}; failed during the stop: ${tally(failed)}`;
    },
  );

  await check(
    'pages regenerated while the API is away keep their last good content; a new article is a 503',
    async () => {
      const title = 'Sự kiện thử lỗi: máy chủ vắng mặt';
      const made = await call('POST', `${site}/api/internal/news`, {
        token: adminToken,
        body: {
          slug: 'su-kien-thu-loi',
          title,
          summary: 'Bài viết của bộ kiểm thử sự cố.',
          coverImage: '/news/ban-nhap-su-kien-trung-thu.jpg',
          body: 'Nội dung bài viết thử.',
          category: 'events',
          published: true,
        },
      });
      assert.equal(made.status, 200, made.text);
      const published = Date.now();
      const shows = async (path) => {
        const answer = await call('GET', `${site}${path}`);
        return answer.status === 200 && answer.text.includes(title);
      };
      await waitUntil('the article on the home page, the news list and its own page', async () =>
        (await Promise.all(['/', '/news', '/news/su-kien-thu-loi'].map(shows))).every(Boolean),
      );
      // Visitors have seen these pages on each web process: each holds a good copy. A process not asked
      // since the publication answers its copy from before once (Next rebuilds in the background): ask until it shows.
      // The API tells the webs again REPEAT_AFTER_MS (2 s) after a change, because a render that raced the
      // first call may still have stored the page as it was (decision 021); a good copy is one made after
      // that second call, so the pages are asked again once it has gone out.
      const eachWebShows = async () => {
        for (const web of topology.webs) {
          await waitUntil(`the article on ${web.url}`, async () => {
            const pages = await Promise.all(
              ['/', '/news', '/news/su-kien-thu-loi'].map((path) => call('GET', `${web.url}${path}`)),
            );
            return pages.every((page) => page.status === 200 && page.text.includes(title));
          });
        }
      };
      await eachWebShows();
      await sleep(Math.max(0, published + 3000 - Date.now()));
      await eachWebShows();
      await Promise.all(topology.apis.map((api) => api.stop()));
      // A news change while the API is away: each web process is told to rebuild, as the API tells it.
      for (const web of topology.webs) {
        const told = await call('POST', `${web.url}/_internal/revalidate`, {
          headers: { 'x-revalidate-secret': secrets.revalidate },
          body: { content: ['news'] },
        });
        assert.equal(told.status, 200);
      }
      const whileAway = [];
      for (let round = 0; round < 6; round += 1) {
        for (const path of ['/', '/news', '/news/su-kien-thu-loi']) {
          const answer = await call('GET', `${site}${path}`);
          const shown = answer.status === 200 && answer.text.includes(title);
          // What answered, for a failure to say: nginx's copy or not, Next's cache state.
          const by = `${answer.status} nginx ${answer.headers.get('x-cache-status')} next ${answer.headers.get('x-nextjs-cache')}`;
          whileAway.push([path, shown, by]);
        }
        await sleep(1000);
      }
      const never = await call('GET', `${site}/news/bai-chua-tung-mo`);
      await Promise.all(topology.apis.map((api) => api.start()));
      assert.deepEqual(
        whileAway.filter(([, shown]) => !shown),
        [],
        'every page kept its last good content while away',
      );
      assert.equal(never.status, 503, 'an article never rendered is a 503 while the API is away, not a 500 or a 404');
      assert.match(never.headers.get('retry-after') ?? '', /^\d+$/);
      assert.match(never.text, /Hệ thống đang bận/);
      await sleep(1500);
      const after = [];
      for (let round = 0; round < 4; round += 1) {
        for (const path of ['/', '/news']) after.push([path, await shows(path)]);
        await sleep(1000);
      }
      assert.deepEqual(
        after.filter(([, shown]) => !shown),
        [],
        'the articles are shown after the API is back',
      );
      assert.equal(
        (await call('GET', `${site}/news/bai-chua-tung-mo`)).status,
        404,
        'a 404 once the API says not found',
      );
    },
  );

  await check('a web process restarted under page load takes traffic only once warm: no page fails', async () => {
    const paths = ['/', '/news', '/store?tab=tieu-bieu', '/gift-code', '/supports', '/community/test', '/privacy'];
    const figures = [];
    // Without warm-up first (the process binds at once, as before decision 026), then as shipped.
    for (const warmUpSeconds of ['0', '30']) {
      process.env.WEB_WARMUP_SECONDS = warmUpSeconds;
      const [web] = topology.webs;
      const requests = [];
      let stop = false;
      const loop = async (offset) => {
        for (let index = offset; !stop; index += 1) {
          const start = Date.now();
          const { status } = await call('GET', `${site}${paths[index % paths.length]}`);
          requests.push({ start, ms: Date.now() - start, status });
        }
      };
      const running = Promise.all([0, 1, 2, 3].map(loop));
      await sleep(1000);
      await web.stop();
      const restarted = Date.now();
      await web.start();
      await sleep(10_000);
      stop = true;
      await running;
      const window = requests.filter((entry) => entry.start >= restarted);
      const times = window.map((entry) => entry.ms).sort((a, b) => a - b);
      const p99 = times[Math.floor(times.length * 0.99)];
      figures.push({
        warmUpSeconds,
        requests: window.length,
        failed: window.filter((e) => e.status !== 200).length,
        p99,
      });
    }
    delete process.env.WEB_WARMUP_SECONDS;
    assert.equal(figures[1].failed, 0, JSON.stringify(figures));
    return figures.map((f) => `WEB_WARMUP_SECONDS=${f.warmUpSeconds}: ${JSON.stringify(f)}`).join('; ');
  });

  await check('an unwritable uploads folder: 503, no upload quota used, no file left', async () => {
    const [player] = await createPlayers(1);
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c83' } })
      .png()
      .toBuffer();
    const upload = () => {
      const form = new FormData();
      form.append('folder', 'supports');
      form.append('files', new Blob([image], { type: 'image/png' }), 'anh.png');
      return call('POST', `${site}/api/upload/${player.id}/public-images`, { token: player.token, body: form });
    };
    assert.equal((await upload()).status, 200, 'an upload before the fault');
    const uploads = topology.apiEnv.UPLOAD_DIR;
    const files = (dir) =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const before = files(uploads);
    // Root writes through any mode bits, so as root the folder is replaced by a file: nothing under it
    // can be created. Any other user gets a folder without write permission.
    const away = `${uploads}.away`;
    renameSync(uploads, away);
    if (process.getuid?.() === 0) writeFileSync(uploads, '');
    else mkdirSync(uploads, { mode: 0o555 });
    const during = [];
    for (let attempt = 0; attempt <= UPLOADS_PER_WINDOW; attempt += 1) during.push((await upload()).status);
    rmSync(uploads, { recursive: true, force: true });
    renameSync(away, uploads);
    const left = files(uploads);
    const afterwards = [];
    for (let attempt = 1; attempt < UPLOADS_PER_WINDOW; attempt += 1) afterwards.push((await upload()).status);
    await all(
      () =>
        assert.deepEqual(
          during,
          during.map(() => 503),
          'a storage fault is a 503',
        ),
      () => assert.deepEqual(left, before, 'no file (nor .part) left by a failed upload'),
      () =>
        assert.deepEqual(
          afterwards,
          afterwards.map(() => 200),
          'failed uploads used none of the quota',
        ),
    );
  });
} finally {
  const failed = anyFailed();
  if (failed) {
    // The last lines of each process, cut short: a failed SQL statement is logged whole.
    const tails = topology
      .logTails(6)
      .split('\n')
      .map((line) => line.slice(0, 400));
    console.log(`${tails.join('\n')}\nLogs and nginx's files: ${topology.dir}`);
  }
  await redis.start().catch(() => undefined);
  await postgres.start().catch(() => undefined);
  await sql.end();
  await topology.stop({ keepLogs: failed });
  await Promise.all([postgres.destroy(), redis.destroy(), game.close()]);
  summarize();
}
