/**
 * Whether an error means the database is unreachable or refusing connections for a moment, rather
 * than a bug or a refusal: such a failure answers 503 api.unavailable with Retry-After, never a 500
 * and never "signed out" (decision 025).
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
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
