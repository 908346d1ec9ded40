import type { FastifyBaseLogger } from 'fastify';

export type { Config } from '../config';
export type { Db, Tx } from '../db/client';
export type { SessionCache, TokenIssuer } from '../plugins/auth';
export type { FailureCounter } from '../plugins/throttle';

/** What services and workers log with: the app's logger, or a worker process's pino. */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
