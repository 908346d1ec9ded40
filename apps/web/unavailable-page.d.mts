import type { IncomingMessage, ServerResponse } from 'node:http';

export const API_UNAVAILABLE_DIGEST: string;
export const RETRY_AFTER_SECONDS: number;
export const UNAVAILABLE_HTML: string;
export function unavailablePages(
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
): (request: IncomingMessage, response: ServerResponse) => unknown;
