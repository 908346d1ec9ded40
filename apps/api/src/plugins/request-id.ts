import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

const VALID_ID = /^[\w-]{8,64}$/;

/** The Fastify option: a valid incoming x-request-id (nginx's, another service's) is kept, else a UUID. */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId'> = {
  genReqId: (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && VALID_ID.test(given) ? given : randomUUID();
  },
};

/**
 * Answers the request id in x-request-id. Set when the request arrives, in a callback hook: no promise
 * per request, and no onSend phase at all. Headers set here stay on every reply, 404s and errors included.
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
});
