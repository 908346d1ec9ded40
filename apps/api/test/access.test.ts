import { can, permissions, type Permission, type StaffRole } from '@carabala/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from './helpers';

const ctx = useTestApp();

/** Every staff route of the API, read from its own OpenAPI document so that a new one cannot be missed. */
async function staffRoutes() {
  const spec = (await ctx.app.inject('/api/docs/json')).json() as {
    paths: Record<string, Record<string, { 'x-permission'?: Permission }>>;
  };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(() => path.startsWith('/api/internal/') || /^\/api\/tickets\/(find-many|\{id\})$/.test(path))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        permission: operation['x-permission'],
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

  it('names a permission on every staff call, and each permission guards at least one call', async () => {
    const routes = await staffRoutes();
    expect(routes.filter((route) => !route.permission).map((route) => route.key)).toEqual([]);
    expect(new Set(routes.map((route) => route.permission))).toEqual(new Set(permissions));
  });

  // The matrix: every demo staff role against every staff call; 403 exactly where the table says no.
  const staffAccounts: [StaffRole, string, string][] = [
    ['support', 'support1', 'staff123'],
    ['finance', 'finance1', 'staff123'],
    ['content', 'content1', 'staff123'],
    ['admin', 'admin2', 'admin123'],
  ];
  it.each(staffAccounts)('lets %s through exactly the calls its permissions name', async (role, username, password) => {
    const routes = await staffRoutes();
    const token = await signIn(ctx.app, username, password);
    for (const route of routes) {
      const answer = await ctx.app.inject({
        method: route.method,
        url: route.url,
        headers: bearer(token),
        payload: route.method === 'GET' ? undefined : {},
      });
      const refused = answer.statusCode === 403 && answer.json().code === 'api.forbidden';
      expect([route.key, route.permission, refused]).toEqual([
        route.key,
        route.permission,
        !can(role, route.permission!),
      ]);
    }
  });
});
