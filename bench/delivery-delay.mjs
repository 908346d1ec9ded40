/**
 * From a payment to its mail in the game, on the production path: a compiled API process
 * (MAILBOX_WORKER=false) and the mailbox worker in its own process (dist/mailbox-worker.js), as in
 * deploy/, on PostgreSQL and Redis, with the reference game server (tools/game) as GAME_API_URL.
 * Orders are paid one after another, a random 0–1 s apart (payments do not arrive in step with the
 * worker's poll): for each, the delay from sending the bank's webhook to the game server receiving the
 * mail, and apart the webhook's own answer time.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test BENCH_REDIS_URL=redis://127.0.0.1:6379/5 \
 *     node bench/delivery-delay.mjs
 *
 * Settings: BENCH_ORDERS (40); MAILBOX_POLL_MS (the worker's poll: the API's default, 1000, unless set);
 * BENCH_API_DIR, another built apps/api to measure (an older commit's, for a before-and-after).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, root, waitFor } from '../scripts/processes.mjs';
import { createBankFeed, startGameMailbox } from '../scripts/production/stand-ins.mjs';
import { benchDatabase, buildApi, median, printTable, topologyServers } from './lib.mjs';

const { redisUrl } = topologyServers();
const orders = Number(process.env.BENCH_ORDERS ?? 40);
const apiDir = resolve(process.env.BENCH_API_DIR ?? join(root, 'apps/api'));
if (!process.env.BENCH_API_DIR) buildApi();
const BANK_ACCOUNT = '0123456789';
const PRODUCT_ID = 44; // a pack without a purchase limit

const secrets = { jwt: randomBytes(48).toString('base64'), sepay: randomBytes(24).toString('hex') };
const gameSecret = randomBytes(32).toString('hex');
const game = await startGameMailbox(gameSecret);
// A player of this run only, without characters (the account receives): the shared Redis keeps the
// game's look-ups of earlier runs, whose shadows were in other databases.
const RECEIVER = String(randomInt(90_000_000, 99_999_999));
game.addPlayers([{ playerId: `bench-${RECEIVER}`, userId: RECEIVER, displayName: 'Người chơi thử' }]);
const database = await benchDatabase();
const dir = mkdtempSync(join(tmpdir(), 'carabala-delivery-'));
const port = await freePort();
const site = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ...database.env,
  REDIS_URL: redisUrl,
  JWT_SECRET: secrets.jwt,
  SEPAY_API_KEY: secrets.sepay,
  BANK_ACCOUNT_NUMBER: BANK_ACCOUNT,
  GAME_API_URL: game.url,
  GAME_API_SECRET: gameSecret,
  GAME_CALLBACK_SECRET: randomBytes(32).toString('hex'),
  METRICS_TOKEN: randomBytes(24).toString('hex'),
  PUBLIC_WEB_URL: site,
  UPLOAD_DIR: join(dir, 'uploads'),
  RATE_LIMIT_PER_MINUTE: '1000000',
  GUEST_ORDERS_PER_IP: '1000000',
  GUEST_OPEN_ORDERS_PER_RECEIVER: '1000000',
  MAILBOX_WORKER: 'false',
};
const children = [];
const start = (name, script, extra = {}) => {
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: apiDir,
    env: { ...env, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', (code) => {
    if (code && !stopping) console.error(`${name} exited with ${code}`);
  });
  children.push(child);
  return child;
};
let stopping = false;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const post = async (path, body) => {
  const response = await fetch(`${site}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
};

try {
  // The API migrates the new database first; the worker starts on the migrated one.
  start('api', 'dist/server.js', { PORT: String(port) });
  await waitFor(`${site}/api/ready`, 60_000);
  start('mailbox-worker', 'dist/mailbox-worker.js');
  const feed = createBankFeed({
    webhookUrl: `${site}/api/webhooks/sepay`,
    apiKey: secrets.sepay,
    accountNumber: BANK_ACCOUNT,
  });
  const delays = [];
  const answers = [];
  // One more order first, not counted: it waits for the worker's start (its migrations, the copy of the
  // game's items) and warms both processes.
  for (let index = -1; index < orders; index += 1) {
    const order = await post('/transactions/bank', { shortId: RECEIVER, productId: PRODUCT_ID });
    const { code, totalPrice } = (await (await fetch(`${site}/api/transactions/bank/${order.id}`)).json()).data;
    await sleep(Math.random() * 1000);
    const sent = Date.now();
    await feed.transfer(code, totalPrice);
    const answered = Date.now() - sent;
    const deadline = Date.now() + 30_000;
    let mail;
    while (!(mail = [...game.applied.values()].find((each) => each.source === 'order' && each.sourceId === order.id))) {
      if (Date.now() > deadline) throw new Error(`the mail of order ${order.id} did not reach the game in 30 s`);
      await sleep(2);
    }
    if (index < 0) continue;
    answers.push(answered);
    delays.push(Date.parse(mail.receivedAt) - sent);
  }
  const sorted = (values) => [...values].sort((a, b) => a - b);
  const at = (values, share) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * share))];
  const row = (values) => ({ median: median(values), p90: at(values, 0.9), max: Math.max(...values) });
  printTable('From the bank webhook sent, ms', {
    'to the mail in the game': row(delays),
    'to the webhook answered': row(answers),
  });
  console.log(`${orders} orders; worker poll ${env.MAILBOX_POLL_MS ?? '1000 (default)'} ms; API from ${apiDir}`);
} finally {
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', done);
          child.kill('SIGTERM');
        }),
    ),
  );
  await game.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
