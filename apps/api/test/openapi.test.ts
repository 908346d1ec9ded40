import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig, useTestApp } from './helpers';

const publicUrl = 'https://carabala.vn';
const ctx = useTestApp({ PUBLIC_WEB_URL: publicUrl });
const apiDir = join(import.meta.dirname, '..');
const redocly = join(apiDir, '../../node_modules/@redocly/cli/bin/cli.js');

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
let document: {
  servers: { url: string }[];
  security?: unknown;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
  paths: Record<string, Record<string, Operation>>;
};
let operations: [string, Operation][];
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));

beforeAll(async () => {
  document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the OpenAPI document', () => {
  it('passes `redocly lint` with the recommended rules: 0 errors, 0 warnings', async () => {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
    copyFileSync(join(apiDir, 'redocly.yaml'), join(dir, 'redocly.yaml'));
    copyFileSync(join(apiDir, '.redocly.lint-ignore.yaml'), join(dir, '.redocly.lint-ignore.yaml'));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [redocly, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{')));
    const problems = report.problems.map(
      (problem: { ruleId: string; location: { pointer: string }[] }) =>
        `${problem.ruleId} at ${problem.location[0]?.pointer}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('names every operation with a unique operationId', () => {
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(operations.length);
  });

  it('documents error answers with the envelope schema on every operation', () => {
    for (const [name, operation] of operations) {
      const errors = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status));
      expect(errors.length, name).toBeGreaterThan(0);
      expect(operation.responses['500'], name).toBeDefined();
      for (const [status, response] of errors) {
        if (name === 'POST /api/webhooks/sepay' && status === '401') continue; // SePay's own answer
        // The envelope: a stable code (the route's own health answer carries `data` beside it).
        expect(Object.keys(response.content!['application/json']!.schema!.properties!), `${name} ${status}`).toContain(
          'code',
        );
      }
    }
  });

  it('declares security only where a session or the webhook key is required', () => {
    expect(document.security).toBeUndefined();
    const security = (name: string) => operations.find(([operation]) => operation === name)![1].security;
    for (const name of [
      'POST /api/auth/local',
      'POST /api/auth/carabala',
      'GET /api/news',
      'GET /api/auth/providers',
    ]) {
      expect(security(name), name).toEqual([]);
    }
    expect(security('GET /api/me')).toEqual([{ bearer: [] }]);
    expect(security('POST /api/upload')).toEqual([{ bearer: [] }]);
    expect(security('POST /api/internal/gift-codes/find-many')).toEqual([{ bearer: [] }]);
    expect(security('POST /api/webhooks/sepay')).toEqual([{ sepayApiKey: [] }]);
    expect(document.components.securitySchemes.sepayApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    const internal = operations.filter(([name]) => name.includes('/api/internal/'));
    for (const [name, operation] of internal) {
      expect(operation.security, name).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('names the server', () => {
    expect(document.servers).toEqual([{ url: publicUrl, description: expect.any(String) }]);
  });
});

describe('where the document is served (API_DOCS)', () => {
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it("by default, only on the API's own address: through nginx or the web (a forwarded request) it is not found", async () => {
    const unknown = await get('/api/no-such-address', { 'x-forwarded-for': '203.0.113.9' });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-ui.css']) {
      expect((await get(url)).statusCode, url).toBe(200);
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const proxied = await get(url, { [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' });
        expect(proxied.statusCode, `${url} ${header}`).toBe(404);
        expect(proxied.json(), `${url} ${header}`).toEqual(unknown.json());
      }
    }
  });

  it('with API_DOCS=off, nowhere; the app still builds the document', async () => {
    const app = await buildApp({
      config: testConfig({ API_DOCS: 'off' }),
      database: ctx.database,
      ownsDatabase: false,
    });
    try {
      await app.ready();
      expect((await app.inject('/api/docs/json')).statusCode).toBe(404);
      expect((await app.inject('/api/docs')).statusCode).toBe(404);
      expect(Object.keys((app.swagger() as { paths: object }).paths)).toContain('/api/auth/carabala');
    } finally {
      await app.close();
    }
  });
});
