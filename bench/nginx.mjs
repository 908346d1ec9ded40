/**
 * The cost of nginx in front: GET /api/health, GET /api/me (signed in) and GET / through nginx against
 * the same routes asked of the processes directly, in the same run, on the production topology
 * (scripts/production/topology.mjs: two compiled API processes, two web processes, deploy/nginx.conf).
 * The direct figure loads both processes at once (half the connections each) and sums them, so both
 * sides use the same processes and the same number of connections.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test BENCH_REDIS_URL=redis://127.0.0.1:6379/4 \
 *     node bench/nginx.mjs
 *
 * Settings: BENCH_SECONDS (8), BENCH_CONNECTIONS (20).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/processes.mjs';
import { startSite } from '../scripts/production/site.mjs';
import { printTable, topologyServers } from './lib.mjs';

const { adminDatabaseUrl, redisUrl } = topologyServers();
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function rate(urls, headers) {
  const errors = {};
  const results = await Promise.all(
    urls.map((url) => {
      const run = autocannon({
        url,
        headers,
        duration,
        connections: Math.max(1, Math.round(connections / urls.length)),
      });
      run.on(
        'reqError',
        (error) => (errors[error.code ?? error.message] = (errors[error.code ?? error.message] ?? 0) + 1),
      );
      return run;
    }),
  );
  for (const result of results) {
    if (result.non2xx > 0) throw new Error(`${result.url}: ${result.non2xx} non-2xx answers`);
  }
  // Transport errors (a reset connection) are shown beside the rate rather than ending the run: one
  // reset in a few hundred thousand requests says something, but not that the rates are wrong.
  return {
    rate: results.reduce((sum, result) => sum + result.requests.average, 0),
    errors: Object.entries(errors)
      .map(([code, count]) => `${code} ${count}`)
      .join(', '),
  };
}

const { game, topology } = await startSite({
  adminDatabaseUrl,
  redisUrl,
  apiEnv: { RATE_LIMIT_PER_MINUTE: '100000000' },
});
try {
  const password = randomBytes(18).toString('base64');
  await new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['dist/cli.js', 'create-account', '--username', 'bench.player', '--role', 'player'],
      {
        cwd: join(root, 'apps/api'),
        env: { ...process.env, ...topology.apiEnv },
        stdio: ['pipe', 'ignore', 'inherit'],
      },
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cli exited ${code}`))));
    child.stdin.end(`${password}\n`);
  });
  const login = await fetch(`${topology.siteUrl}/api/auth/carabala`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench.player', password, deviceId: 'bench' }),
  }).then((response) => response.json());
  const signedIn = { authorization: `Bearer ${login.data.accessToken}` };

  const routes = [
    { route: 'GET /api/health', path: '/api/health', direct: topology.apis },
    { route: 'GET /api/me (signed in)', path: '/api/me', direct: topology.apis, headers: signedIn },
    { route: 'GET / (home page)', path: '/', direct: topology.webs },
  ];
  const rows = [];
  for (const { route, path, direct, headers } of routes) {
    // Warm both paths first (JIT, Next's data cache, connection pools), so neither side pays for it.
    await Promise.all(
      [...direct.map((target) => `${target.url}${path}`), `${topology.siteUrl}${path}`].map((url) =>
        autocannon({ url, headers, duration: 2, connections: 4 }),
      ),
    );
    const straight = await rate(
      direct.map((target) => `${target.url}${path}`),
      headers,
    );
    const proxied = await rate([`${topology.siteUrl}${path}`], headers);
    rows.push({
      route,
      'direct req/s': Math.round(straight.rate),
      'through nginx req/s': Math.round(proxied.rate),
      ratio: +(proxied.rate / straight.rate).toFixed(2),
      'transport errors (direct / nginx)': `${straight.errors || 0} / ${proxied.errors || 0}`,
    });
  }
  printTable(`nginx in front of 2 API and 2 web processes (${connections} connections, ${duration} s each)`, rows);
} finally {
  await topology.stop();
  await game.close();
}
