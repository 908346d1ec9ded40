import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod schemas of the routes; the UI at /api/docs, the JSON at /api/docs/json. */
export const docsPlugin = fp(async (app: FastifyInstance, options: { brand: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.brand} API`,
        description:
          'Every body is `{ code, message?, data? }`. Success is `api.success`; refusals carry a stable code.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
