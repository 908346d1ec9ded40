#!/usr/bin/env node
// Bank-feed webhook throughput on PostgreSQL, as a ratio to pgbench's TPC-B figure measured on the
// same database in the same run (target: 0.5 or better). Standalone:
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node bench/webhook.mjs
// Each webhook is a distinct SePay event crediting a partial payment to one of many open orders:
// one transaction with an insert (dedup), a row lock, an update and an event update.
import { execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createDatabase, dropDatabase } from '../scripts/databases.mjs';

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const pgbench = process.env.PGBENCH ?? '/usr/bin/pgbench';
const apiDir = fileURLToPath(new URL('../apps/api/', import.meta.url));
const SEPAY_KEY = 'bench-sepay-key-0123456789';
const ACCOUNT = '0123456789';
const ORDERS = 400;

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

const name = `bench_webhook_${Date.now().toString(36)}`;
const databaseUrl = await createDatabase(adminUrl, name);
let api;
try {
  // 1. pgbench TPC-B on this database.
  execFileSync(pgbench, ['-i', '-q', '-s', '1', databaseUrl], { stdio: 'ignore' });
  const tpcb = () => {
    const out = execFileSync(pgbench, ['-c', String(connections), '-j', '2', '-T', String(duration), databaseUrl], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    if (!tps) throw new Error(`could not read pgbench's tps:\n${out}`);
    return tps;
  };
  // pgbench runs before and after the webhook run; their mean is the baseline, so that a busy
  // machine slows both sides alike.
  const tpsBefore = tpcb();

  // 2. The real API on the same database, with its in-process mailbox worker.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // The demo data (the player 8801234 the orders are for) is seeded in demo mode only.
      DEMO_MODE: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '20',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // The orders below are a guest's, all for one receiver.
      GUEST_ORDERS_PER_IP: '100000000',
      GUEST_OPEN_ORDERS_PER_RECEIVER: '100000000',
      SEPAY_API_KEY: SEPAY_KEY,
      BANK_ACCOUNT_NUMBER: ACCOUNT,
    },
  });
  await waitFor(`${base}/api/ready`, 120_000);

  const codes = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const created = await fetch(`${base}/api/transactions/bank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shortId: '8801234', productId: 608 }),
    }).then((response) => response.json());
    const detail = await fetch(`${base}/api/transactions/bank/${created.data.id}`).then((response) => response.json());
    codes.push(detail.data.code);
  }

  let next = randomInt(1, 2 ** 40);
  const result = await autocannon({
    url: `${base}/api/webhooks/sepay`,
    method: 'POST',
    duration,
    connections,
    headers: { 'content-type': 'application/json', authorization: `Apikey ${SEPAY_KEY}` },
    requests: [
      {
        setupRequest(request) {
          next += 1;
          const code = codes[next % codes.length];
          request.body = JSON.stringify({
            id: next,
            gateway: 'MBBank',
            transactionDate: '2026-11-21 10:00:00',
            accountNumber: ACCOUNT,
            code: null,
            content: `MBVCB.${next}.${code}.CT tu 0011004123456 NGUYEN VAN A`,
            transferType: 'in',
            transferAmount: 1000,
            accumulated: 0,
            subAccount: null,
            referenceCode: `FT${next}`,
            description: '',
          });
          return request;
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`webhook: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const eventsPerSecond = result.requests.average;
  const tpsAfter = tpcb();
  const tps = (tpsBefore + tpsAfter) / 2;
  const ratio = eventsPerSecond / tps;
  console.log('\nBank-feed webhook on PostgreSQL vs pgbench TPC-B, same database, same run (target >= 0.5)');
  console.table([
    { measure: 'pgbench TPC-B before (tps)', value: Math.round(tpsBefore) },
    { measure: 'pgbench TPC-B after (tps)', value: Math.round(tpsAfter) },
    { measure: 'POST /api/webhooks/sepay (events/s)', value: Math.round(eventsPerSecond) },
    { measure: 'ratio', value: +ratio.toFixed(3) },
  ]);
} finally {
  if (api) {
    await new Promise((resolve) => {
      api.once('exit', resolve);
      api.kill('SIGTERM');
    });
  }
  await dropDatabase(adminUrl, name);
}
