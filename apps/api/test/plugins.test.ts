import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/plugins/logging';
import { metricsPlugin } from '../src/plugins/metrics';
import { securityHeadersPlugin } from '../src/plugins/security-headers';

/** What @fastify/helmet 13 sent with crossOriginResourcePolicy same-site: the API's pages still send it all. */
const helmetHeaders = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The REST set (OWASP's cheat sheet, plus CORP) that every other answer carries. */
const apiHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-site',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};
const pageOnly = Object.keys(helmetHeaders).filter((name) => !(name in apiHeaders));

describe('security headers', () => {
  it("sends the REST set and the request id on answers, 404s and errors, helmet's page set under /api/docs, and lets a route replace one", async () => {
    const app = Fastify({ genReqId: () => 'request-0001' });
    await app.register(securityHeadersPlugin);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    app.get('/image', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'; sandbox").send('x'),
    );
    app.get('/api/docs', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
    for (const url of ['/ok', '/missing', '/fails']) {
      const response = await app.inject(url);
      expect(response.headers, url).toMatchObject({ ...apiHeaders, 'x-request-id': 'request-0001' });
      for (const name of pageOnly) expect(response.headers[name], `${url} ${name}`).toBeUndefined();
    }
    expect((await app.inject('/api/docs')).headers).toMatchObject({ ...helmetHeaders, 'x-request-id': 'request-0001' });
    expect((await app.inject('/image')).headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    await app.close();
  });
});

describe('metrics', () => {
  it('counts durations by method, route and status, unknown routes as unmatched', async () => {
    const token = 'metrics-token-for-tests-0123';
    const app = Fastify();
    await app.register(metricsPlugin, { collectProcessMetrics: false, slowRequestMs: 1000, token });
    app.get('/things/:id', async (request, reply) =>
      (request.params as { id: string }).id === 'gone' ? reply.status(410).send({}) : { ok: true },
    );
    for (const url of ['/things/1', '/things/2', '/things/gone', '/nothing']) await app.inject(url);
    const text = (await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } })).body;
    const labels = 'method="GET",route="/things/:id",status="200"';
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain(`http_request_duration_seconds_bucket{le="+Inf",${labels}} 2\n`);
    expect(text).toContain(`http_request_duration_seconds_count{${labels}} 2\n`);
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/things/:id",status="410"} 1\n');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 1\n');
    // Buckets are cumulative and end at the count.
    const counts = [...text.matchAll(new RegExp(`_bucket\\{le="[^"]+",${labels}\\} (\\d+)`, 'g'))].map((m) =>
      Number(m[1]),
    );
    expect(counts).toHaveLength(10);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(2);
    await app.close();
  });

  it("keeps the process's answers and 5xx answers as two totals (the alerts add them up across processes)", async () => {
    const app = Fastify({ logger: false });
    await app.register(metricsPlugin, { collectProcessMetrics: false, slowRequestMs: 1000 });
    app.get('/fine', async () => ({ ok: true }));
    app.get('/broken', async () => {
      throw new Error('broken');
    });
    for (const url of ['/fine', '/fine', '/broken', '/nothing']) await app.inject(url);
    expect(app.answerTotals).toEqual({ answers: 4, serverErrors: 1 });
    await app.close();
  });
});

describe('request logging', () => {
  it('logs slow answers only, with their route and status', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    // The API's options: no line per request from Fastify itself.
    const { logController } = loggerOptions('info');
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, stream), logController });
    await app.register(metricsPlugin, { collectProcessMetrics: false, slowRequestMs: 50 });
    app.get('/fast', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 80));
      return { ok: true };
    });
    await app.inject('/fast');
    await app.inject('/slow');
    await app.close();
    const slow = lines.filter((line) => line.msg === 'slow request');
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ level: 40, method: 'GET', url: '/slow', statusCode: 200 });
    expect(slow[0]!.responseTime).toBeGreaterThanOrEqual(50);
    expect(lines.some((line) => line.url === '/fast')).toBe(false);
  });
});
