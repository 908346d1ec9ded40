import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metricsPlugin } from '../apps/api/src/plugins/metrics';

/**
 * A no-op route with some of the API's per-request plugins, configured as apps/api/src/app.ts does:
 * `node --import tsx bench/plugin-app.ts <port> <layer,layer,...>` (see bench/plugin-costs.mjs).
 */
const [port, list = ''] = process.argv.slice(2);
const layers = new Set(list.split(',').filter(Boolean));

const app = Fastify({
  logger: layers.has('logger') ? { level: 'warn' } : false,
  ...(layers.has('request-id')
    ? {
        genReqId: (request) => {
          const given = request.headers['x-request-id'];
          return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
        },
      }
    : {}),
});
if (layers.has('request-id')) {
  // Set when the request arrives, in a callback hook: no promise per request, and no onSend phase at
  // all (this was its only hook). Headers set here stay on every reply, 404s and errors included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
if (layers.has('helmet')) await app.register(helmet, { crossOriginResourcePolicy: { policy: 'same-site' } });
if (layers.has('rate-limit')) await app.register(rateLimit, { max: 100_000_000, timeWindow: 60_000 });
if (layers.has('metrics')) await app.register(metricsPlugin, { collectProcessMetrics: true });

if (layers.has('zod')) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const schema = z.object({ code: z.string(), data: z.object({ status: z.string() }) });
  app.withTypeProvider<ZodTypeProvider>().get('/noop', { schema: { response: { 200: schema } } }, async () => ({
    code: 'api.success',
    data: { status: 'alive' },
  }));
} else {
  app.get('/noop', async () => ({ code: 'api.success', data: { status: 'alive' } }));
}

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
