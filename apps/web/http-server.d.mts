import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ServerSettings } from './settings.mjs';

export function createWebServer(
  handler: (request: IncomingMessage, response: ServerResponse) => unknown,
  settings: Pick<
    ServerSettings,
    | 'HTTP_IDLE_TIMEOUT_SECONDS'
    | 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS'
    | 'HTTP_HEADERS_TIMEOUT_SECONDS'
    | 'HTTP_REQUEST_TIMEOUT_SECONDS'
  >,
): Server;
