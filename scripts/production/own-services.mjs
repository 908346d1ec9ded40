// A PostgreSQL cluster and a Redis server of the fault suite's own, on free loopback ports in a
// temporary folder, so that the suite can stop and start them under load without touching the
// machine's own servers. PostgreSQL's initdb refuses to run as root: as root, the cluster belongs to
// the `postgres` OS user (setpriv), as any other user, to that user.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../processes.mjs';

const redisBinary = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/** The newest PostgreSQL's binaries Debian installed (/usr/lib/postgresql/<major>/bin), or PG_BIN. */
function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base) ? readdirSync(base).filter((name) => /^\d+$/.test(name)) : [];
  if (majors.length === 0) return null;
  return join(base, String(Math.max(...majors.map(Number))), 'bin');
}

/** What is missing to run the fault suite's own servers, or null. */
export function missingServers() {
  const bin = postgresBin();
  if (!bin || !existsSync(join(bin, 'initdb')))
    return 'PostgreSQL server binaries (sudo apt-get install -y postgresql)';
  if (!existsSync(redisBinary)) return `redis-server at ${redisBinary} (sudo apt-get install -y redis-server)`;
  return null;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `signal` to `child` (if there is one) and waits until it has exited. */
async function terminate(child, signal) {
  if (!child) return;
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', resolve);
  });
  child.kill(signal);
  await exited;
}

async function waitUntil(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** Runs a command as the cluster's owner: `postgres` when this process is root, else this user. */
function asOwner(command, args) {
  if (process.getuid?.() !== 0) return { command, args };
  return {
    command: 'setpriv',
    args: ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args],
  };
}

/**
 * A fresh PostgreSQL cluster: `url` is a superuser's URL to its `postgres` database; `stop()` is a fast
 * shutdown (connections cut, as when the server goes away), `start()` starts it again on the same port
 * with the same data, `destroy()` stops it and removes the folder.
 */
export async function startOwnPostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'carabala-faults-pg-'));
  if (process.getuid?.() === 0) {
    const owner = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const group = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(owner), Number(group));
  }
  const data = join(dir, 'data');
  const init = asOwner(join(bin, 'initdb'), ['-D', data, '-U', 'carabala', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  execFileSync(init.command, init.args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const port = await freePort();
  const url = `postgres://carabala@127.0.0.1:${port}/postgres`;
  let child = null;
  const server = {
    url,
    port,
    async start() {
      if (child) return;
      const run = asOwner(join(bin, 'postgres'), [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=200',
        '-c',
        'fsync=off',
        '-c',
        'logging_collector=off',
      ]);
      child = spawn(run.command, run.args, { stdio: ['ignore', 'ignore', 'ignore'] });
      await waitUntil('PostgreSQL', async () => {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
        await client.connect();
        await client.end();
        return true;
      });
    },
    /** SIGINT: PostgreSQL's fast shutdown, every connection cut at once. */
    async stop() {
      await terminate(child, 'SIGINT');
      child = null;
    },
    async destroy() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** A Redis server without persistence: `stop()` shuts it down (its data gone), `start()` starts an empty one. */
export async function startOwnRedis() {
  const port = await freePort();
  let child = null;
  const server = {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    async start() {
      if (child) return;
      child = spawn(
        redisBinary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
        { stdio: ['ignore', 'ignore', 'ignore'] },
      );
      await waitUntil('Redis', async () => {
        const { connect } = await import('node:net');
        return new Promise((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.end('PING\r\n');
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        });
      });
    },
    async stop() {
      await terminate(child, 'SIGTERM');
      child = null;
    },
    destroy: () => server.stop(),
  };
  await server.start();
  return server;
}
