import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus text at /api/metrics: request durations by route and status, plus process metrics.
 * Private: served only with `Authorization: Bearer <METRICS_TOKEN>`; without a token configured the
 * route does not exist. Anyone else gets the plain 404 of an unknown route.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { collectProcessMetrics: boolean; token?: string }) => {
    const registry = new Registry();
    if (options.collectProcessMetrics) collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const errors = new Counter({
      name: 'http_server_errors_total',
      help: 'Responses with a 5xx status',
      labelNames: ['route'],
      registers: [registry],
    });
    app.decorate('metrics', registry);

    // One labelled child per method, route and status, found by a plain key: prom-client would otherwise
    // sort and hash the label set on every request (bench/plugin-costs.mjs measures this hook).
    const series = new Map<string, ReturnType<typeof duration.labels>>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = duration.labels({ method: request.method, route, status: String(reply.statusCode) });
        series.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      if (reply.statusCode >= 500) errors.inc({ route });
      done();
    });

    const token = options.token;
    if (!token) return;
    const expected = digest(`Bearer ${token}`);
    app.get('/api/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      const given = digest(request.headers.authorization ?? '');
      if (!timingSafeEqual(given, expected)) {
        return reply.status(404).send({ code: 'api.error', message: 'Không tìm thấy.' });
      }
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
);
