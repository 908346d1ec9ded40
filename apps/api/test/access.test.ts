import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';

const ctx = useTestApp();

/** The staff calls that only an admin may make; every other staff call is open to staff too. */
const adminOnly = new Set([
  'POST /api/internal/gift-codes/create-one',
  'POST /api/internal/gift-codes/batches',
  'GET /api/internal/gift-codes/batches/{batchId}/export.csv',
  'PUT /api/internal/gift-codes/{id}',
  'GET /api/internal/news',
  'GET /api/internal/news/{id}',
  'POST /api/internal/news',
  'PUT /api/internal/news/{id}',
  'POST /api/internal/news/{id}/publish',
  'POST /api/internal/news/{id}/unpublish',
  'POST /api/internal/transactions/create-manual',
  'POST /api/internal/transactions/reset-gold-packages',
  'PUT /api/internal/users/{id}/role',
  'POST /api/internal/users/{id}/second-factor/reset',
  'POST /api/internal/bank-events/{id}/refund',
]);

/** Every staff route of the API, read from its own OpenAPI document so that a new one cannot be missed. */
async function staffRoutes() {
  const spec = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter(() => path.startsWith('/api/internal/') || /^\/api\/tickets\/(find-many|\{id\})$/.test(path))
      .map((method) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      })),
  );
}

describe('access to staff calls', () => {
  it('refuses every staff call to a guest (401), a tampered token (401) and a player (403), before reading the body', async () => {
    const routes = await staffRoutes();
    expect(routes.length).toBeGreaterThan(25);
    const player = await signIn(ctx.app, 'player1', 'player123');
    const [head, payload] = player.split('.') as [string, string];
    const tampered = `${head}.${payload}.c2lnbmF0dXJl`;
    for (const route of routes) {
      // A malformed body must not get a validation answer before the caller is known.
      const request = {
        method: route.method,
        url: route.url,
        payload: route.method === 'GET' ? undefined : [1],
      };
      const guest = await ctx.app.inject(request);
      expect([route.key, guest.statusCode, guest.json().code]).toEqual([route.key, 401, 'api.unauthorized']);
      const forged = await ctx.app.inject({ ...request, headers: bearer(tampered) });
      expect([route.key, forged.statusCode]).toEqual([route.key, 401]);
      const asPlayer = await ctx.app.inject({ ...request, headers: bearer(player) });
      expect([route.key, asPlayer.statusCode, asPlayer.json().code]).toEqual([route.key, 403, 'api.forbidden']);
    }
  });

  it('refuses the admin-only calls to a staff member and lets staff through the others', async () => {
    const routes = await staffRoutes();
    for (const key of adminOnly) expect(routes.map((route) => route.key)).toContain(key);
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const found = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/users/find-many',
      headers: bearer(admin),
      payload: { q: 'player2' },
    });
    const player2 = found.json().data.items[0];
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/internal/users/${player2.id}/role`,
      headers: bearer(admin),
      payload: { role: 'staff' },
    });
    const staff = await signIn(ctx.app, 'player2', 'player123');
    for (const route of routes) {
      const answer = await ctx.app.inject({
        method: route.method,
        url: route.url,
        headers: bearer(staff),
        payload: route.method === 'GET' ? undefined : {},
      });
      if (adminOnly.has(route.key)) expect([route.key, answer.statusCode]).toEqual([route.key, 403]);
      else expect([route.key, answer.statusCode]).not.toEqual([route.key, 403]);
    }
  });
});
