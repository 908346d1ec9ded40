/**
 * Whether an error means a part the server depends on (the database, the image store) is unreachable
 * or refusing for a moment, rather than a bug or a refusal: such a failure answers 503 api.unavailable
 * with Retry-After, never a 500 and never "signed out".
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Filesystem errors of a store that cannot take a file: the server's fault, not the player's. */
const STORAGE_CODES = new Set(['EACCES', 'EPERM', 'ENOSPC', 'EROFS', 'EDQUOT', 'EIO', 'ENOTDIR', 'EEXIST']);
/**
 * PostgreSQL: 57P01-57P03 (shutdown, crash, cannot connect now), class 08 (connection exception),
 * 53300 (too many connections).
 */
const PG_CODE = /^(57P0[123]|08...|53300)$/;
/** pg, pg-pool and PGlite say these in words, without a code. */
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'is not queryable',
  'PGlite is closed',
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  // drizzle wraps the driver's error in its own (DrizzleQueryError) with the original as `cause`.
  while (current instanceof Error && chain.length < 5) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** The database cannot be reached or is restarting. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((cause) => {
    const { code, message } = cause as Error & { code?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_CODE.test(code))) return true;
    return MESSAGES.some((text) => message.includes(text));
  });
}

/** A filesystem error that says the store cannot be written (permissions, a full or read-only disk). */
export function isStorageFault(error: unknown): boolean {
  return causes(error).some((cause) => {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && (STORAGE_CODES.has(code) || NETWORK_CODES.has(code));
  });
}
