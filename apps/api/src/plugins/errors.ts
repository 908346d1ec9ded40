import { codes, unavailableMessage } from '@carabala/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/unavailable';

/** A refusal with a stable code. Services throw it; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message ?? code);
  }
}

export const notFound = (message = 'Không tìm thấy.') => new AppError(404, codes.error, message);
export const unauthorized = () => new AppError(401, codes.unauthorized, 'Vui lòng đăng nhập.');
export const forbidden = () => new AppError(403, codes.forbidden, 'Bạn không có quyền thực hiện thao tác này.');
/**
 * The database or the image store is briefly away: the request may be sent again (Retry-After).
 * `cause`, the part's own error, goes to the log, never to the client.
 */
export const unavailable = (cause?: unknown) =>
  Object.assign(new AppError(503, codes.unavailable, unavailableMessage), { cause });

/** Seconds a client should wait before sending a request that met api.unavailable again. */
export const RETRY_AFTER_SECONDS = 5;

const validationMessage = 'Dữ liệu không hợp lệ.';

/** Refusals made by the router before any route runs (a broken percent-encoding, a path parameter too long). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send({ code: codes.validation, message: validationMessage });
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError && error.code === codes.unavailable) {
      if (error.cause) request.log.warn({ err: error.cause }, 'a part the API needs is unavailable');
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ code: error.code, message: error.message });
    }
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { code: error.code, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(issue.message ?? validationMessage);
      }
      return reply.status(400).send({ code: codes.validation, message: validationMessage, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: codes.rateLimited, message: 'Bạn thao tác quá nhanh, vui lòng thử lại sau ít phút.' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, a wrong content type: the client's fault, said plainly.
      const message = status === 413 ? 'Dữ liệu gửi lên quá lớn.' : validationMessage;
      return reply.status(status).send({ code: status === 404 ? codes.error : codes.validation, message });
    }
    if (isDatabaseUnavailable(error)) {
      // Said once per failed request at warn: the outage itself is the news, not each request's stack.
      request.log.warn({ err: (error as Error).message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ code: codes.unavailable, message: unavailableMessage });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: codes.internal, message: unavailableMessage });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: codes.error, message: 'Không tìm thấy.' }),
  );
});
