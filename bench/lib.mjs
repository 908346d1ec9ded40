import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, root, waitFor } from '../scripts/processes.mjs';

/** A fresh database for one bench: a new PostgreSQL database when BENCH_DATABASE_URL is set, else PGlite. */
export async function benchDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'carabala-bench-'));
    return {
      kind: 'pglite',
      env: { PGLITE_DIR: join(dir, 'db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    env: { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '20' },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Compiles the API (apps/api/dist), so that the benches measure what production runs. Takes about a second. */
export function buildApi() {
  execFileSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Starts the compiled API process on a free port; returns its base URL, its pid and a stop function. */
export async function startApi(env) {
  buildApi();
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: join(root, 'apps/api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/ready`, 120_000);
  return {
    base,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) a process has used so far, in microseconds, from /proc/<pid>/stat. */
function cpuMicroseconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces), from the 3rd: utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

async function run({ url, method = 'GET', headers = {}, body, duration = 8, connections = 20 }) {
  const result = await autocannon({ url, method, headers, body, duration, connections });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${method} ${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result;
}

/** Requests per second of one autocannon run. */
export async function measure(options) {
  return (await run(options)).requests.average;
}

/**
 * Requests per second of one autocannon run, and the server process's CPU time per request (µs): on a
 * busy machine the rate moves with the load, the CPU cost per request much less.
 */
export async function measureProcess(pid, options) {
  const before = cpuMicroseconds(pid);
  const result = await run(options);
  const used = cpuMicroseconds(pid) - before;
  return { rate: result.requests.average, cpuUs: +(used / Math.max(1, result.requests.total)).toFixed(1) };
}

export function printTable(title, rows) {
  console.log(`\n${title}`);
  console.table(rows);
}
