import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { hookList } from '../lib/hooks';
import { eventLoopDelayHistogram } from './loop-delay';
import { refusalBody } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    /** This process's answers and 5xx answers since it started (the alerts add them up across processes). */
    answerTotals: { answers: number; serverErrors: number };
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

const NAME = 'http_request_duration_seconds';
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
type Observer = (request: FastifyRequest, reply: FastifyReply) => void;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** One histogram series (a method, route and status): plain counters, no label handling per request. */
class Series {
  readonly buckets = new Float64Array(BOUNDS.length);
  sum = 0;
  count = 0;
  constructor(readonly labels: string) {}

  observe(seconds: number) {
    this.sum += seconds;
    this.count += 1;
    for (let index = 0; index < BOUNDS.length; index += 1) {
      if (seconds <= BOUNDS[index]!) {
        this.buckets[index]! += 1;
        return;
      }
    }
  }

  /** Prometheus text: cumulative buckets, then +Inf, sum and count. */
  text(): string {
    let lines = '';
    let cumulative = 0;
    BOUNDS.forEach((bound, index) => {
      cumulative += this.buckets[index]!;
      lines += `${NAME}_bucket{le="${bound}",${this.labels}} ${cumulative}\n`;
    });
    lines += `${NAME}_bucket{le="+Inf",${this.labels}} ${this.count}\n`;
    lines += `${NAME}_sum{${this.labels}} ${this.sum}\n${NAME}_count{${this.labels}} ${this.count}\n`;
    return lines;
  }
}

/**
 * Every answer is observed once, when it is sent: its duration by route and status for Prometheus at
 * /api/metrics, and a warning in the log when it took `slowRequestMs` or more (with its route, status
 * and time; there is no line per request, see logging.ts). The metrics text is private: served only with
 * `Authorization: Bearer <METRICS_TOKEN>`; without a token configured the route does not exist. Anyone
 * else gets the plain 404 of an unknown route.
 *
 * Per request this costs one array walk in one hook: each route gets its own onResponse hook (added when
 * the route is declared) holding its label text and its series by status, so no label object is built,
 * sorted or hashed per request (prom-client's labelled histograms do that on every observation).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { collectProcessMetrics: boolean; slowRequestMs: number; token?: string }) => {
    const registry = new Registry();
    if (options.collectProcessMetrics) collectDefaultMetrics({ register: registry });
    const errors = new Counter({
      name: 'http_server_errors_total',
      help: 'Responses with a 5xx status',
      labelNames: ['route'],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    const totals = { answers: 0, serverErrors: 0 };
    app.decorate('answerTotals', totals);
    const allSeries: Series[] = [];
    const slowMs = options.slowRequestMs;

    /** The series of one route and method, by status; made on first use. */
    const routeObserver = (method: string, route: string) => {
      const byStatus = new Map<number, Series>();
      const series = (status: number) => {
        let found = byStatus.get(status);
        if (!found) {
          found = new Series(`method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${status}"`);
          byStatus.set(status, found);
          allSeries.push(found);
        }
        return found;
      };
      return (request: FastifyRequest, reply: FastifyReply) => {
        const status = reply.statusCode;
        const elapsed = reply.elapsedTime;
        series(status).observe(elapsed / 1000);
        totals.answers += 1;
        if (status >= 500) {
          totals.serverErrors += 1;
          errors.inc({ route });
        }
        if (elapsed >= slowMs) {
          request.log.warn(
            { method: request.method, url: request.url, statusCode: status, responseTime: Math.round(elapsed) },
            'slow request',
          );
        }
      };
    };

    const observers = new Map<string, Observer>();
    const observerFor = (method: string, route: string) => {
      const key = `${method} ${route}`;
      let observer = observers.get(key);
      if (!observer) {
        observer = routeObserver(method, route);
        observers.set(key, observer);
      }
      return observer;
    };

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const byMethod = new Map(methods.map((method) => [method, observerFor(method, route.url)]));
      const single = methods.length === 1 ? byMethod.get(methods[0]!)! : null;
      const hook: onResponseHookHandler = (request: FastifyRequest, reply, done) => {
        (single ?? byMethod.get(request.method) ?? observerFor(request.method, route.url))(request, reply);
        done();
      };
      route.onResponse = [hook, ...hookList(route.onResponse)];
    });

    // Unknown routes have no route of their own to hook.
    const unmatched = new Map<string, Observer>();
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) {
        let observer = unmatched.get(request.method);
        if (!observer) {
          observer = routeObserver(request.method, 'unmatched');
          unmatched.set(request.method, observer);
        }
        observer(request, reply);
      }
      done();
    });

    const token = options.token;
    if (!token) return;
    const expected = digest(`Bearer ${token}`);
    const loopDelay = eventLoopDelayHistogram();
    app.addHook('onClose', async () => loopDelay.stop());
    app.get('/api/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      const given = digest(request.headers.authorization ?? '');
      if (!timingSafeEqual(given, expected)) {
        return reply.status(404).send(refusalBody('api.error'));
      }
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      const durations = `# HELP ${NAME} HTTP request duration by route and status\n# TYPE ${NAME} histogram\n`;
      return `${durations}${allSeries.map((series) => series.text()).join('')}${loopDelay.text()}${await registry.metrics()}`;
    });
  },
);
