import { codes, issueParams, type MessageParams, type Sentence } from '@carabala/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { asSentence, isKey, say, sentenceOfCode, spoken, type Words } from '../lib/sentences';
import { isDatabaseUnavailable } from '../lib/unavailable';

/**
 * A refusal with a stable code and its sentence (a catalogue key, with params); `errors` names the
 * fields' sentences. Services throw it; the error handler turns it into the envelope. `message` is
 * the sentence in Vietnamese.
 */
export class AppError extends Error {
  readonly sentence: Sentence;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    words?: Words,
    readonly errors?: Record<string, Words[]>,
  ) {
    const sentence = words === undefined ? sentenceOfCode(code) : asSentence(words);
    super(say(sentence));
    this.sentence = sentence;
  }
}

export const notFound = (words?: Words) => new AppError(404, codes.error, words);
export const unauthorized = () => new AppError(401, codes.unauthorized);
export const forbidden = () => new AppError(403, codes.forbidden);
/**
 * The database or the image store is briefly away: the request may be sent again (Retry-After).
 * `cause`, the part's own error, goes to the log, never to the client.
 */
export const unavailable = (cause?: unknown) => Object.assign(new AppError(503, codes.unavailable), { cause });

/** Seconds a client should wait before sending a request that met api.unavailable again. */
export const RETRY_AFTER_SECONDS = 5;

/** The envelope of a refusal: the code, its sentence (Vietnamese `message`, and `key`/`params`), the fields'. */
export function refusalBody(
  code: string,
  words: Words = sentenceOfCode(code),
  fields?: Record<string, Words[]>,
  defaults?: MessageParams,
) {
  const body: Record<string, unknown> = { code, ...spoken(code, words, defaults) };
  if (fields) {
    const entries = Object.entries(fields);
    body.errors = Object.fromEntries(entries.map(([field, list]) => [field, list.map((item) => say(item, defaults))]));
    body.issues = Object.fromEntries(entries.map(([field, list]) => [field, list.map(asSentence)]));
  }
  return body;
}

/** Refusals made by the router before any route runs (a broken percent-encoding, a path parameter too long). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send(refusalBody(codes.validation));
}

/** `brand`: the product's name, which the sign-in form's sentences name. */
export const errorsPlugin = fp(async (app: FastifyInstance, { brand = '' }: { brand?: string }) => {
  const defaults = { brand };
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError && error.code === codes.unavailable) {
      if (error.cause) request.log.warn({ err: error.cause }, 'a part the API needs is unavailable');
      return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send(refusalBody(error.code, error.sentence));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(refusalBody(error.code, error.sentence, error.errors, defaults));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, Sentence[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        // A schema's own message is a catalogue key; a library's default (in English) is said as api.validation.
        const key = issue.message && isKey(issue.message) ? issue.message : codes.validation;
        (fields[field] ??= []).push({ key, params: issueParams(issue.params) });
      }
      return reply.status(400).send(refusalBody(codes.validation, undefined, fields, defaults));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(refusalBody(codes.rateLimited));
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, a wrong content type: the client's fault, said plainly.
      const code = status === 404 ? codes.error : codes.validation;
      return reply.status(status).send(refusalBody(code, status === 413 ? 'common.tooLarge' : undefined));
    }
    if (isDatabaseUnavailable(error)) {
      // Said once per failed request at warn: the outage itself is the news, not each request's stack.
      request.log.warn({ err: (error as Error).message }, 'database unavailable');
      return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send(refusalBody(codes.unavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(refusalBody(codes.internal));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(refusalBody(codes.error)));
});
