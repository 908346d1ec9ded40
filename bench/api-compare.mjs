import { join } from 'node:path';
import { benchDatabase, measureProcess, median, printTable, startApi, startBareFastify } from './lib.mjs';

/**
 * The API of another checkout (BASE, e.g. a worktree at the commit before a change) against this one,
 * on a busy machine: both APIs and bare Fastify run at once, each route is measured in short runs
 * alternating between the two, and the medians count, so that a change of load touches both alike.
 *
 *   BASE=/work/wt/before BENCH_DATABASE_URL=postgres://… node bench/api-compare.mjs [rounds] [seconds]
 *
 * Both checkouts are built (their own npm run build -w apps/api). "CPU ratio" is the bare route's CPU
 * time per request over the route's: the figure the req/s ratio follows when the machine is quiet.
 */
const base = process.env.BASE;
if (!base) {
  console.error('Set BASE to the other checkout (a git worktree with node_modules linked).');
  process.exit(1);
}
const rounds = Number(process.argv[2] ?? 5);
const duration = Number(process.argv[3] ?? 2);

const measure = (pid, options) => measureProcess(pid, { duration, ...options });

const baseLib = await import(join(base, 'bench/lib.mjs'));
const databases = { base: await baseLib.benchDatabase(), this: await benchDatabase() };
const apis = {};
let bare;
try {
  // Demo mode seeds player1, whom both sign in as.
  apis.base = await baseLib.startApi({ ...databases.base.env, DEMO_MODE: 'true' });
  apis.this = await startApi({ ...databases.this.env, DEMO_MODE: 'true' });
  bare = await startBareFastify();

  const headers = {};
  for (const [name, api] of Object.entries(apis)) {
    const login = await fetch(`${api.base}/api/auth/carabala`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'player1', password: 'player123', deviceId: 'carabala.web.bench' }),
    }).then((response) => response.json());
    headers[name] = { authorization: `Bearer ${login.data.accessToken}` };
  }
  const routes = {
    'GET /api/health': '/api/health',
    'GET /api/me': '/api/me',
    'GET /api/news': '/api/news',
    'GET /api/news/{slug}': '/api/news/le-hoi-trung-vang-mua-he-2025',
  };
  // Warm-up (JIT, caches), not counted.
  await measure(bare.pid, { url: bare.url });
  for (const path of Object.values(routes)) {
    for (const name of ['base', 'this']) {
      await measure(apis[name].pid, { url: `${apis[name].base}${path}`, headers: headers[name] });
    }
  }
  const runs = { bare: [] };
  for (let round = 0; round < rounds; round += 1) {
    runs.bare.push(await measure(bare.pid, { url: bare.url }));
    for (const [route, path] of Object.entries(routes)) {
      for (const name of round % 2 ? ['this', 'base'] : ['base', 'this']) {
        const key = `${route} (${name})`;
        runs[key] ??= [];
        runs[key].push(await measure(apis[name].pid, { url: `${apis[name].base}${path}`, headers: headers[name] }));
      }
    }
    runs.bare.push(await measure(bare.pid, { url: bare.url }));
  }
  const bareRate = median(runs.bare.map((run) => run.rate));
  const bareCpu = median(runs.bare.map((run) => run.cpuUs));
  printTable(
    `API before (BASE) and after (this checkout), medians of ${rounds} rounds of ${duration} s`,
    Object.entries(runs).map(([route, values]) => {
      const rate = median(values.map((run) => run.rate));
      const cpuUs = median(values.map((run) => run.cpuUs));
      return {
        route,
        'req/s': Math.round(rate),
        ratio: +(rate / bareRate).toFixed(3),
        'CPU µs/req': +cpuUs.toFixed(1),
        'CPU ratio': +(bareCpu / cpuUs).toFixed(3),
      };
    }),
  );
} finally {
  await bare?.stop();
  await Promise.all(Object.values(apis).map((api) => api.stop()));
  await Promise.all(Object.values(databases).map((database) => database.drop()));
}
