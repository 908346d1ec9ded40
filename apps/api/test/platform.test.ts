import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { useTestApp } from './helpers';

const ctx = useTestApp();

describe('platform', () => {
  it('reports health and readiness', async () => {
    expect((await ctx.app.inject('/api/health')).json()).toEqual({ code: 'api.success', data: { status: 'alive' } });
    expect((await ctx.app.inject('/api/ready')).json()).toEqual({ code: 'api.success', data: { status: 'ready' } });
  });

  it('answers unknown routes with the envelope and sets security headers and a request id', async () => {
    const response = await ctx.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'api.error', message: 'Không tìm thấy.' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/[\w-]{8,}/);
  });

  it('documents itself from the contracts', async () => {
    const spec = (await ctx.app.inject('/api/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(
      spec.paths['/api/auth/carabala'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('deviceId');
    expect((await ctx.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('exposes Prometheus metrics', async () => {
    await ctx.app.inject('/api/health');
    const text = (await ctx.app.inject('/api/metrics')).body;
    expect(text).toContain('http_request_duration_seconds_bucket');
  });
});

describe('config', () => {
  it('refuses to start in production with the demo secret or without PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*DATABASE_URL/);
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://u@h/db' };
    // The bank feed's demo key is refused too.
    expect(() => loadConfig(production)).toThrow(/SEPAY_API_KEY/);
    expect(() => loadConfig({ ...production, SEPAY_API_KEY: 'a-real-sepay-key-123456' })).not.toThrow();
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
