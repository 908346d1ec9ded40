import type { IncomingMessage, ServerResponse } from 'node:http';

export const WARM_PAGES: string[];
export function warmUp(
  handler: (request: IncomingMessage, response: ServerResponse) => unknown,
  options: { seconds: number; ready: string | URL; pages?: string[] },
): Promise<{ milliseconds: number; cold: string[] }>;
