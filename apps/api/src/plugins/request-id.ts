import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

const VALID_ID = /^[\w-]{8,64}$/;

/**
 * The Fastify option: a valid incoming x-request-id (nginx's, another service's) is kept, else a UUID.
 * The answer carries it in x-request-id, set with the security headers (security-headers.ts).
 */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId'> = {
  genReqId: (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && VALID_ID.test(given) ? given : randomUUID();
  },
};
