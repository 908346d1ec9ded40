import { codes } from '@carabala/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from './errors';

const nulRefused = 'common.nul';

/** The path of the first string (value or key) holding a NUL, which PostgreSQL refuses in text and jsonb. */
function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The zod validator of every route, with two guarantees for any input: a NUL anywhere in the params,
 * query or body is refused with api.validation (whatever the route's schema says), and a refinement
 * that throws is a refusal, never a 500.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const nulPath = findNul(data);
    if (nulPath) {
      return { error: new AppError(400, codes.validation, undefined, { [nulPath.join('.') || '_']: [nulRefused] }) };
    }
    try {
      return validate(data);
    } catch {
      return { error: new AppError(400, codes.validation, undefined, { _: [codes.validation] }) };
    }
  };
};
