import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorEnvelopeSchema } from '@carabala/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hookList } from '../lib/hooks';

type Hook = (...args: never[]) => unknown;
type Access = 'public' | 'user' | 'staff' | 'optional' | 'webhook';

/** The bank feed's webhook authenticates with its own key, not a session. */
const WEBHOOK_URL = '/api/webhooks/sepay';

const { $schema: _dialect, ...errorEnvelope } = z.toJSONSchema(errorEnvelopeSchema, { target: 'openapi-3.0' });
// Always JSON, whatever the success body is (a CSV export still refuses with the envelope).
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelope } },
});

/** `POST /api/internal/gift-codes/:id` -> `postInternalGiftCodesById`: unique, since method + path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/**
 * OpenAPI generated from the zod schemas of the routes; the UI at /api/docs, the JSON at /api/docs/json.
 * Each operation gets an operationId, the error responses it can answer (with the envelope schema)
 * and its security, read from the route's own access hook, so a public route is never marked protected.
 */
export const docsPlugin = fp(async (app: FastifyInstance, options: { brand: string; publicUrl: string }) => {
  const accessOf = (route: RouteOptions): Access => {
    if (route.url === WEBHOOK_URL) return 'webhook';
    const hooks = hookList<unknown>(route.onRequest) as Hook[];
    if (hooks.includes(app.requireStaff as Hook) || hooks.includes(app.requireAdmin as Hook)) return 'staff';
    if (hooks.includes(app.requireUser as Hook)) return 'user';
    if (hooks.includes(app.optionalUser as Hook)) return 'optional';
    return 'public';
  };

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.brand} API`,
        description:
          'Every body is `{ code, message?, data? }`. Success is `api.success`; refusals carry a stable code ' +
          '(`api.validation` with per-field `errors`, `api.unauthorized`, `api.forbidden`, `api.rate_limited`, ' +
          '`api.error` for not found, and the business codes named on each operation).',
        version: '1.0.0',
        license: { name: 'Proprietary', url: `${options.publicUrl}/privacy` },
      },
      servers: [{ url: options.publicUrl, description: 'The site: its /api/* is the API' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of a sign-in' },
          sepayApiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The bank feed (SePay): `Authorization: Apikey <SEPAY_API_KEY>`',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const route = input.route as RouteOptions;
      const method = ([] as string[]).concat(route.method)[0]!;
      const access = accessOf(route);
      const responses: Record<string | number, unknown> = { ...(schema.response as object) };
      if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
        // A file, not the JSON envelope: CSV exports (their `produces`) and stored images.
        const mediaType = (schema.produces as string[] | undefined)?.[0] ?? 'image/*';
        responses[200] = {
          description: 'The file',
          content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
        };
      }
      const add = (status: number, description: string) => {
        responses[status] ??= errorResponse(description);
      };
      if (schema.body || schema.querystring || schema.params || access === 'webhook') {
        add(400, 'Refused: `api.validation` with field errors, or a business code of this call');
      }
      if (access === 'user' || access === 'staff') add(401, '`api.unauthorized`: no valid session');
      if (access === 'staff') add(403, '`api.forbidden`: not staff');
      const stepUp = (hookList<unknown>(route.preValidation) as Hook[]).includes(app.requireStepUp as Hook);
      if (access === 'staff') {
        add(
          428,
          stepUp
            ? '`api.auth.second_factor_required` (this session entered no code) or `api.auth.step_up_required` ' +
                '(no code in the last 10 minutes: POST /api/auth/step-up, then again)'
            : '`api.auth.second_factor_required`: this session entered no second-factor code',
        );
      }
      // The sign-in calls (their body has `otp`): an enrolled staff account is asked for its code.
      const bodyFields = (schema.body as { properties?: object } | undefined)?.properties ?? {};
      if (access === 'public' && 'otp' in bodyFields) {
        add(428, '`api.auth.second_factor_required`: a staff account with a second factor, without `otp`; no token');
      }
      if (schema.params) add(404, '`api.error`: not found');
      if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) {
        add(429, '`api.rate_limited`: too many requests');
      }
      add(500, '`api.internal`: an unexpected failure, with no detail');
      const security: Record<string, string[]>[] =
        access === 'webhook'
          ? [{ sepayApiKey: [] }]
          : access === 'user' || access === 'staff'
            ? [{ bearer: [] }]
            : access === 'optional'
              ? [{ bearer: [] }, {}]
              : [];
      return {
        url,
        schema: {
          ...schema,
          operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, url),
          security,
          response: responses,
        },
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
