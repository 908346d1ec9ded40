import { createServer } from 'node:http';

/**
 * The web's HTTP server with its timeouts (docs/decisions/027): a connection silent for
 * HTTP_IDLE_TIMEOUT_SECONDS is closed, headers and whole requests have their own limits (408), and a
 * kept-alive connection waits HTTP_KEEP_ALIVE_TIMEOUT_SECONDS for its next request: longer than
 * nginx's upstream keep-alive, so nginx always closes an idle connection first and never sends a
 * request on one this server is closing.
 */
export function createWebServer(handler, settings) {
  const server = createServer(
    {
      keepAliveTimeout: settings.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      headersTimeout: settings.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeout: settings.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      // How often Node checks the header and request limits (its default, 30 s, would blur them).
      connectionsCheckingInterval: 1000,
    },
    handler,
  );
  server.setTimeout(settings.HTTP_IDLE_TIMEOUT_SECONDS * 1000);
  return server;
}
