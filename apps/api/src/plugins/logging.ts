import { LogController, type FastifyServerOptions } from 'fastify';

/**
 * The logger's part of the Fastify options. No line per request: Fastify's "incoming request" and
 * "request completed" lines (two serialized objects and two writes per request at LOG_LEVEL=info)
 * are off; nginx keeps the access log. What the API logs per request is what is worth reading: slow
 * answers (the metrics plugin, which times every answer, warns of them) and failures (the error
 * handler). Each request keeps Fastify's pino child carrying its request id: a lazy child would save
 * about 0.2 µs, but Fastify validates a custom child on every request, which costs as much.
 */
export function loggerOptions(level: string): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: { level, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    logController: new LogController({ disableRequestLogging: true }),
  };
}
