import type { IncomingMessage, ServerResponse } from 'node:http';

export const SHARED_SECONDS: number;
export const SWR_SECONDS: number;
export function shortSharedCaching(
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
): (request: IncomingMessage, response: ServerResponse) => unknown;
