import { envelope, loginResultSchema, okEnvelopeSchema, productLoginBodySchema } from '@carabala/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { createAuthService } from './service';

export async function authRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = createAuthService(
    app,
    config.PRODUCT_NAME,
    {
      perAccount: config.LOGIN_FAILURES_PER_ACCOUNT,
      perIp: config.LOGIN_FAILURES_PER_IP,
      windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    config.SESSION_TTL_DAYS,
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    `/auth/${config.PRODUCT_NAME}`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a product account (username and password)',
        body: productLoginBodySchema(config.BRAND_NAME),
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request) => ok(await service.loginWithPassword(request.body, request.ip)),
  );

  routes.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 200: okEnvelopeSchema } },
    },
    async (request) => {
      await service.logout(request.user!.sessionId);
      return { code: 'api.success' };
    },
  );
}
