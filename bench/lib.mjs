import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, root, waitFor } from '../scripts/processes.mjs';

/** The PostgreSQL server and Redis of the benches that run the production topology; it needs both. */
export function topologyServers() {
  const adminDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (!adminDatabaseUrl || !redisUrl) {
    console.error('Set BENCH_DATABASE_URL (PostgreSQL) and BENCH_REDIS_URL (Redis): the topology needs both.');
    process.exit(1);
  }
  return { adminDatabaseUrl, redisUrl };
}

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

const cores = availableParallelism();
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * Core pinning for the throughput benches on a small machine (2 cores here): the server under test runs
 * on core 0 and the load generator (this process, autocannon) on the others, so that neither takes the
 * other's core and the scheduler does not move them. Unpinned, the same API build spent up to a third
 * more CPU per request (26 against 36 µs for /api/health in back-to-back runs) while the bare route did
 * not move. Without taskset or with one core, nothing is pinned (`pinning.on` is false).
 */
export const pinning = {
  on: hasTaskset && cores >= 2,
  /** The command and arguments that start `args` (after node) on the server's core. */
  server(args) {
    return this.on ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
  },
  /** Moves this process (every thread) to the load generator's cores, or back to all of them. */
  loadGenerator(pinned) {
    if (!this.on) return;
    const list = pinned ? `1-${cores - 1}` : `0-${cores - 1}`;
    execFileSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
  },
};

/**
 * Starts the compiled API process on a free port; returns its base URL, its pid and a stop function.
 * `pinned` starts it on the server's core (see `pinning`).
 */
export async function startApi(env, { pinned = false } = {}) {
  buildApi();
  const port = await freePort();
  const [command, args] = pinned ? pinning.server(['dist/server.js']) : [process.execPath, ['dist/server.js']];
  const child = spawn(command, args, {
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

/** A process's command name, parent pid and CPU time (user + system, µs) so far, from /proc/<pid>/stat. */
export function processStat(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces), from the 3rd: ppid is the 4th, utime the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    ppid: Number(fields[1]),
    cpuUs: ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS,
  };
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time (user + system) a process has used so far, in microseconds. */
export const cpuMicroseconds = (pid) => processStat(pid).cpuUs;

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

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A bench script serving GET /noop, run by node in its own process with the arguments `argsOf(port)`
 * gives; `pinned` as for startApi. Returns the route's URL, the pid and a stop function.
 */
export async function startNoopServer(argsOf, { pinned = false, cwd } = {}) {
  const port = await freePort();
  const [command, args] = pinned ? pinning.server(argsOf(port)) : [process.execPath, argsOf(port)];
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/noop`;
  await waitFor(url, 60_000);
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The bare Fastify app of bench/bare-fastify.mjs: the framework's own limit. */
export const startBareFastify = (options) =>
  startNoopServer((port) => [join(root, 'bench/bare-fastify.mjs'), String(port)], options);

export function printTable(title, rows) {
  console.log(`\n${title}`);
  console.table(rows);
}
