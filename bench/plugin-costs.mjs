import { join } from 'node:path';
import { root } from '../scripts/processes.mjs';
import { measureProcess, median, pinning, printTable, startNoopServer } from './lib.mjs';

/** The layers of apps/api/src/app.ts: the logger, the request id with the security headers (one hook), the
 * rate limit, metrics with the slow-answer warning (one hook), zod's validator and the compiled serializer. */
const LAYERS = ['logger', 'headers', 'rate-limit', 'metrics', 'zod'];

/** A no-op route with `layers` (bench/plugin-app.ts), on the server's core. */
const serve = (layers) =>
  startNoopServer((port) => ['--import', 'tsx', join(root, 'bench/plugin-app.ts'), String(port), layers.join(',')], {
    pinned: true,
    cwd: join(root, 'apps/api'),
  });

const ROUNDS = 3;

/**
 * What each per-request plugin of the API costs: a no-op route with that plugin alone, then with all
 * of them, against a bare Fastify route. Every variant runs in its own process on the server's core
 * (`pinning` in lib.mjs), all started at once and measured in turn for ROUNDS rounds (the median counts), so that a load change on the machine touches
 * every variant alike. The CPU time each process spent per request (µs) is the steadier figure on a
 * busy machine; "added" is that beyond the bare route. Auth is measured in the API bench (GET /api/me
 * against /api/health).
 */
export async function benchPluginCosts() {
  const variants = [[], ...LAYERS.map((layer) => [layer]), LAYERS];
  const servers = [];
  try {
    for (const layers of variants) servers.push(await serve(layers));
    pinning.loadGenerator(true);
    const runs = variants.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, server] of servers.entries())
        runs[index].push(await measureProcess(server.pid, { url: server.url, duration: 3 }));
    }
    const rates = runs.map((values) => median(values.map((value) => value.rate)));
    const cpu = runs.map((values) => median(values.map((value) => value.cpuUs)));
    const [bare, ...others] = rates;
    const rows = [
      { plugins: 'none (bare Fastify)', 'req/s': Math.round(bare), ratio: 1, 'CPU µs/req': cpu[0], 'CPU µs added': 0 },
    ];
    others.forEach((value, index) => {
      const layers = variants[index + 1];
      rows.push({
        plugins: layers.length === LAYERS.length ? 'all of them' : layers[0],
        'req/s': Math.round(value),
        ratio: +(value / bare).toFixed(3),
        'CPU µs/req': cpu[index + 1],
        'CPU µs added': +(cpu[index + 1] - cpu[0]).toFixed(1),
      });
    });
    printTable(`Per-request plugin costs on a no-op route (median of ${ROUNDS} rounds)`, rows);
    return rows;
  } finally {
    pinning.loadGenerator(false);
    await Promise.all(servers.map((server) => server.stop()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPluginCosts();
