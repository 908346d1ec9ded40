import { z } from 'zod';

export * from './sentences';

/** Stable response codes. Business refusals come from the product's error catalogue. */
export const codes = {
  success: 'api.success',
  error: 'api.error',
  validation: 'api.validation',
  unauthorized: 'api.unauthorized',
  forbidden: 'api.forbidden',
  rateLimited: 'api.rate_limited',
  internal: 'api.internal',
  /** 503: the database or the image store is briefly unreachable; try again after `Retry-After` seconds. */
  unavailable: 'api.unavailable',
  linkNotFound: 'api.auth.link.not_found',
} as const;

/** Field messages every form shares. */
export const commonMessages = {
  textLength: 'common.textLength',
  invalidId: 'common.invalidId',
  time: 'common.time',
  noChange: 'common.noChange',
} as const;

/** Product-account codes carry the product's own name, e.g. `api.auth.carabala.password.invalid`. */
export const productAuthCodes = (product: string) => ({
  passwordInvalid: `api.auth.${product}.password.invalid`,
  unactivated: `api.auth.${product}.unactivated`,
  /** The game says the player is banned (issue 37). */
  banned: `api.auth.${product}.banned`,
});

const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
const sentenceSchema = z.object({ key: z.string(), params: paramsSchema.optional() });

/**
 * A refusal: `code` is stable; `key` and `params` name its sentence in the catalogue when it is not
 * the code's own; `message` and `errors` are the Vietnamese sentences, kept for older clients; `issues`
 * are the fields' sentences as keys.
 */
export const errorEnvelopeSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  key: z.string().optional(),
  params: paramsSchema.optional(),
  errors: fieldErrorsSchema.optional(),
  issues: z.record(z.string(), z.array(sentenceSchema)).optional(),
});

/** `{ code, message?, data }` with `data` described by the given schema. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.string(), message: z.string().optional(), key: z.string().optional(), data });

export const okEnvelopeSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  key: z.string().optional(),
});

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A required text field: trimmed, `required` when missing or empty, `lengthMessage` past `max`
 * characters (message keys: the form and the API show the same sentences).
 */
export const requiredText = (required: string, max: number, lengthMessage: string = commonMessages.textLength) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, lengthMessage);

/** An optional filter text: trimmed, at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max).optional();

/** An optional ISO 8601 date-time with its offset, e.g. a filter's `from` and `to`. */
export const optionalDateTime = z.iso.datetime({ offset: true }).optional();

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
