import {
  approvalMessages,
  approvalPendingSchema,
  codes,
  envelope,
  idParamsSchema,
  okEnvelopeSchema,
} from '@carabala/contracts';
import type { Permission } from '@carabala/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import type { AuthUser, StepUp } from '../plugins/auth';
import { ok, PendingApproval } from './reply';
import { spoken } from './sentences';

/** The `{id}` of a path, lower-cased (contracts' idSchema); the service judges it (`isUuid` before a uuid column). */
export const idParams = idParamsSchema;

/**
 * Who may call: anyone, anyone (the user read when signed in), a signed-in user, or a staff member
 * whose role holds the named permission. There is no plain "staff": a staff-only route names what it
 * does, and the one table decides which roles may (decision record 028).
 */
export type Access = 'public' | 'optional' | 'user' | Permission;

type Schema = z.ZodType | undefined;
type JsonMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Infer<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

export interface JsonRequest<P extends Schema, B extends Schema, Q extends Schema> {
  params: Infer<P>;
  body: Infer<B>;
  query: Infer<Q>;
  /** Set by the access hook: never null for `user` and permission routes. */
  user: AuthUser | null;
  ip: string;
  raw: FastifyRequest;
}

/** A call's method and path, as the docs list it: `'GET /me'`. */
export type RouteKey = `${JsonMethod} /${string}`;

export interface JsonRoute<P extends Schema, B extends Schema, Q extends Schema, D extends Schema> {
  summary: string;
  description?: string;
  operationId?: string;
  /** The module's tags unless given. */
  tags?: string[];
  params?: P;
  body?: B;
  querystring?: Q;
  /** The schema of `data` in the success envelope; none for a call that answers only its code. */
  data?: D;
  /**
   * `true` for money or power: a second-factor code entered in the last minutes is required; else,
   * on a staff write route, `{ exempt: 'why' }`. A staff write route with neither does not start
   * (the auth plugin's onRoute hook, decision record 029).
   */
  stepUp?: StepUp;
  /** The success envelope's message, when the call has one. */
  message?: string;
  /** The action may wait for a second admin: the handler may answer a PendingApproval (202, decision record 030). */
  approval?: boolean;
  handle: (request: JsonRequest<P, B, Q>) => Promise<(D extends z.ZodType ? z.infer<D> : void) | PendingApproval>;
}

/** What a handler reads; the client address is worked out (from the proxy headers) only when read. */
class JsonCall {
  readonly params: unknown;
  readonly body: unknown;
  readonly query: unknown;
  readonly user: AuthUser | null;
  constructor(readonly raw: FastifyRequest) {
    this.params = raw.params;
    this.body = raw.body;
    this.query = raw.query;
    this.user = raw.user;
  }
  get ip(): string {
    return this.raw.ip;
  }
}

/** Declares one JSON call: its method and path, who may call it, then its schemas and handler. */
export type Route = <
  D extends Schema = undefined,
  P extends Schema = undefined,
  B extends Schema = undefined,
  Q extends Schema = undefined,
>(
  key: RouteKey,
  access: Access,
  spec: JsonRoute<P, B, Q, D>,
) => void;

/**
 * The one way a module declares its JSON calls: `declare` gets `route` (each call's access, its zod
 * schemas for the docs and the validation, and a handler answering the `data` of the
 * `{ code: 'api.success', data }` envelope), the services, and the app and configuration for the
 * rare module that needs them. Calls that answer files, another protocol or a cached body use
 * Fastify's routes directly. The result is the module's Fastify plugin.
 */
export function jsonRoutes(
  tags: string[],
  declare: (route: Route, services: RouteServices, context: RouteContext) => void | Promise<void>,
) {
  return async (app: FastifyInstance, { config }: { config: Config }) =>
    declare(routeOn(app, tags), app.services, { app, config });
}

/** The services a module's routes call (built once in services.ts). */
export type RouteServices = FastifyInstance['services'];

export interface RouteContext {
  app: FastifyInstance;
  config: Config;
}

function routeOn(app: FastifyInstance, tags: string[]): Route {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const hookOf = (access: Access) => {
    switch (access) {
      case 'public':
        return undefined;
      case 'optional':
        return app.optionalUser;
      case 'user':
        return app.requireUser;
      default:
        return app.requirePermission(access);
    }
  };

  return function route<P extends Schema, B extends Schema, Q extends Schema, D extends Schema>(
    key: RouteKey,
    access: Access,
    spec: JsonRoute<P, B, Q, D>,
  ) {
    const [method, url] = key.split(' ') as [JsonMethod, string];
    const onRequest = hookOf(access);
    routes.route({
      method,
      url,
      ...(onRequest ? { onRequest } : {}),
      ...(spec.stepUp ? { config: { stepUp: spec.stepUp } } : {}),
      schema: {
        ...(spec.operationId ? { operationId: spec.operationId } : {}),
        tags: spec.tags ?? tags,
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        ...(spec.querystring ? { querystring: spec.querystring } : {}),
        response: {
          200: spec.data ? envelope(spec.data) : okEnvelopeSchema,
          ...(spec.approval ? { 202: approvalPendingSchema } : {}),
        },
      },
      // One promise per call (the handler's own).
      handler: (request, reply) =>
        spec.handle(new JsonCall(request) as JsonRequest<P, B, Q>).then((data) => {
          if (data instanceof PendingApproval) {
            if (!spec.approval) throw new Error(`${key} answered an approval it does not declare`);
            reply.code(202);
            return {
              code: approvalPendingSchema.shape.code.value,
              ...spoken(approvalPendingSchema.shape.code.value, approvalMessages.pending),
              data: { approvalId: data.approvalId },
            };
          }
          return spec.data ? ok(data, spec.message) : { code: codes.success };
        }),
    });
  };
}
