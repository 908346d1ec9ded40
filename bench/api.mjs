import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, root, waitFor } from '../scripts/processes.mjs';
import { benchDatabase, measureProcess, printTable, startApi } from './lib.mjs';

/** The bare Fastify app of bench/bare-fastify.mjs in its own process. */
async function startBareFastify() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'bench/bare-fastify.mjs'), String(port)], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/noop`;
  await waitFor(url, 30_000);
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

/**
 * API reads against a bare Fastify no-op route measured in the same run: the framework's own limit
 * on this machine. Targets: the news reads >= 0.6, GET /api/me >= 0.75. The API runs compiled
 * (dist/server.js), as in production. Beside each rate, the server process's CPU time per request:
 * the figure that still means something when other work shares the machine.
 */
export async function benchApi() {
  const database = await benchDatabase();
  const api = await startApi({ ...database.env, LOGIN_FAILURES_PER_IP: '100000000' });
  const bare = await startBareFastify();
  try {
    const credentials = JSON.stringify({ username: 'player1', password: 'player123', deviceId: 'carabala.web.bench' });
    const login = await fetch(`${api.base}/api/auth/carabala`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
    }).then((response) => response.json());
    const token = login.data.accessToken;
    const slug = 'le-hoi-trung-vang-mua-he-2025';

    const baseline = await measureProcess(bare.pid, { url: bare.url });
    const routes = [
      ['GET /api/health (the API no-op)', { url: `${api.base}/api/health` }],
      ['GET /api/me (signed in)', { url: `${api.base}/api/me`, headers: { authorization: `Bearer ${token}` } }],
      ['GET /api/news', { url: `${api.base}/api/news` }],
      [`GET /api/news/${slug}`, { url: `${api.base}/api/news/${slug}` }],
      [
        'POST /api/auth/carabala',
        {
          url: `${api.base}/api/auth/carabala`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: credentials,
          connections: 4,
        },
      ],
    ];
    const rows = [
      {
        route: 'bare Fastify no-op (baseline)',
        'req/s': Math.round(baseline.rate),
        ratio: 1,
        'CPU µs/req': baseline.cpuUs,
      },
    ];
    for (const [route, options] of routes) {
      const { rate, cpuUs } = await measureProcess(api.pid, options);
      rows.push({ route, 'req/s': Math.round(rate), ratio: +(rate / baseline.rate).toFixed(3), 'CPU µs/req': cpuUs });
    }
    printTable(
      `API throughput on ${database.kind} against a bare Fastify no-op route (targets: news >= 0.6, /api/me >= 0.75)`,
      rows,
    );
    return rows;
  } finally {
    await bare.stop();
    await api.stop();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
