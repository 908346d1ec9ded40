/**
 * Start time and memory of one API process: run from the TypeScript sources through tsx (development)
 * and from the compiled bundle (production, `npm run build -w apps/api`), alternately, same database.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node bench/api-start.mjs
 *
 * Start: from spawning node to the first 200 of /api/ready. Memory: resident set (VmRSS) once ready,
 * and again after 2,000 requests to GET /api/me. Medians of BENCH_ROUNDS (5) starts of each.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, root } from '../scripts/processes.mjs';
import { benchDatabase, median, printTable } from './lib.mjs';

const apiDir = join(root, 'apps/api');
if (!existsSync(join(apiDir, 'dist/server.js'))) {
  console.error('Build the API first: npm run build -w apps/api');
  process.exit(1);
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const variants = {
  'tsx (src/server.ts)': ['--import', 'tsx', 'src/server.ts'],
  'node (dist/server.js)': ['--enable-source-maps', 'dist/server.js'],
};

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function startOnce(args, env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: apiDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const startMs = performance.now() - started;
  const readyRss = rssMb(child.pid);
  await autocannon({ url: `${base}/api/me`, amount: 2000, connections: 10 });
  const loadedRss = rssMb(child.pid);
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { startMs, readyRss, loadedRss };
}

const database = await benchDatabase();
const env = {
  ...database.env,
  NODE_ENV: database.kind === 'postgres' ? 'production' : 'development',
  JWT_SECRET: randomBytes(32).toString('hex'),
  SEPAY_API_KEY: randomBytes(24).toString('hex'),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
};
const results = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
try {
  await startOnce(variants['node (dist/server.js)'], env); // migrates the fresh database
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, args] of Object.entries(variants)) results[name].push(await startOnce(args, env));
  }
} finally {
  await database.drop();
}
printTable(
  `API process start and memory (${database.kind}, median of ${rounds})`,
  Object.entries(results).map(([name, runs]) => ({
    run: name,
    'start to ready (ms)': Math.round(median(runs.map((run) => run.startMs))),
    'RSS ready (MB)': Math.round(median(runs.map((run) => run.readyRss))),
    'RSS after 2,000 requests (MB)': Math.round(median(runs.map((run) => run.loadedRss))),
  })),
);
