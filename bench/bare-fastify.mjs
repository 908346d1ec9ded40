import Fastify from 'fastify';

/**
 * The framework's own limit: a bare Fastify app with one no-op route, no plugins. Run as its own
 * process (`node bench/bare-fastify.mjs <port>`) so it is measured like the API, on the same machine.
 */
const app = Fastify({ logger: false });
app.get('/noop', async () => ({ code: 'api.success' }));
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
