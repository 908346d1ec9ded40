import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serializerCompiler } from '../apps/api/src/lib/serializer';
import { loggerOptions } from '../apps/api/src/plugins/logging';
import { metricsPlugin } from '../apps/api/src/plugins/metrics';
import { rateLimitPlugin } from '../apps/api/src/plugins/rate-limit';
import { requestIdOptions } from '../apps/api/src/plugins/request-id';
import { securityHeadersPlugin } from '../apps/api/src/plugins/security-headers';
import { validatorCompiler } from '../apps/api/src/plugins/validation';

/**
 * A no-op route with some of the API's per-request plugins, configured as apps/api/src/app.ts does:
 * `node --import tsx bench/plugin-app.ts <port> <layer,layer,...>` (see bench/plugin-costs.mjs).
 */
const [port, list = ''] = process.argv.slice(2);
const layers = new Set(list.split(',').filter(Boolean));

const app = Fastify({
  ...(layers.has('logger') ? loggerOptions('warn') : { logger: false }),
  ...(layers.has('headers') ? requestIdOptions : {}),
});
if (layers.has('headers')) await app.register(securityHeadersPlugin);
if (layers.has('rate-limit')) await app.register(rateLimitPlugin, { max: 100_000_000, windowMs: 60_000, redis: null });
if (layers.has('metrics')) await app.register(metricsPlugin, { collectProcessMetrics: true, slowRequestMs: 1000 });

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
