/**
 * Gift-code claims per second on PostgreSQL, and that figure as a ratio to pgbench's TPC-B on the same
 * database in the same run (the database's own limit on this machine). Target: 0.5 or better.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node bench/gift-codes.mjs
 *
 * Every claim is a distinct player redeeming one shared unlimited code (the launch-day shape: one
 * hot row), over real HTTP against real API processes (compiled, as in production), so every request
 * is a full success: session check and the one claim statement (claim, use and mail).
 *
 * Settings: BENCH_SECONDS (10), BENCH_CONNECTIONS (16), BENCH_API_PROCESSES (1),
 * BENCH_PLAYERS (30000), BENCH_PGBENCH_SCALE (1), BENCH_PGBENCH_CLIENTS (BENCH_CONNECTIONS).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { startApi } from './lib.mjs';

const run = promisify(execFile);
const setting = (name, fallback) => Number(process.env[name] ?? fallback);

const seconds = setting('BENCH_SECONDS', 10);
const connections = setting('BENCH_CONNECTIONS', 16);
// One API process by default: on a 2-core machine a second one only takes CPU from PostgreSQL.
const processes = setting('BENCH_API_PROCESSES', 1);
const playerCount = setting('BENCH_PLAYERS', 30_000);
// Scale 1 (pgbench's default) has one branch row that every transaction updates: the same one-hot-row
// shape as one popular gift code.
const pgbenchScale = setting('BENCH_PGBENCH_SCALE', 1);
const pgbenchClients = setting('BENCH_PGBENCH_CLIENTS', connections);

/** Players with live sessions, written in bulk by SQL; their tokens are signed with the session key of the bench's secret. */
async function createPlayers(client, secret) {
  const { rows } = await client.query(
    `WITH made AS (
       INSERT INTO users (short_id, display_name)
       SELECT 'B' || g, 'Bench ' || g FROM generate_series(1, $1::int) AS g
       RETURNING id
     )
     INSERT INTO sessions (user_id, expires_at)
     SELECT id, now() + interval '1 day' FROM made
     RETURNING id, user_id`,
    [playerCount],
  );
  const { deriveKey } = await tsImport('../apps/api/src/lib/keys.ts', import.meta.url);
  const key = deriveKey(secret, 'session');
  return Promise.all(
    rows.map((row) =>
      new SignJWT({ sid: row.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(row.user_id)
        .setIssuedAt()
        .setExpirationTime('1d')
        .sign(key),
    ),
  );
}

/**
 * A player's page asks GET /api/me before any claim (the get-me query), which leaves the session
 * verified in the API process; do the same for every player on every process before timing claims.
 */
async function warmSessions(apis, tokens) {
  for (const api of apis) {
    let next = 0;
    const result = await autocannon({
      url: `${api.base}/api/me`,
      connections: 16,
      amount: tokens.length,
      requests: [
        { setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${tokens[next++]}` } }) },
      ],
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`warming sessions: ${result.non2xx} refused, ${result.errors} errors`);
  }
}

/** One autocannon run per API process at once, each player's token used once; the summed rate. */
async function claimLoad(apis, tokens) {
  let next = 0;
  const body = JSON.stringify({ code: 'BENCH2026' });
  const results = await Promise.all(
    apis.map((api) =>
      autocannon({
        url: `${api.base}/api/gift-codes/claim`,
        duration: seconds,
        connections: Math.max(1, Math.round(connections / apis.length)),
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const token = tokens[next++ % tokens.length];
              return {
                ...request,
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body,
              };
            },
          },
        ],
      }),
    ),
  );
  const ok = results.reduce((sum, result) => sum + result['2xx'], 0);
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  if (next > tokens.length) throw new Error(`ran out of players (${tokens.length}); raise BENCH_PLAYERS`);
  const p99 = Math.max(...results.map((result) => result.latency.p99));
  return { claimsPerSecond: ok / seconds, ok, failed, p99 };
}

async function pgbenchTps(url) {
  await run('pgbench', ['-i', '-q', '-s', String(pgbenchScale), url], { maxBuffer: 1 << 24 });
  const { stdout } = await run('pgbench', ['-n', '-c', String(pgbenchClients), '-j', '2', '-T', String(seconds), url], {
    maxBuffer: 1 << 24,
  });
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!match) throw new Error(`could not read pgbench output:\n${stdout}`);
  return Number(match[1]);
}

/** Runs the bench on a fresh database of the PostgreSQL server at BENCH_DATABASE_URL; returns the figures. */
export async function benchGiftCodes() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL (a PostgreSQL URL whose user may create databases).');
  const name = `bench_gc_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const secret = randomBytes(32).toString('hex');
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(Math.max(4, Math.ceil(connections / processes))),
    JWT_SECRET: secret,
    // Production refuses the demo bank-feed key; this bench never receives a webhook.
    SEPAY_API_KEY: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const apis = [];
  try {
    // The first process migrates; the others start once the schema is there.
    apis.push(await startApi(env));
    for (let i = 1; i < processes; i += 1) apis.push(await startApi(env));

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const tokens = await createPlayers(client, secret);
    await client.query(
      `INSERT INTO gift_codes (code, name, rewards, max_uses) VALUES ('BENCH2026', 'Bench', '[{"itemId":"diamond","quantity":1}]', NULL)`,
    );
    await client.query('VACUUM ANALYZE');

    await warmSessions(apis, tokens);
    const claims = await claimLoad(apis, tokens);
    const { rows } = await client.query(
      `SELECT uses_count, (SELECT count(*)::int FROM gift_code_claims) AS claims,
              (SELECT count(*)::int FROM mails WHERE source = 'gift_code') AS mails
         FROM gift_codes WHERE code = 'BENCH2026'`,
    );
    await client.end();
    for (const api of apis.splice(0)) await api.stop();
    const stored = rows[0];
    // Requests still in flight when the clock stops commit but are not counted as answered.
    const consistent = stored.uses_count === stored.claims && stored.claims === stored.mails;
    if (!consistent || stored.claims < claims.ok) {
      throw new Error(`stored counts disagree with the answers: ${JSON.stringify({ ...stored, answered: claims.ok })}`);
    }

    const tps = await pgbenchTps(databaseUrl);
    const ratio = claims.claimsPerSecond / tps;
    console.log(
      `\nGift-code claims on PostgreSQL (${processes} API processes, ${connections} connections, ${seconds} s)`,
    );
    console.table([
      {
        measure: 'claims/s (distinct players, sessions warmed by GET /api/me, one hot code)',
        value: Math.round(claims.claimsPerSecond),
        note: `${claims.ok} claims, ${claims.failed} refused or failed, p99 ${claims.p99} ms`,
      },
      {
        measure: 'pgbench TPC-B tps (same database, same run)',
        value: Math.round(tps),
        note: `scale ${pgbenchScale}, ${pgbenchClients} clients`,
      },
      { measure: 'ratio claims/s : TPC-B tps', value: +ratio.toFixed(3), note: 'target >= 0.5' },
    ]);
    if (claims.failed > 0) process.exitCode = 1;
    return { claimsPerSecond: claims.claimsPerSecond, pgbenchTps: tps, ratio };
  } finally {
    for (const api of apis) await api.stop();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGiftCodes();
