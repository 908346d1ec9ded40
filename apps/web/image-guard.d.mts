import type { IncomingMessage, ServerResponse } from 'node:http';

export function refuseBadImageAddress(request: IncomingMessage, response: ServerResponse): boolean;
