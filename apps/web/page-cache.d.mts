import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (request: IncomingMessage, response: ServerResponse) => unknown;

export function pageCache(
  handle: Handler,
  options: { seconds: number; maxBytes?: number; staleSeconds?: number; now?: () => number },
): Handler & { clear: () => void; size: () => number };
