import { z } from 'zod';
import { commonMessages } from './envelope';

/**
 * One id type, compared in one form. Every record id is a UUID, and PostgreSQL writes UUIDs in lower
 * case; a client may write the same id in upper case. Every id a request carries is lower-cased by
 * these schemas as it is validated, so the services compare and store one spelling only (an admin
 * cannot pass their own id in upper case past "that is you", and caches keyed by id find it).
 */

/** An id in a request's body or query: a UUID, lower-cased. */
export const uuidSchema = (message: string = commonMessages.invalidId) => z.uuid(message).toLowerCase();

/**
 * The `{id}` of a path: a bounded string, lower-cased, that the service judges (a malformed id is
 * the service's own "not found", not a validation refusal).
 */
export const idSchema = z.string().max(64).toLowerCase();

export const idParamsSchema = z.object({ id: idSchema });
