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

  const passwordSignIn = (path: string, summary: string, operationId: string) =>
    routes.post(
      path,
      {
        schema: {
          operationId,
          tags: ['auth'],
          summary,
          description:
            'Refusals on their field: `api.auth.link.not_found` (unknown username), ' +
            `\`api.auth.${config.PRODUCT_NAME}.password.invalid\`, \`api.auth.${config.PRODUCT_NAME}.unactivated\`; ` +
            'too many failures answer 429.',
          security: [],
          body: productLoginBodySchema(config.BRAND_NAME),
          response: { 200: envelope(loginResultSchema) },
        },
      },
      async (request) => ok(await service.loginWithPassword(request.body, request.ip)),
    );
  passwordSignIn(
    `/auth/${config.PRODUCT_NAME}`,
    'Sign in with a product account (username and password)',
    'signInWithProductAccount',
  );
  // Point 7 lists the same credentials call under its generic name too.
  passwordSignIn('/auth/local', 'Sign in with a product account (generic name of the same call)', 'signInLocal');

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
