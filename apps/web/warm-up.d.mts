import type { IncomingMessage, ServerResponse } from 'node:http';

export function warmUp(
  handler: (request: IncomingMessage, response: ServerResponse) => unknown,
  options: { seconds: number; ready: string | URL; pages?: readonly string[]; linked?: readonly RegExp[] },
): Promise<{ milliseconds: number; cold: string[] }>;
