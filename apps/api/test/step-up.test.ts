import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { jsonRoutes } from '../src/lib/routes';
import { authPlugin } from '../src/plugins/auth';
import { bearer, signIn, useTestApp } from './helpers';

// Issue 36: every staff call that writes says whether it needs a recent second-factor code, and the
// ones that do not say why (decision record 029).

const ctx = useTestApp();

interface Operation {
  'x-permission'?: string;
  'x-step-up-exempt'?: string;
}

/** Every write behind a staff permission, JSON or not, read from the API's own document. */
function staffWrites() {
  const { paths } = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method, operation]) => ['post', 'put', 'patch', 'delete'].includes(method) && operation['x-permission'])
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        exempt: operation['x-step-up-exempt']?.trim(),
      })),
  );
}

describe('step-up on staff writes', () => {
  it('asks every staff write that is not exempt with a reason for a recent code', async () => {
    const writes = staffWrites();
    // The console's writes: catalogue, promotions, gift codes, money, roles, tickets, news, pictures…
    expect(writes.length).toBeGreaterThan(35);
    for (const key of ['PUT /api/internal/gift-codes/{id}', 'PATCH /api/tickets/{id}', 'POST /api/internal/news']) {
      expect(writes.map((write) => write.key)).toContain(key);
    }

    // An admin (every permission) whose code is older than the window.
    const admin = await signIn(ctx.app, 'admin1', 'admin123', 'step-up suite');
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/auth/step-up', headers: bearer(admin) })).statusCode,
    ).toBe(200);
    const offenders: string[] = [];
    for (const write of writes.filter((candidate) => !candidate.exempt)) {
      // The refusal comes before the body is read: a malformed one must not get another answer first.
      const answer = await ctx.app.inject({
        method: write.method,
        url: write.url,
        headers: bearer(admin),
        payload: [1],
      });
      const code = answer.json().code;
      if (answer.statusCode !== 428 || code !== 'api.auth.step_up_required') {
        offenders.push(`${write.key}: ${answer.statusCode} ${code}, neither stepped-up nor exempt with a reason`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('a staff write route that declares no step-up', () => {
  /** An app with the auth plugin and one route declared by `declare`: whether it starts. */
  async function starts(declare: (app: FastifyInstance) => unknown): Promise<true | string> {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('db', {} as FastifyInstance['db']);
    await app.register(authPlugin, {
      key: new Uint8Array(32),
      ttlDays: 1,
      cacheSeconds: 0,
      sessions: { findSessionUser: async () => undefined, touchSessions: async () => undefined },
    });
    try {
      await declare(app);
      await app.ready();
      return true;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await app.close();
    }
  }
  const json = (stepUp?: true | { exempt: string }) => (app: FastifyInstance) =>
    app.register(
      jsonRoutes(['test'], (route) =>
        route('POST /internal/thing', 'catalogue.write', {
          summary: 'x',
          ...(stepUp && { stepUp }),
          handle: async () => undefined,
        }),
      ),
      { config: {} as Config },
    );
  const direct = (config: object) => (app: FastifyInstance) =>
    app.put('/internal/thing', { onRequest: app.requirePermission('news.write'), config }, async () => 'x');

  it('keeps the API from starting, whether declared as JSON or on Fastify directly', async () => {
    for (const declare of [json(), json({ exempt: ' ' }), direct({}), direct({ stepUp: { exempt: '' } })]) {
      expect(await starts(declare)).toMatch(/changes data behind a permission: declare stepUp: true/);
    }
    const declared = [
      json(true),
      json({ exempt: 'why' }),
      direct({ stepUp: true }),
      direct({ stepUp: { exempt: 'why' } }),
    ];
    for (const declare of declared) expect(await starts(declare)).toBe(true);
    // A staff read and a player's own write need no declaration.
    const read = (app: FastifyInstance) =>
      app.get('/internal/thing', { onRequest: app.requirePermission('news.write') }, async () => 'x');
    const own = (app: FastifyInstance) => app.post('/me/thing', { onRequest: app.requireUser }, async () => 'x');
    for (const declare of [read, own]) expect(await starts(declare)).toBe(true);
  });
});
