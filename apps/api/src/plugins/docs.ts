import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorEnvelopeSchema } from '@carabala/contracts';
import { rolesWith, type Permission } from '@carabala/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hookList } from '../lib/hooks';

type Hook = (...args: never[]) => unknown;
type Access = 'public' | 'user' | 'optional' | 'webhook' | { permission: Permission };

/** The bank feed's webhook authenticates with its own key, not a session. */
const WEBHOOK_URL = '/api/webhooks/sepay';

const { $schema: _dialect, ...errorEnvelope } = z.toJSONSchema(errorEnvelopeSchema, { target: 'openapi-3.0' });
// Always JSON, whatever the success body is (a CSV export still refuses with the envelope).
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelope } },
});

const retryAfterHeader = {
  type: 'integer',
  minimum: 1,
  description: 'Seconds to wait before sending the request again',
};
/** A staff operation names its permission and the roles holding it (decision record 028). */
function permissionNote(permission: Permission, description: string | undefined) {
  const note = `Permission \`${permission}\` (roles: ${rolesWith(permission).join(', ')}).`;
  return { description: description ? `${description}\n\n${note}` : note, 'x-permission': permission };
}

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

/** Headers a reverse proxy adds (nginx and the web's /api forward always write X-Forwarded-For). */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * `private` serves the document only on the API's own address: a request that came through the site
 * (nginx or the web) answers 404 like an unknown address, so guests never read the staff routes and
 * their roles. `off` serves it nowhere. Either way the app builds it (`app.swagger()`) for the tests.
 */
export type DocsAccess = 'private' | 'off';

interface DocsOptions {
  brand: string;
  publicUrl: string;
  access: DocsAccess;
}

async function refuseProxied(request: FastifyRequest, reply: FastifyReply) {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return reply.callNotFound();
}

/**
 * OpenAPI generated from the zod schemas of the routes; the UI at /api/docs, the JSON at /api/docs/json.
 * Each operation gets an operationId, the error responses it can answer (with the envelope schema)
 * and its security, read from the route's own access hook, so a public route is never marked protected.
 */
export const docsPlugin = fp(async (app: FastifyInstance, options: DocsOptions) => {
  const accessOf = (route: RouteOptions): Access => {
    if (route.url === WEBHOOK_URL) return 'webhook';
    const hooks = hookList<unknown>(route.onRequest) as Hook[];
    const permission = hooks.map((hook) => (hook as { permission?: Permission }).permission).find(Boolean);
    if (permission) return { permission };
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
      const permission = typeof access === 'object' ? access.permission : null;
      if (access === 'user' || permission) add(401, '`api.unauthorized`: no valid session');
      if (permission) add(403, `\`api.forbidden\`: the role lacks \`${permission}\``);
      const stepUp = (hookList<unknown>(route.preValidation) as Hook[]).includes(app.requireStepUp as Hook);
      const declared = route.config?.stepUp;
      // Why a staff write needs no recent code: listed, so that the exemptions are reviewed in one place.
      const exempt = typeof declared === 'object' ? { 'x-step-up-exempt': declared.exempt } : {};
      const stepUpRequired =
        '`api.auth.step_up_required` (no code in the last 10 minutes: POST /api/auth/step-up, then again)';
      if (permission) {
        add(
          428,
          stepUp
            ? `\`api.auth.second_factor_required\` (this session entered no code) or ${stepUpRequired}`
            : '`api.auth.second_factor_required`: this session entered no second-factor code',
        );
      } else if (stepUp) {
        add(428, stepUpRequired);
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
      responses[503] ??= {
        ...errorResponse('`api.unavailable`: the database or the image store is briefly away; not a sign-out'),
        headers: { 'Retry-After': retryAfterHeader },
      };
      const security: Record<string, string[]>[] =
        access === 'webhook'
          ? [{ sepayApiKey: [] }]
          : access === 'user' || permission
            ? [{ bearer: [] }]
            : access === 'optional'
              ? [{ bearer: [] }, {}]
              : [];
      return {
        url,
        schema: {
          ...schema,
          operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, url),
          ...(permission ? permissionNote(permission, schema.description as string | undefined) : {}),
          ...exempt,
          security,
          response: responses,
        },
      };
    },
  });
  if (options.access === 'off') return;
  // In a scope of its own, so that the hook covers every address of the UI (its files too) and no other route.
  await app.register(async (scope) => {
    scope.addHook('onRequest', refuseProxied);
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
