/**
 * The soak (issue 29, "memory that levels off"): the production topology (nginx, two API processes, the
 * mailbox worker, two web processes; scripts/production/topology.mjs) under a steady mixed load through
 * nginx for SOAK_MINUTES: public pages, /api/me by many distinct signed-in players (so the session and
 * token caches fill and churn), /api/news lists, gift-code claims by distinct players and purchases paid
 * through the bank-feed stand-in. Every SOAK_SAMPLE_SECONDS it reads each process's resident memory
 * (VmRSS in /proc/<pid>/status) and each API's live heap (its /api/metrics); at the end it prints, per
 * process, the memory at the start of the load, after 25 %, 50 % and 75 % and at the end, the slope over
 * the last half and a verdict. A process passes when its RSS levels off, or (an API) its live heap does.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test BENCH_REDIS_URL=redis://127.0.0.1:6379 \
 *     node bench/soak.mjs
 *
 * Settings: SOAK_MINUTES (30), SOAK_SAMPLE_SECONDS (30), SOAK_PLAYERS (60000: more than the API's
 * session cache holds, 50,000 entries). Not part of `npm run bench`: it lasts half an hour.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { buildWebIfStale, run } from '../scripts/processes.mjs';
import { call, sleep, topologyClients } from '../scripts/production/clients.mjs';
import { createBankFeed, startGameMailbox } from '../scripts/production/stand-ins.mjs';
import { startTopology, topologySecrets } from '../scripts/production/topology.mjs';
import { printTable, topologyServers } from './lib.mjs';

const { adminDatabaseUrl, redisUrl } = topologyServers();
const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const sampleSeconds = Number(process.env.SOAK_SAMPLE_SECONDS ?? 30);
const playerCount = Number(process.env.SOAK_PLAYERS ?? 60_000);
for (const [name, value] of [
  ['SOAK_MINUTES', minutes],
  ['SOAK_SAMPLE_SECONDS', sampleSeconds],
  ['SOAK_PLAYERS', playerCount],
]) {
  if (!(value > 0)) {
    console.error(`${name} must be a positive number.`);
    process.exit(1);
  }
}

/** The verdict: the last half grew by less than this many MB, or by less than this share of its RSS. */
const LEVEL_MB = 10;
const LEVEL_SHARE = 0.05;
const BANK_ACCOUNT = '0123456789';
/** A pack without a purchase limit (as in scripts/production/fault-load.mjs). */
const UNLIMITED_PRODUCT_ID = 44;
const PAGES = ['/', '/news', '/store?tab=tieu-bieu', '/gift-code', '/supports', '/privacy'];
const CODE = 'SOAKCODE';

// Ctrl-C (or SIGTERM) ends the load early; everything started is stopped in the `finally` below. A
// second Ctrl-C while stopping is ignored: leaving would orphan the processes.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!interrupted) console.log(`\n${signal}: ending the load and stopping every process…`);
    interrupted = true;
  });
}

await run('npm', ['run', 'build', '--silent', '-w', 'apps/api']);
await buildWebIfStale();
const secrets = topologySecrets();
const game = await startGameMailbox(secrets.mailbox);
let topology;
try {
  topology = await startTopology({
    adminDatabaseUrl,
    redisUrl,
    gameMailboxUrl: game.url,
    secrets,
    apiEnv: {
      RATE_LIMIT_PER_MINUTE: '100000000',
      GUEST_ORDERS_PER_IP: '100000000',
      GUEST_OPEN_ORDERS_PER_RECEIVER: '100000000',
      BANK_ACCOUNT_NUMBER: BANK_ACCOUNT,
    },
  });
} catch (error) {
  await game.close();
  throw error;
}

/** Resident memory of one process in MB, or null once it is gone. */
function rssMb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The live JavaScript heap of an API process in MB (prom-client's nodejs_heap_size_used_bytes from its
 * own /api/metrics), or null: RSS also holds garbage not yet collected and the allocator's slack, so a
 * heap that stays flat while RSS creeps is not a leak.
 */
async function heapMb(api) {
  try {
    const response = await fetch(`${api.url}/api/metrics`, {
      headers: { authorization: `Bearer ${secrets.metrics}` },
      signal: AbortSignal.timeout(5000),
    });
    const match = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(await response.text());
    return match ? Number(match[1]) / 1048576 : null;
  } catch {
    return null;
  }
}

/** Latencies in a histogram of 1 ms buckets (up to 60 s), so half an hour of requests costs no memory. */
const histogram = new Uint32Array(60_001);
const counts = new Map(); // "kind status" -> count
const unexpected = new Map();
let sent = 0;
function record(kind, status, ms, expected) {
  sent += 1;
  histogram[Math.min(Math.round(ms), histogram.length - 1)] += 1;
  const key = `${kind} ${status}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (!expected) unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
}
function percentile(share) {
  const target = Math.ceil(sent * share);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms];
    if (seen >= target) return ms;
  }
  return histogram.length - 1;
}

const sql = new pg.Pool({ connectionString: topology.databaseUrl, max: 4 });
let stopLoad = false;
const samples = [];
let load = null;
let passed;
try {
  const site = topology.siteUrl;
  const { createPlayers } = topologyClients({ topology, sql, jwtSecret: secrets.jwt, game });
  const feed = createBankFeed({
    webhookUrl: `${site}/api/webhooks/sepay`,
    apiKey: secrets.sepay,
    accountNumber: BANK_ACCOUNT,
  });
  // What staff would make in the console, made in the database: an unlimited gift code.
  await sql.query(
    `INSERT INTO gift_codes (code, name, rewards) VALUES ($1, $1, '[{"itemId":"diamond","quantity":5}]')`,
    [CODE],
  );
  const players = [];
  for (let made = 0; made < playerCount && !interrupted; made += 5000)
    players.push(...(await createPlayers(Math.min(5000, playerCount - made))));
  const receivers = players.slice(0, 12);
  console.log(`Soak: ${minutes} min through ${site}, ${players.length} players, a sample every ${sampleSeconds} s`);

  /** One request; `expected(status)` says whether its answer is a correct one. */
  const timed = async (kind, method, path, options = {}, expected = (status) => status >= 200 && status < 400) => {
    const started = performance.now();
    const answer = await call(method, `${site}${path}`, { ...options, timeoutMs: 15_000 });
    record(kind, answer.status, performance.now() - started, expected(answer.status));
    return answer;
  };
  const pick = () => players[Math.floor(Math.random() * players.length)];
  let nextClaimer = 0;
  const loops = {
    pages: async (offset) => {
      for (let index = offset; !stopLoad; index += 1) await timed('page', 'GET', PAGES[index % PAGES.length]);
    },
    me: async () => {
      while (!stopLoad) await timed('me', 'GET', '/api/me', { token: pick().token });
    },
    news: async () => {
      for (let index = 0; !stopLoad; index += 1)
        await timed('news', 'GET', `/api/news?page=${1 + (index % 3)}&pageSize=${5 + (index % 16)}`);
    },
    // Each player claims once; after every player has, the round starts again and the code is already
    // claimed: a 409, the right answer.
    claims: async () => {
      while (!stopLoad) {
        const player = players[nextClaimer++ % players.length];
        await timed('claim', 'POST', '/api/gift-codes/claim', { token: player.token, body: { code: CODE } }, (s) =>
          [200, 409].includes(s),
        );
      }
    },
    purchases: async (index) => {
      while (!stopLoad) {
        const receiver = receivers[index % receivers.length];
        const placed = await timed('purchase', 'POST', '/api/transactions/bank', {
          body: { shortId: receiver.shortId, productId: UNLIMITED_PRODUCT_ID },
        });
        const order =
          placed.status === 200 && (await timed('order', 'GET', `/api/transactions/bank/${placed.json.data.id}`));
        if (!order || order.status !== 200) {
          await sleep(250); // a refused order: the player waits a moment before trying again
          continue;
        }
        const started = performance.now();
        const paid = await feed.transfer(order.json.data.code, order.json.data.totalPrice).then(
          (event) => event.attempts === 1,
          () => false,
        );
        record('webhook', paid ? 200 : 0, performance.now() - started, paid);
      }
    },
  };

  const processes = () => [
    ...topology.apis.map((api) => [api.name, api.child.pid]),
    ['mailbox-worker', topology.worker.pid],
    ...topology.webs.map((web) => [web.name, web.child.pid]),
  ];
  const began = Date.now();
  const sample = async () =>
    samples.push({
      at: (Date.now() - began) / 60_000,
      rss: Object.fromEntries(processes().map(([name, pid]) => [name, rssMb(pid)])),
      heap: Object.fromEntries(
        await Promise.all(topology.apis.map(async (api) => [`${api.name} heap`, await heapMb(api)])),
      ),
    });
  await sample();
  load = Promise.all([
    loops.pages(0),
    loops.pages(3),
    loops.me(),
    loops.me(),
    loops.me(),
    loops.news(),
    loops.claims(),
    loops.claims(),
    loops.purchases(0),
    loops.purchases(1),
  ]);
  const end = began + minutes * 60_000;
  while (!interrupted && Date.now() < end) {
    await sleep(Math.min(sampleSeconds * 1000, end - Date.now()));
    await sample();
    const last = samples.at(-1);
    const figures = Object.entries({ ...last.rss, ...last.heap }).map(
      ([name, mb]) => `${name} ${mb?.toFixed(0) ?? '-'}`,
    );
    console.log(`  ${last.at.toFixed(1)} min, ${sent} requests, RSS MB: ${figures.join(', ')}`);
  }
  stopLoad = true;
  await load;
  passed = report(Date.now() - began);
} finally {
  stopLoad = true;
  await load?.catch(() => undefined);
  await sql.end();
  await topology.stop();
  await game.close();
}
if (!passed || interrupted) process.exitCode = 1;

/** Least-squares slope of (minute, MB) points, in MB per minute. */
function slope(points) {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const spread = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return spread === 0 ? 0 : points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0) / spread;
}

/** Prints the tables; false when a process did not level off or a request failed. */
function report(elapsedMs) {
  const total = samples.at(-1).at;
  const at = (share) =>
    samples.reduce((best, s) => (Math.abs(s.at - total * share) < Math.abs(best.at - total * share) ? s : best));
  const memory = (s) => ({ ...s.rss, ...s.heap });
  const verdicts = new Map();
  const rows = Object.keys(memory(samples[0])).map((name) => {
    const mb = (share) => memory(at(share))[name];
    const half = samples
      .filter((s) => s.at >= total / 2 && memory(s)[name] !== null)
      .map((s) => [s.at, memory(s)[name]]);
    const perMinute = half.length >= 2 ? slope(half) : 0;
    // The growth over the last half as the fitted line gives it: one sample taken just before a
    // garbage collection does not decide the verdict.
    const growth = perMinute * (total / 2);
    const levels = growth < LEVEL_MB || growth < LEVEL_SHARE * mb(0.5);
    // Fewer than 4 samples in the last half (a run cut short by Ctrl-C) say nothing either way.
    const enough = half.length >= 4;
    verdicts.set(name, levels && enough && mb(1) !== null);
    const fixed = (value) => (value === null ? 'gone' : value.toFixed(1));
    return {
      process: name,
      'start MB': fixed(mb(0)),
      '25 % MB': fixed(mb(0.25)),
      '50 % MB': fixed(mb(0.5)),
      '75 % MB': fixed(mb(0.75)),
      'end MB': fixed(mb(1)),
      'last half MB/10 min': +(perMinute * 10).toFixed(2),
      verdict: mb(1) === null ? 'exited' : !enough ? 'too few samples' : levels ? 'levels off' : 'grows',
    };
  });
  // A process passes when its resident memory levels off, or (an API) when its live heap does: then
  // what RSS still gains is the allocator's and the collector's slack, not memory the process keeps.
  const ok = Object.keys(samples[0].rss).every((name) => verdicts.get(name) || verdicts.get(`${name} heap`));
  printTable(
    `Resident memory, and the APIs' live heap, over ${total.toFixed(1)} min (${samples.length} samples); "levels off": the last half's ` +
      `fitted growth is under ${LEVEL_MB} MB or under ${LEVEL_SHARE * 100} % of the RSS at 50 %`,
    rows,
  );
  const errors = [...unexpected.values()].reduce((sum, n) => sum + n, 0);
  printTable('Requests through nginx', [
    {
      sent,
      'per second': Math.round(sent / (elapsedMs / 1000)),
      errors,
      'p50 ms': percentile(0.5),
      'p99 ms': percentile(0.99),
      'max ms': percentile(1),
    },
  ]);
  console.log(
    `By kind and status: ${[...counts].map(([key, n]) => `${key}: ${n}`).join(', ')}` +
      (errors ? `\nUnexpected answers: ${[...unexpected].map(([key, n]) => `${key}: ${n}`).join(', ')}` : ''),
  );
  return ok && errors === 0;
}
