import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { testConfig, useTestApp } from './helpers';

const METRICS_TOKEN = 'metrics-token-for-tests-0123';
const ctx = useTestApp({ METRICS_TOKEN });

describe('platform', () => {
  it('reports health and readiness', async () => {
    expect((await ctx.app.inject('/api/health')).json()).toEqual({ code: 'api.success', data: { status: 'alive' } });
    expect((await ctx.app.inject('/api/ready')).json()).toEqual({
      code: 'api.success',
      data: { status: 'ready', checks: { database: 'ok', storage: 'ok' } },
    });
  });

  it('answers unknown routes with the envelope and sets security headers and a request id', async () => {
    const response = await ctx.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'api.error', message: 'Không tìm thấy.' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/[\w-]{8,}/);
  });

  it('reuses a valid incoming x-request-id, replaces any other with a UUID, and answers it on errors too', async () => {
    const given = 'edge_Request-0123456789';
    const reused = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
    expect(reused.headers['x-request-id']).toBe(given);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of ['short', 'x'.repeat(65), 'has space in it', 'semi;colon-123']) {
      const replaced = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).toMatch(uuid);
    }
    const signedOut = await ctx.app.inject({ url: '/api/me', headers: { 'x-request-id': given } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['x-request-id']).toBe(given);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/carabala',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-request-id']).toMatch(uuid);
  });

  it('documents itself from the contracts', async () => {
    const spec = (await ctx.app.inject('/api/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(
      spec.paths['/api/auth/carabala'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('deviceId');
    // The UI is a page: its own hashed policy and helmet's page headers; a JSON answer has the REST set only.
    const page = await ctx.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers).toMatchObject({ 'x-frame-options': 'SAMEORIGIN', 'referrer-policy': 'no-referrer' });
    const health = await ctx.app.inject('/api/health');
    expect(health.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(health.headers['x-frame-options']).toBeUndefined();
  });

  it('serves Prometheus metrics only to the bearer of METRICS_TOKEN', async () => {
    await ctx.app.inject('/api/health');
    const metrics = (authorization?: string) =>
      ctx.app.inject({ url: '/api/metrics', headers: authorization ? { authorization } : {} });
    const granted = await metrics(`Bearer ${METRICS_TOKEN}`);
    expect(granted.statusCode).toBe(200);
    expect(granted.body).toContain('http_request_duration_seconds_bucket');
    for (const refused of [await metrics(), await metrics('Bearer wrong-token'), await metrics(METRICS_TOKEN)]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'api.error', message: 'Không tìm thấy.' });
    }
  });

  it('shows how late the event loop ran, as a histogram whose counts only grow', async () => {
    const read = async () => {
      const body = (
        await ctx.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).body;
      const value = (series: string) =>
        Number(new RegExp(`^nodejs_event_loop_delay_seconds_${series} (\\S+)$`, 'm').exec(body)?.[1]);
      return { count: value('count'), over100ms: value('count') - value('bucket\\{le="0.1"\\}') };
    };
    const before = await read();
    // A scrape starts the sampler again, and the sampler's first tick after that only sets its clock:
    // the block begins a few ticks later, as any block but one straddling a scrape does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The loop held for 300 ms in one go, then 100 ms of idle sampling: at least one sample came 200 ms late.
    const until = Date.now() + 300;
    while (Date.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await read();
    expect(after.count).toBeGreaterThan(before.count);
    expect(after.over100ms).toBeGreaterThan(before.over100ms);
  });

  it('has no metrics route at all without a token', async () => {
    const { buildApp } = await import('../src/app');
    const bare = await buildApp({ config: testConfig(), database: ctx.database, ownsDatabase: false });
    try {
      expect((await bare.inject('/api/metrics')).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('config', () => {
  it('refuses to start in production with the demo secret or without PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*DATABASE_URL/);
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://u@h/db' };
    // The bank feed's demo key is refused too.
    expect(() => loadConfig(production)).toThrow(/SEPAY_API_KEY/);
    // Phones must be verified to buy and play unless said otherwise, so an SMS gateway is needed (decision 057).
    expect(() => loadConfig({ ...production, SEPAY_API_KEY: 'a-real-sepay-key-123456' })).toThrow(/SMS_PROVIDER/);
    const sms = { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.vn/send', SMS_HTTP_TOKEN: 'token-123456' };
    expect(() => loadConfig({ ...production, SEPAY_API_KEY: 'a-real-sepay-key-123456', ...sms })).not.toThrow();
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
